// @vitest-environment happy-dom
// A press of Show more that reads a page held already (the list counts a teammate's deletion as one
// of the rows shown, on the safe side, and reads a page early) reads the next page by itself: before,
// the press brought nothing, and the designer had to press again to see more.
import { h, render } from 'preact';
import { useRef } from 'preact/hooks';
import { act } from 'preact/test-utils';
import { expect, it } from 'vitest';
import { BridgeError } from '../../../src/shared/bridge/bridge-error';
import type { TemplatePage, TemplateRow } from '../../../src/shared/bridge/messages';
import { templateListButton } from '../../../ui/templates/template-list-state';
import { useShowMore } from '../../../ui/templates/use-show-more';
import { useTemplateList } from '../../../ui/templates/use-template-list';
import { useDomRoot } from '../../support/dom-root';

const rootOf = useDomRoot();
const at = (minute: number) => new Date(Date.UTC(2026, 11, 7, 10, minute)).toISOString();
const tpl = (id: string, changed: number): TemplateRow => ({ id, name: id, description: '', updatedAt: at(changed), createdAt: at(changed), thumbnailUrl: null, linkedFrame: null });
/** Stable, as the screen's state setters are. */
const ignore = () => undefined;

/** The builder: newest change first, 3 to a page, answering at once; the pages asked for are kept. */
function builderOf(workspace: { all: TemplateRow[]; failNext?: boolean }) {
  const asked: number[] = [];
  const endpoint = {
    request: (_type: string, { page }: { page: number }): Promise<TemplatePage> => {
      asked.push(page);
      if (workspace.failNext === true) {
        workspace.failNext = false;
        return Promise.reject(new BridgeError('timeout', 'Figma did not answer in time.'));
      }
      const sorted = [...workspace.all].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
      return Promise.resolve({ templates: sorted.slice((page - 1) * 3, page * 3), page, total: sorted.length, hasMore: page * 3 < sorted.length });
    },
  } as unknown as Parameters<typeof useTemplateList>[0]['endpoint'];
  return { endpoint, asked };
}

function Harness({ endpoint, hidden }: { endpoint: Parameters<typeof useTemplateList>[0]['endpoint']; hidden: boolean }) {
  const listSection = useRef<HTMLElement>(null);
  const rowInUse = useRef(() => false);
  const moreButton = useRef<HTMLButtonElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const listElement = useRef<HTMLUListElement>(null);
  const { list, load, retryRead, searching } = useTemplateList({ endpoint, epoch: 0, hidden, query: '', rowInUse, setSaid: ignore, setHiddenFailure: ignore, listSection });
  const showMore = useShowMore({ list, query: '', hidden, searching, shown: list.rows, load, retryRead, setSaid: ignore, moreButton, listHeading, listElement });
  const button = templateListButton(list);
  return h('main', null, h('section', { ref: listSection }, h('h2', { ref: listHeading, tabIndex: -1 }, 'Templates'), h('ul', { ref: listElement }, list.rows.map((row) => h('li', { key: row.id }, h('button', null, row.name)))), button === null ? null : h('button', { ref: moreButton, onClick: showMore }, button)));
}

/** The answers, renders and effects that follow one another (each act flushes the effects of its renders). */
const settleAsync = async () => {
  for (let i = 0; i < 10; i++) {
    await act(async () => {
      for (let tick = 0; tick < 5; tick++) await Promise.resolve();
    });
  }
};
const shownNames = () => [...rootOf().querySelectorAll('li')].map((item) => item.textContent);
const pressShowMoreAsync = async () => {
  const button = [...rootOf().querySelectorAll('button')].find((element) => element.textContent === 'Show more');
  expect(button).toBeDefined();
  await act(() => button!.click());
  await settleAsync();
};

it('reads on past a page it held already, so one press brings the templates after it', async () => {
  const workspace = { all: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'].map((id, i) => tpl(id, 30 - i)) };
  const { endpoint, asked } = builderOf(workspace);
  const draw = (hidden: boolean) => act(() => render(h(Harness, { endpoint, hidden }), rootOf()));
  await draw(false);
  await settleAsync();
  await pressShowMoreAsync();
  expect(shownNames()).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
  // A teammate deletes G, on page 3 (not read yet); the designer opens another tab and comes back:
  // page 1 read again counts one template fewer, taken on the safe side for one of the rows shown.
  workspace.all = workspace.all.filter((row) => row.id !== 'G');
  await draw(true);
  await draw(false);
  await settleAsync();
  expect(asked).toEqual([1, 2, 1]);
  await pressShowMoreAsync();
  // Page 2 again (all held: it repeats rows shown, so page 1 is read again first), then page 3 by itself: H and I come with the one press.
  expect(asked).toEqual([1, 2, 1, 2, 1, 3]);
  expect(shownNames()).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'H', 'I']);
});

// From a review of the reading on: what the focus and Try again did before it stay so.
it('pressed from the keyboard, the focus goes to the first template the press added, not to one a teammate made at the top', async () => {
  const workspace = { all: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'].map((id, i) => tpl(id, 30 - i)) };
  const { endpoint, asked } = builderOf(workspace);
  await act(() => render(h(Harness, { endpoint, hidden: false }), rootOf()));
  await settleAsync();
  // A teammate makes N (at the top): page 2 is now C, D, E, repeating C, so page 1 is read again after it.
  workspace.all = [tpl('N', 40), ...workspace.all];
  const button = [...rootOf().querySelectorAll('button')].find((element) => element.textContent === 'Show more')!;
  button.focus();
  await act(() => button.click());
  await settleAsync();
  expect(asked).toEqual([1, 2, 1]);
  expect(shownNames()).toEqual(['N', 'A', 'B', 'C', 'D', 'E']);
  expect(document.activeElement?.textContent).toBe('D');
});

it('Try again after page 1 failed to be read again (coming back) reads page 1 only, no page more', async () => {
  const workspace: { all: TemplateRow[]; failNext?: boolean } = { all: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'].map((id, i) => tpl(id, 30 - i)) };
  const { endpoint, asked } = builderOf(workspace);
  const draw = (hidden: boolean) => act(() => render(h(Harness, { endpoint, hidden }), rootOf()));
  await draw(false);
  await settleAsync();
  workspace.failNext = true;
  await draw(true);
  await draw(false);
  await settleAsync();
  const retry = [...rootOf().querySelectorAll('button')].find((element) => element.textContent === 'Try again');
  expect(retry).toBeDefined();
  await act(() => retry!.click());
  await settleAsync();
  expect(asked).toEqual([1, 1, 1]);
  expect(shownNames()).toEqual(['A', 'B', 'C']);
});
