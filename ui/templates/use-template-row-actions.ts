// A row's actions that outlive their row (a rename, a deletion, its frame's unlink, Open's read):
// the list applies their answers, says what they did where the row cannot any more (it was deleted,
// or left the filter), and moves the focus on from a row that went.
import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { TemplateRow, TemplateSelection } from '../../src/shared/bridge/messages';
import { quotedName } from '../../src/shared/quoted-name';
import type { UiEndpoint } from '../bridge/ui-endpoint';
import { useDrawnAfterPress } from '../hooks/use-drawn-after-press';
import { useLatest } from '../hooks/use-latest';
import { deletedElsewhere, markDeletionUnconfirmed, removeTemplateRow, replaceTemplateRow, unlinkFrameRows } from './template-list-state';
import { deletedText, filterTemplates, hiddenRowProblem, type TemplateProblem } from './template-words';
import { goneTemplateFrame, unlinkFrameAsync, unlinkProblem } from './unlink-frame';
import type { RowRequests } from './use-row-requests';
import type { TemplateList } from './use-template-list';

/** A rename, deletion or unlink that failed while the filter hid its row (`row`: as it was sent). */
export interface HiddenFailure {
  problem: TemplateProblem;
  row: TemplateRow;
}

export interface TemplateRowActionsOptions {
  endpoint: Pick<UiEndpoint, 'request'>;
  /** The builder's address or key as saved: a failure sent with an older one is not said. */
  epoch: number;
  query: string;
  templates: Pick<TemplateList, 'list' | 'setList' | 'latestList' | 'reload'>;
  rowRequests: RowRequests;
  showSelection: (next: TemplateSelection) => void;
  readSelection: () => void;
  /** The rows and filter of the latest render: a row's answer comes after the render that sent it. */
  drawn: { readonly current: { shown: readonly TemplateRow[]; query: string } };
  renameDrafts: { readonly current: Map<string, { name: string; description: string }> };
  setSaid: (said: string) => void;
  setHiddenFailure: (failure: HiddenFailure | null) => void;
  listSection: RefObject<HTMLElement>;
  listHeading: RefObject<HTMLHeadingElement>;
  listElement: RefObject<HTMLUListElement>;
  hiddenFailureLine: RefObject<HTMLDivElement>;
}

/** What the list gives each row (and the line above the list) for its actions; `onUnlinked` is the save section's too. */
export function useTemplateRowActions({ endpoint, epoch, query, templates, rowRequests, showSelection, readSelection, drawn, renameDrafts, setSaid, setHiddenFailure, listSection, listHeading, listElement, hiddenFailureLine }: TemplateRowActionsOptions) {
  const { list, setList, latestList, reload } = templates;
  const latestEpoch = useLatest(epoch);
  /** Where the deleted (or filtered-out) row was among those shown, until the list without it is drawn. */
  const focusAfterDeletion = useRef<number | null>(null);
  /**
   * Whether the keyboard is in the row drawn at `place` among those shown, nowhere (its button went),
   * or in the line above the list that says a row's failure (its Unlink the frame, pressed with the
   * row shown again: that row's, as a row's next action takes the line away and the sandbox answers
   * one change of a template at a time): then it goes on from the row when the row goes.
   */
  const keyboardInRow = (place: number) => place >= 0 && (document.activeElement === document.body || listElement.current?.children[place]?.contains(document.activeElement) === true || hiddenFailureLine.current?.contains(document.activeElement) === true);
  // The deleted row and its buttons are gone: the focus goes to the row that takes its place (the
  // one above for the last), not to the top of a long list, and the deletion is said.
  // Only a render drawn after the row went knows it is gone: an earlier one's effect, run late (a
  // slow paint), would focus the row still drawn there, which then goes, and the keyboard with it.
  const { press: rowGone, drawnAfterPress: drawnWithoutRow } = useDrawnAfterPress();
  /**
   * `unlinked`: what its frame's unlink said, said after the deletion; the selection that unlink
   * answered with is shown, so it is not asked for again.
   */
  const onDeleted = ({ id, name }: TemplateRow, alreadyGone: boolean, asked: 'delete' | 'rename' | 'unlink', unlinked?: string) => {
    // Its row may have gone before the answer (a read afresh with a new key, without it): the
    // deletion is said all the same. One change of a template is on its way at a time (rowRequests), so it is said once.
    // Read before the row's removal drops what the list knew of an earlier deletion of it.
    const elsewhere = deletedElsewhere(latestList.current, id, alreadyGone);
    // A row the filter hid while its deletion was on its way holds no focus: the keyboard stays where the designer is (typing in the filter, say).
    // So does a row drawn again with its deletion on its way, the keyboard elsewhere.
    const place = drawn.current.shown.findIndex((row) => row.id === id);
    if (keyboardInRow(place)) {
      focusAfterDeletion.current = place;
      rowGone();
      listHeading.current?.focus();
    }
    setList((before) => removeTemplateRow(before, id, alreadyGone));
    reload();
    setSaid(`${deletedText(name, elsewhere, asked)}${unlinked === undefined ? '' : ` ${unlinked}`}`);
    // A selected frame linked to it loses its link now, and says so, instead of offering an Update that can only fail.
    if (unlinked === undefined) readSelection();
  };
  const onDeletionUnconfirmed = (id: string) => setList((state) => markDeletionUnconfirmed(state, id));
  const clearSaid = () => (setSaid(''), setHiddenFailure(null));
  // The row comes back as it was left when the filter shows it again (a rename's draft name with it): here it is only said.
  // Not one sent with the builder's old key or address: the list was read again with the new one.
  // An unlink's failure already says what failed, and of which frame.
  const onFailedHidden = (row: TemplateRow, asked: 'rename' | 'delete' | 'unlink', problem: TemplateProblem, sentIn: number) => {
    if (sentIn === latestEpoch.current) setHiddenFailure({ problem: asked === 'unlink' ? problem : hiddenRowProblem(problem, asked, row.name), row });
  };
  // Unlink the frame, offered beside a rename refused because a teammate deleted the template (as
  // an update's refusal offers it), in its row or above the list: once the frame is unlinked, nothing
  // is left of the template to show, so its row goes as for a template linked to no frame. Once: pressed twice, it was said twice.
  // Its row's actions are held meanwhile (drawn again when the filter shows it): a rename sent then waited behind it, and was refused as the template is gone.
  // Run here, as it outlives the row; it resolves with its failure in words, said by who pressed it: the row while drawn, else the line above the list.
  const onUnlinked = (frameId: string) => setList((state) => unlinkFrameRows(state, frameId));
  const unlinkGone = (row: TemplateRow, frameId: string): Promise<TemplateProblem | null> => {
    if (rowRequests.isOnItsWay(row.id)) return Promise.resolve(null);
    const target = goneTemplateFrame(row, frameId);
    const unlinked = unlinkFrameAsync(endpoint, target, {
      onSelection: showSelection,
      onUnlinked,
      onSaid: (words) => {
        // Pressed above the list for a row the filter hides: the button goes with the failure, and the keyboard to the filter the row is hidden by.
        if (!drawn.current.shown.some((each) => each.id === row.id) && listSection.current?.contains(document.activeElement)) document.getElementById('templates-filter')?.focus();
        setHiddenFailure(null);
        onDeleted(row, true, 'unlink', words);
      },
    });
    return rowRequests.track(row.id, 'unlink', unlinked).then(
      () => null,
      (error: unknown) => unlinkProblem(error, target),
    );
  };
  const hiddenUnlink = ({ problem, row }: HiddenFailure) => {
    const frameId = problem.action === 'unlink' ? problem.frameId : null;
    return frameId === null ? undefined : () => void unlinkGone(row, frameId).then((failure) => failure && setHiddenFailure({ problem: failure, row }));
  };
  // Not when the filter would hide it: its row, with the details Open just showed, would go.
  const onRead = (row: TemplateRow) => filterTemplates([row], query).length > 0 && setList((state) => replaceTemplateRow(state, row));
  const onRenamed = (before: TemplateRow, row: TemplateRow) => {
    // Answered for a row the filter hid meanwhile: its form is not drawn to let its draft go.
    renameDrafts.current.delete(row.id);
    setList((state) => replaceTemplateRow(state, row));
    readSelection();
    const { shown, query } = drawn.current;
    // Hidden by the filter before its answer came: nothing of it is drawn, and the keyboard stays where it is.
    if (!shown.some((each) => each.id === row.id)) {
      setSaid(`Renamed ${quotedName(before.name, 'the template with no name')} to “${row.name}”.`);
      return;
    }
    // Renamed out of the filter: its row and the focus in it go. The focus goes, as after a deletion,
    // to the row that takes its place; with none left, to the filter that hides it. Either way it is said.
    // Renamed in place: its row says so, and what an earlier action said goes.
    if (filterTemplates([row], query).length === 0) {
      setSaid(`Renamed ${quotedName(before.name, 'the template with no name')} to “${row.name}”, which the filter “${query.trim()}” hides.`);
      const place = shown.findIndex((each) => each.id === row.id);
      if (!keyboardInRow(place)) return;
      if (shown.length > 1) {
        focusAfterDeletion.current = place;
        rowGone();
        listHeading.current?.focus();
      } else document.getElementById('templates-filter')?.focus();
    } else setSaid('');
  };
  useEffect(() => {
    const index = focusAfterDeletion.current;
    if (index === null || !drawnWithoutRow()) return;
    focusAfterDeletion.current = null;
    const rows = listElement.current?.children;
    if (index >= 0 && rows && rows.length > 0) rows[Math.min(index, rows.length - 1)]?.querySelector('button')?.focus();
    // Each new list is a chance, as drawn with the row gone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list]);
  return { onDeleted, onDeletionUnconfirmed, clearSaid, onFailedHidden, onUnlinked, unlinkGone, hiddenUnlink, onRead, onRenamed };
}
