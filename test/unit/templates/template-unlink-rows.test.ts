// A frame unlinked here: the list's row of its template stops naming it at once, wherever the row
// is (a read of page 1 again would leave a row below it as it was), and no other row changes.
import { describe, expect, it } from 'vitest';
import type { TemplatePage, TemplateRow } from '../../../src/shared/bridge/messages';
import { answerTemplatePage, askTemplatePage, initialTemplateList, unlinkFrameRows } from '../../../ui/templates/template-list-state';

const frame = (id: string) => ({ id, name: `Frame ${id}`, pageName: 'Emails' });
const row = (name: string, frameId: string | null): TemplateRow => ({ id: name, name, description: '', updatedAt: '2026-11-24T10:00:00.000Z', thumbnailUrl: null, linkedFrame: frameId === null ? null : frame(frameId) });
const page = (templates: TemplateRow[], number: number): TemplatePage => ({ templates, page: number, total: 4, hasMore: number === 1 });

describe('unlinkFrameRows', () => {
  it('drops the link of the unlinked frame’s row alone, on a page below the first too', () => {
    let state = answerTemplatePage(askTemplatePage(initialTemplateList, 1, 1), 1, page([row('A', '1:1'), row('B', null)], 1));
    state = answerTemplatePage(askTemplatePage(state, 2, 2), 2, page([row('C', '1:2'), row('D', '1:3')], 2));
    const links = unlinkFrameRows(state, '1:2').rows.map((each) => [each.name, each.linkedFrame?.id ?? null]);
    expect(links).toEqual([
      ['A', '1:1'],
      ['B', null],
      ['C', null],
      ['D', '1:3'],
    ]);
  });
});
