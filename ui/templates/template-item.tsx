// One template of the list: thumbnail, name, description, last change and its frame here; Open,
// Rename (name and description in place) and Delete (after a confirmation naming it).
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { visibleNameProblem } from '../../src/shared/template-name';
import { blankName, named, quotedName } from '../../src/shared/quoted-name';
import type { TemplateOpenOutcome, TemplateRow } from '../../src/shared/bridge/messages';
import type { UiEndpoint } from '../bridge/ui-endpoint';
import { Button } from '../components/button';
import { TextField } from '../components/text-field';
import { useNoticeInSight } from '../hooks/use-notice-in-sight';
import { useRequest } from '../hooks/use-request';
import { absoluteTime, relativeTime } from '../messages/relative-time';
import { ProblemLine } from './problem-line';
import { useStillBefore } from '../hooks/use-still-before';
import { actionProblem, BUILDER_REQUEST_TIMEOUT_MS, isGoneElsewhere, linkedFrameText, listMayHaveChanged, openedText, templateProblem, type TemplateProblem } from './template-words';
import { SubmitForm } from '../components/submit-form';
import { useLatest } from '../hooks/use-latest';
import type { RowRequest, RowRequests } from './use-row-requests';

export interface TemplateItemProps {
  endpoint: Pick<UiEndpoint, 'request'>;
  row: TemplateRow;
  nowMs: number;
  /** Changes when the builder's address or key was saved. */
  epoch: number;
  /** The template was renamed: the list shows it as the builder answered (`before`: the row as it was). */
  onRenamed: (before: TemplateRow, renamed: TemplateRow) => void;
  /** Open read the template from the builder (no frame here): the row shows it as answered, a rename elsewhere too. */
  onRead: (row: TemplateRow) => void;
  /**
   * The template was deleted: its row goes, so the list takes the focus. `alreadyGone`: the builder
   * had no such template any more (the list knows whether an earlier deletion from here may have done it).
   */
  onDeleted: (row: TemplateRow, alreadyGone: boolean, asked: 'delete' | 'rename') => void;
  /** A deletion's answer was lost, so it may have gone through: kept by the list, as a filter hiding the row unmounts it. */
  onDeletionUnconfirmed: (id: string) => void;
  /**
   * Unlink the frame, pressed beside a rename refused as the template is gone from the builder
   * (`frameId`: the frame still linked to it here). Run by the list, which says what it did (the row
   * goes with it); resolves with its failure in words, for the row to say (null: done, or one already on its way).
   */
  onUnlinkGone: (row: TemplateRow, frameId: string) => Promise<TemplateProblem | null>;
  /** The list's changes on their way: a rename or deletion is sent through it, as it outlives the row. */
  requests: Pick<RowRequests, 'isOnItsWay' | 'track'>;
  /** This template's change on its way (sent from this row, or from its earlier drawing, or its frame's unlink): its actions are held until it is answered. */
  onItsWay?: RowRequest;
  /** A rename or deletion failed once the filter had hidden its row: the list says it (`row`: as it was sent; `sentIn`: the epoch it was sent in). */
  onFailedHidden: (row: TemplateRow, asked: 'rename' | 'delete' | 'unlink', problem: TemplateProblem, sentIn: number) => void;
  onOpenSettings: () => void;
  /** A request of this row starts: what the list said of the last action goes (the same words again are then heard again). */
  onActionStart: () => void;
  /** Renames being typed, by template id: kept by the list while a filter hides their rows. */
  renameDrafts: Map<string, { name: string; description: string }>;
  /**
   * Rows drawn showing more than their buttons (a form, a confirmation, details, a failure) or
   * with a request pending, by template id: a read of every template keeps them though it lacks them.
   */
  rowsOpen: Set<string>;
}

/**
 * A rename or a deletion outlives its row: the sandbox makes it whether or not the row is still
 * drawn (a filter typed meanwhile hides it, and a hidden row's requests are no longer heard), so
 * the list hears of it either way. The promise handed on has no `cancel`: the sandbox cannot take
 * either back once asked, and the answer is what tells the list. A failure is handed on too: the
 * row says it while drawn, and `onFailed` (which checks that) has the list say it otherwise.
 */
function outlivingRow<T>(sent: Promise<T>, onDone: (value: T) => void, onFailed: (error: unknown) => void): Promise<T> {
  return sent.then(
    (value) => (onDone(value), value),
    (error: unknown) => {
      onFailed(error);
      throw error;
    },
  );
}

/** A failed request in the Templates screen's words: a wait the builder asked for is said by when it ends. */
function problemOf(asked: 'open' | 'rename' | 'delete', error: unknown): TemplateProblem {
  return actionProblem(templateProblem(error), error, Date.now(), asked === 'open' ? 'open' : 'change');
}

type Mode = { kind: 'idle' } | { kind: 'rename'; name: string; description: string; error: string | null } | { kind: 'delete' } | { kind: 'details'; opened: TemplateOpenOutcome };

export function TemplateItem({ endpoint, row, nowMs, epoch, onRenamed, onRead, onDeleted, onDeletionUnconfirmed, onUnlinkGone, requests, onItsWay, onFailedHidden, onOpenSettings, onActionStart, renameDrafts, rowsOpen }: TemplateItemProps) {
  // A row hidden by the filter is drawn anew when it shows again: its rename comes back as it was
  // left, and a deletion on its way as its confirmation, its Delete busy.
  const [mode, setMode] = useState<Mode>(() => {
    const draft = renameDrafts.get(row.id);
    return draft ? { kind: 'rename', ...draft, error: null } : onItsWay === 'delete' ? { kind: 'delete' } : { kind: 'idle' };
  });
  if (mode.kind === 'rename') renameDrafts.set(row.id, { name: mode.name, description: mode.description });
  else renameDrafts.delete(row.id);
  // Which action failed: backing out of a rename takes its own failure with it, not Open's or Delete's.
  // `mayHaveGoneThrough`: its answer was lost, so the builder may have done it (a rename's "Rename it again to be sure").
  // Said with the builder's old key or address, it does not stand beside the new one's answers (a
  // refused key's "Check the key in Settings" after a new key was saved): kept with the epoch it
  // was said in and shown only while that holds, as the save section's.
  const [problemSaid, setProblemSaid] = useState<{ problem: TemplateProblem; of: 'open' | 'rename' | 'delete'; mayHaveGoneThrough: boolean; epoch: number } | null>(null);
  const problem = problemSaid?.epoch === epoch ? problemSaid.problem : null;
  const latestEpoch = useLatest(epoch);
  const [said, setSaid] = useState('');
  const action = useRequest<unknown, 'open' | 'rename' | 'delete'>({ whilePending: 'ignore' });
  // Held while the list has its change on its way too: sent before the filter hid the row, or its
  // frame's unlink (a rename sent then waited behind it, refused as the template is gone).
  const busy = action.pending !== null || onItsWay !== undefined;
  // The builder asked to wait: the row's requests are held until then.
  const held = useStillBefore(problem?.tryAgainAt ?? null);
  // What the designer has in front of them does not go with a read of the list. Said once drawn
  // (a render Preact throws away, or a row hidden before its paint, leaves nothing behind).
  const showsMore = mode.kind !== 'idle' || problem !== null || action.pending !== null;
  useLayoutEffect(() => {
    if (!showsMore) return;
    rowsOpen.add(row.id);
    return () => void rowsOpen.delete(row.id);
  }, [showsMore, rowsOpen, row.id]);
  // The button that opened a form or a confirmation is gone with it: focus goes to what replaced it,
  // and back to that button when it closes (Done of Open's details: to Open). Before the window
  // draws the row (as focus-keeper does): after, the focus sat on the body for a frame, and a key typed then was lost.
  const itemRef = useRef<HTMLLIElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const renameRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const shown = useRef(mode.kind);
  useLayoutEffect(() => {
    const closed = shown.current;
    if (closed === mode.kind) return;
    shown.current = mode.kind;
    // Not from elsewhere: a rename sent before the filter hid the row closes its form when answered, wherever the designer is.
    if (document.activeElement !== document.body && !itemRef.current?.contains(document.activeElement)) return;
    if (mode.kind === 'delete') confirmRef.current?.focus();
    else if (mode.kind === 'rename') nameRef.current?.focus();
    else if (mode.kind === 'idle') (closed === 'rename' ? renameRef : closed === 'delete' ? deleteRef : openRef).current?.focus();
  }, [mode.kind]);
  // Backing out of a rename (Cancel or Escape), its failure goes too: under Open, Rename and Delete
  // it read as a failure of the row. Not a wait the builder asked for: it holds all of the row's buttons.
  // Nor a rename whose answer was lost: the template may have been renamed, and the row's name not.
  const backOut = () => {
    if (mode.kind === 'rename') setProblemSaid((before) => (before?.of === 'rename' && !held && !before.mayHaveGoneThrough ? null : before));
    setMode({ kind: 'idle' });
  };
  // Escape backs out of a form or a confirmation as Cancel / Keep it do (not once a request is on its way).
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || busy) return;
    event.preventDefault();
    event.stopPropagation();
    backOut();
  };
  const act = <T,>(name: 'open' | 'rename' | 'delete', start: () => Promise<T>, onResult: (value: T) => void) => {
    // Enter in the rename's field submits past its busy Save: what the list has on its way is not the runner's, which would drop it.
    if (requests.isOnItsWay(row.id)) return;
    // Of the key or address it was sent with: a refusal that comes back after a new one was saved is not said beside it.
    const sentIn = latestEpoch.current;
    setProblemSaid(null);
    // Emptied first: the same words again (Open pressed twice) are a change, so they are heard again.
    setSaid('');
    onActionStart();
    void action.run(name, start, {
      onResult,
      // Deleted by a teammate meanwhile (and linked to no frame here): the row goes, as a delete of it would.
      onError: (error) => {
        if (name === 'rename' && isGoneElsewhere(error)) onDeleted(row, true, 'rename');
        else setProblemSaid({ problem: problemOf(name, error), of: name, mayHaveGoneThrough: listMayHaveChanged(error), epoch: sentIn });
      },
    });
  };
  // Hidden by the filter, the row is no longer drawn and its runner hears nothing: a failure that
  // comes then went unsaid (a draft name kept, the designer told nothing), so the list says it.
  const unmounted = useRef(false);
  useEffect(() => () => void (unmounted.current = true), []);
  const failedHidden = (asked: 'rename' | 'delete') => {
    const sentIn = latestEpoch.current;
    return (error: unknown) => {
      if (!unmounted.current) return;
      if (asked === 'rename' && isGoneElsewhere(error)) onDeleted(row, true, 'rename');
      else onFailedHidden(row, asked, problemOf(asked, error), sentIn);
    };
  };
  // Unlink the frame beside a rename refused as the template is gone: the list runs it, as it
  // outlives the row (which goes once the frame is unlinked), and holds the row's actions meanwhile.
  // Its failure is said here, in place of the refusal (Unlink the frame stays, to try again), or by the list once the filter hid the row.
  const unlinkGone = (frameId: string) => {
    const sentIn = latestEpoch.current;
    onActionStart();
    void onUnlinkGone(row, frameId).then((failure) => {
      if (failure === null) return;
      if (unmounted.current) onFailedHidden(row, 'unlink', failure, sentIn);
      else setProblemSaid({ problem: failure, of: 'rename', mayHaveGoneThrough: false, epoch: sentIn });
    });
  };
  // A rename sent before the filter hid the row, and answered since it showed again: its form
  // closes as the row that sent it would have closed it, unless what is typed in it is not what was
  // saved (typed while Save was busy, or the rename failed: the list says so). Settled after its answer is shown.
  const renameDrawnOnItsWay = useRef(onItsWay === 'rename');
  useEffect(() => {
    if (onItsWay !== undefined || !renameDrawnOnItsWay.current) return;
    renameDrawnOnItsWay.current = false;
    if (mode.kind === 'rename' && mode.name.trim() === row.name && mode.description.trim() === row.description) setMode({ kind: 'idle' });
    // Only the end of what was on its way when drawn counts, with the row as answered then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [onItsWay]);
  const open = () =>
    act('open', () => endpoint.request('templates/open', { id: row.id }, { timeoutMs: BUILDER_REQUEST_TIMEOUT_MS }), (opened) =>
      // Said in the row's status too: the notice alone is not announced.
      (opened.opened || setMode({ kind: 'details', opened }), setSaid(openedText(row.name, opened)), opened.template && onRead(opened.template)),
    );
  const rename = (name: string, description: string) => {
    const error = visibleNameProblem(name);
    // Said of this attempt alone: an earlier "Enter a template name." stayed under a valid name, beside this one's failure.
    setMode({ kind: 'rename', name, description, error });
    // As for a save: the keyboard goes to the field the words are about.
    if (error !== null) return nameRef.current?.focus();
    // Sent as it is, the builder would take it for a change: the template would go to the top as "Updated just now".
    if (name.trim() === row.name && description.trim() === row.description) return setMode({ kind: 'idle' });
    act('rename', () => requests.track(row.id, 'rename', outlivingRow(endpoint.request('templates/rename', { id: row.id, name, description }, { timeoutMs: BUILDER_REQUEST_TIMEOUT_MS }), (renamed) => onRenamed(row, renamed), failedHidden('rename'))), () => setMode({ kind: 'idle' }));
  };
  // A deletion whose answer was lost may have gone through: pressed again, the template's absence
  // is then most likely this designer's own deletion. The list keeps that, drawn or hidden, here or not.
  const remove = () => {
    const failed = failedHidden('delete');
    const deleteFailed = (error: unknown) => {
      if (listMayHaveChanged(error)) onDeletionUnconfirmed(row.id);
      failed(error);
    };
    act('delete', () => requests.track(row.id, 'delete', outlivingRow(endpoint.request('templates/delete', { id: row.id, name: row.name }, { timeoutMs: BUILDER_REQUEST_TIMEOUT_MS }), ({ alreadyGone }) => onDeleted(row, alreadyGone, 'delete'), deleteFailed)), () => undefined);
  };

  // A name of only zero-width spaces (made elsewhere) is said in words, as an empty one: never “”.
  const label = quotedName(row.name, 'the template with no name');
  // A failure, the details and a rename's busy Save show below the row's buttons: in a short window, each comes into sight.
  // So does a failure still shown when a form or a confirmation opens above it: it says why their button is held.
  // Not a row drawn busy (its change sent before the filter hid it, shown again): the designer is elsewhere, in the filter say, and the screen stays put.
  const drawnBusy = useRef(onItsWay !== undefined);
  if (!busy) drawnBusy.current = false;
  useNoticeInSight(itemRef, problem, mode.kind === 'details' ? mode.opened : mode.kind, busy && !drawnBusy.current);
  // Renamed after a teammate deleted it, a template still linked to a frame here is refused with
  // words that say to unlink the frame: the button is offered beside them, as an update's refusal offers it.
  const goneLinkedFrame = problem?.action === 'unlink' ? problem.frameId : null;
  return (
    <li class="template-item" ref={itemRef}>
      {row.thumbnailUrl ? <img class="template-thumb" src={row.thumbnailUrl} alt="" loading="lazy" /> : <span class="template-thumb" />}
      <div class="template-text">
        <strong>{blankName(row.name) ? 'A template with no name' : row.name}</strong>
        {row.description ? <span>{row.description}</span> : null}
        <span class="muted" title={absoluteTime(row.updatedAt)}>
          Updated {relativeTime(row.updatedAt, nowMs)}
          {linkedFrameText(row.linkedFrame)}
        </span>
        {mode.kind === 'rename' ? (
          <SubmitForm label={`Rename ${label}`} onKeyDown={closeOnEscape} onSubmit={() => rename(mode.name, mode.description)}>
            <TextField id={`rename-${row.id}`} inputRef={nameRef} label="New name" value={mode.name} error={mode.error} onValue={(name) => setMode({ ...mode, name })} />
            <TextField id={`describe-${row.id}`} label="Description" value={mode.description} onValue={(description) => setMode({ ...mode, description })} />
            <div class="button-row">
              <Button variant="primary" type="submit" busy={busy} held={held}>
                Save name and description
              </Button>
              <Button onClick={backOut} disabled={busy}>
                Cancel
              </Button>
            </div>
          </SubmitForm>
        ) : mode.kind === 'delete' ? (
          <div class="confirm" role="group" aria-label={`Delete ${label}?`} onKeyDown={closeOnEscape}>
            <p>Delete {named('template', row.name)} from the builder workspace? This cannot be undone.</p>
            <div class="button-row">
              {/* The question names it: a long name in the button made it so tall that Keep it went below the edge. */}
              <Button variant="destructive" busy={busy} held={held} onClick={remove} buttonRef={confirmRef} ariaLabel={`Delete ${label}`}>
                Delete
              </Button>
              {/* Once sent, a deletion cannot be taken back: "Keep it" would say otherwise. */}
              <Button onClick={() => setMode({ kind: 'idle' })} disabled={busy}>
                Keep it
              </Button>
            </div>
          </div>
        ) : mode.kind === 'details' ? (
          <div class="notice notice-info">
            <p>{openedText(row.name, mode.opened)}</p>
            <Button variant="link" onClick={() => setMode({ kind: 'idle' })}>
              Done
            </Button>
          </div>
        ) : null}
        {problem ? <ProblemLine problem={problem} held={held} onOpenSettings={onOpenSettings} onUnlink={goneLinkedFrame === null ? undefined : () => unlinkGone(goneLinkedFrame)} unlinking={onItsWay === 'unlink'} /> : null}
        <p class="visually-hidden" role="status">
          {said}
        </p>
      </div>
      {mode.kind === 'idle' || mode.kind === 'details' ? (
        <div class="button-row template-actions">
          <Button onClick={open} busy={busy} held={held} ariaLabel={`Open ${label}`} buttonRef={openRef}>
            Open
          </Button>
          {/* One request a row at a time: while Open waits, a rename or deletion would be dropped. */}
          <Button variant="ghost" onClick={() => setMode({ kind: 'rename', name: row.name, description: row.description, error: null })} disabled={busy} ariaLabel={`Rename ${label}`} buttonRef={renameRef}>
            Rename
          </Button>
          <Button variant="ghost" onClick={() => setMode({ kind: 'delete' })} disabled={busy} ariaLabel={`Delete ${label}`} buttonRef={deleteRef}>
            Delete
          </Button>
        </div>
      ) : null}
    </li>
  );
}
