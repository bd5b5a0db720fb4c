// @vitest-environment happy-dom
// The templates list's own reads (a page to read again, page 1 after a template went to the top, a
// filter's pages) wait while the screen is hidden (another tab open): a hidden screen reads nothing,
// and coming back reads page 1 again anyway. An answer that lands after the tab changed asked for them.
import { h, render } from 'preact';
import { useRef } from 'preact/hooks';
import { act } from 'preact/test-utils';
import { expect, it } from 'vitest';
import type { TemplatePage, TemplateRow } from '../../../src/shared/bridge/messages';
import { hasMoreTemplates } from '../../../ui/templates/template-list-state';
import { useTemplateList, type TemplateList } from '../../../ui/templates/use-template-list';
import { useDomRoot } from '../../support/dom-root';

const rootOf = useDomRoot();
const at = (minute: number) => new Date(Date.UTC(2026, 11, 7, 10, minute)).toISOString();
const tpl = (id: string, changed: number): TemplateRow => ({ id, name: id, description: '', updatedAt: at(changed), createdAt: at(changed), thumbnailUrl: null, linkedFrame: null });

/** The pages asked for, each answered when the test says. */
function fakeEndpoint() {
  const asked: Array<{ page: number; answer: (page: TemplatePage) => void }> = [];
  const endpoint = {
    request: (_type: string, payload: { page: number }) => new Promise<TemplatePage>((resolve) => asked.push({ page: payload.page, answer: resolve })),
  } as unknown as Parameters<typeof useTemplateList>[0]['endpoint'];
  return { endpoint, asked };
}

/** Stable, as the screen's state setters are: a new one each render would read page 1 again each time. */
const ignore = () => undefined;

function Harness({ endpoint, hidden, out }: { endpoint: Parameters<typeof useTemplateList>[0]['endpoint']; hidden: boolean; out: { list?: TemplateList } }) {
  const listSection = useRef<HTMLElement>(null);
  const rowInUse = useRef(() => false);
  out.list = useTemplateList({ endpoint, epoch: 0, hidden, query: '', rowInUse, setSaid: ignore, setHiddenFailure: ignore, listSection });
  return h('main', null, h('section', { ref: listSection }));
}

const settleAsync = () => act(async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
});

it('reads no page again while hidden: a Show more answered after the tab changed waits, and coming back reads page 1', async () => {
  const { endpoint, asked } = fakeEndpoint();
  const out: { list?: TemplateList } = {};
  const draw = (hidden: boolean) => act(() => render(h(Harness, { endpoint, hidden, out }), rootOf()));
  await draw(false);
  const all = ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((id, i) => tpl(id, 20 - i));
  asked[0]!.answer({ templates: all.slice(0, 3), page: 1, total: 7, hasMore: true });
  await settleAsync();
  await act(() => out.list!.load(2));
  // The designer opens another tab; a teammate renamed A meanwhile (it went to the top), so page 2 repeats C.
  await draw(true);
  const renamed = [{ ...all[0]!, updatedAt: at(30) }, ...all.slice(1)];
  asked[1]!.answer({ templates: [renamed[2]!, ...renamed.slice(3, 5)], page: 2, total: 7, hasMore: true });
  await settleAsync();
  expect(asked.map((read) => read.page)).toEqual([1, 2]);
  // Back on the Templates tab: page 1 is read again (once), the pages below kept.
  await draw(false);
  await settleAsync();
  expect(asked.map((read) => read.page)).toEqual([1, 2, 1]);
});

it('reads the page owed a read again after coming back: a teammate’s deletion found by a Show more answered behind another tab', async () => {
  // From a review: page 1 read on coming back used to drop the page to read again, and the template that slid onto it was never reached.
  const { endpoint, asked } = fakeEndpoint();
  const out: { list?: TemplateList } = {};
  const draw = (hidden: boolean) => act(() => render(h(Harness, { endpoint, hidden, out }), rootOf()));
  const pageOf = (all: TemplateRow[], page: number): TemplatePage => ({ templates: all.slice((page - 1) * 3, page * 3), page, total: all.length, hasMore: page * 3 < all.length });
  let answered = 0;
  /** Answers each page asked for from `now`, as the builder would, until none is open. */
  const answerAll = async (now: TemplateRow[]) => {
    for (let round = 0; round < 10 && answered < asked.length; round++) {
      while (answered < asked.length) asked[answered]!.answer(pageOf(now, asked[answered++]!.page));
      await settleAsync();
    }
  };
  await draw(false);
  const all = ['T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T8', 'T9'].map((id, i) => tpl(id, 30 - i));
  await answerAll(all);
  await act(() => out.list!.load(2));
  await answerAll(all);
  // A teammate deletes T5 (page 2); the designer presses Show more, then opens another tab before page 3 answers.
  const now = all.filter((row) => row.id !== 'T5');
  await act(() => out.list!.load(3));
  await draw(true);
  // Page 3 is T8 and T9: T7 slid onto page 2, to be read again, which waits while hidden.
  await answerAll(now);
  expect(asked.map((read) => read.page)).toEqual([1, 2, 3]);
  await draw(false);
  await answerAll(now);
  expect(asked.map((read) => read.page)).toEqual([1, 2, 3, 1, 2]);
  expect(out.list!.list.rows.map((row) => row.id)).toContain('T7');
  expect(hasMoreTemplates(out.list!.list)).toBe(false);
});
