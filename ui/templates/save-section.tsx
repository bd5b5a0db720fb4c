// "Save selection as template": what is selected, and for one top-level frame the form (name,
// description) or, once linked, Update and Unlink. A failure keeps what was typed. After a save
// whose answer was lost, the templates in the list with the name sent are offered to link the frame to;
// after ⌘Z of a save, the template it made.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { visibleNameProblem } from '../../src/shared/template-name';
import type { TemplateLinkOutcome, TemplateRow, TemplateSaveOutcome, TemplateSelection } from '../../src/shared/bridge/messages';
import type { UiEndpoint } from '../bridge/ui-endpoint';
import { Button } from '../components/button';
import { LiveNotice, type LiveMessage } from '../components/notice';
import { TextField } from '../components/text-field';
import { useNoticeInSight } from '../hooks/use-notice-in-sight';
import { useRequest } from '../hooks/use-request';
import { relativeTime } from '../messages/relative-time';
import { ProblemLine } from './problem-line';
import { actionProblem, BUILDER_REQUEST_TIMEOUT_MS, linkedSelectionText, linkedText, listMayHaveChanged, lostSaveCandidates, lostSaveCandidatesText, problemBesideList, undoneSaveText, saveOutcomeText, saveProblem, templateProblem, type TemplateProblem } from './template-words';
import { useStillBefore } from '../hooks/use-still-before';
import { useLatest } from '../hooks/use-latest';
import { SubmitForm } from '../components/submit-form';
import { quotedName } from '../../src/shared/quoted-name';
import { BridgeError } from '../../src/shared/bridge/bridge-error';
import { unlinkFrameAsync, unlinkProblem } from './unlink-frame';

// Reading and exporting a large frame takes a while in the sandbox.
const SAVE_TIMEOUT_MS = 120_000;

export interface SaveSectionProps {
  endpoint: Pick<UiEndpoint, 'request'>;
  selection: TemplateSelection | null;
  onSelection: (selection: TemplateSelection) => void;
  /** A template was created or changed (or may have been): the list reads again. */
  onSaved: () => void;
  /** A frame was unlinked (here only: the builder is not asked): the list's row no longer names it. */
  onUnlinked: (frameId: string) => void;
  onOpenSettings: () => void;
  /** Opened by the "Update template" relaunch button: update at once. */
  updateNow: boolean;
  /** Changes when the builder's address or key was saved. */
  epoch: number;
  /** The time now, from the screen's half-minute redraw ("saved 3 minutes ago" stays true). */
  nowMs: number;
  /** The list said no builder key is saved: a form could only end in the same words. */
  keyMissing?: boolean;
  /** The linked template's name as the list reads it now: a teammate may have renamed it since the frame's last save. */
  linkedName?: string;
  /** The templates the list shows: after a save whose answer was lost, those with its name may be its. */
  rows?: readonly TemplateRow[];
  /** The list below shows its own failure: a save that may have been made cannot be looked for there yet. */
  listFailed?: boolean;
}

const linkKey = (selection: TemplateSelection | null) => `${selection?.frame?.id ?? ''} ${selection?.link?.templateId ?? ''}`;
/** What a save said holds for its frame, its template and the builder key (or address) it was said with. */
const saidKey = (selection: TemplateSelection | null, epoch: number) => `${linkKey(selection)} ${epoch}`;

export function SaveSection({ endpoint, selection, onSelection, onSaved, onUnlinked, onOpenSettings, updateNow, epoch, nowMs, keyMissing = false, linkedName, rows = [], listFailed = false }: SaveSectionProps) {
  const frame = selection?.frame ?? null;
  // What was typed, by frame: another frame selected keeps it for this one's return. A frame
  // nothing was typed for shows its own name (as it is now: renamed on the canvas, the new one).
  const [drafts, setDrafts] = useState<Record<string, { name: string; description: string }>>({});
  const frameId = frame?.id ?? '';
  const form = drafts[frameId] ?? { name: frame?.name ?? '', description: '' };
  const setForm = (next: typeof form) => setDrafts((before) => ({ ...before, [frameId]: next }));
  // A name error is said of the name of the frame it was said with, not of the next one's.
  const [nameErrorSaid, setNameErrorSaid] = useState<{ error: string | null; for: string } | null>(null);
  const nameError = nameErrorSaid?.for === frameId ? nameErrorSaid.error : null;
  useEffect(() => setNameErrorSaid((before) => (before?.for === frameId ? before : null)), [frameId]);
  const save = useRequest<TemplateSaveOutcome | TemplateSelection | TemplateLinkOutcome, 'create' | 'update' | 'unlink' | 'link'>({ whilePending: 'ignore' });
  // A save whose answer was lost, by frame and the name sent: the template may be in the list.
  const [lostSave, setLostSave] = useState<{ frameId: string; name: string } | null>(null);
  const busy = save.pending !== null;
  // A problem said with the builder's old key or address does not stand beside the new one's
  // answers: it is kept with the epoch it was said in and shown only while that holds.
  const [problemSaid, setProblemSaid] = useState<{ problem: TemplateProblem; epoch: number } | null>(null);
  const problem = problemSaid?.epoch === epoch ? problemSaid.problem : null;
  const problemShown = problem && problemBesideList(problem, listFailed);
  const latestEpoch = useLatest(epoch);
  /** `saidIn`: the epoch of the key or address the request was sent with (an answer that comes after a new one was saved is not said beside it). */
  const setProblem = (next: TemplateProblem | null, saidIn = latestEpoch.current) => setProblemSaid(next && { problem: next, epoch: saidIn });
  // The builder asked to wait: Save and Update are held until then (what was typed stays).
  const held = useStillBefore(problem?.tryAgainAt ?? null);
  // What a save or unlink said holds for the frame and template it was said with: another
  // frame selected, or its template deleted, and "Saved …" beside a new form would mislead.
  // It is shown only while they are, and dropped after, so it does not come back with the frame.
  // Said with the builder's old key or address, it goes too: beside the new key's "not accepted"
  // notice, a green "Saved …" read as if that key had just worked.
  const [said, setSaid] = useState<{ message: LiveMessage; for: string } | null>(null);
  const say = (message: LiveMessage, of: TemplateSelection | null, saidIn = latestEpoch.current) => setSaid({ message, for: saidKey(of, saidIn) });
  const shownFor = saidKey(selection, epoch);
  const result = said?.for === shownFor ? said.message : null;
  useEffect(() => setSaid((before) => (before?.for === shownFor ? before : null)), [shownFor]);
  const pendingUpdate = useRef(updateNow);

  /** The selection read again (the sandbox answered that the frame is not as shown); a failed read changes nothing. */
  const readSelectionAgain = () => void endpoint.request('templates/selection', {}).then(onSelection, () => undefined);

  // Each request names the frame shown here: the sandbox may reach it after the selection moved.
  const updateButton = useRef<HTMLButtonElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  /**
   * `forProblem`: the button beside a failure, which acts on the frame the failure was said for,
   * wherever the selection went since (for an update, replacing a version saved elsewhere since
   * the last save). The frame's own buttons act on the frame shown.
   */
  const run = (action: 'create' | 'update' | 'unlink', forProblem = false) => {
    if (frame === null) return;
    if (action === 'create') {
      const error = visibleNameProblem(form.name);
      setNameErrorSaid({ error, for: frameId });
      // The words show by the field, above the button: the keyboard goes there, and they are heard with it.
      if (error !== null) return nameRef.current?.focus();
      setLostSave(null);
    }
    setProblem(null);
    setSaid(null);
    const sentIn = latestEpoch.current;
    /** `problem`: the failure in words (an unlink's says it was the unlink that failed). */
    const failed = (error: unknown, problem: TemplateProblem) => {
      setProblem(problem, sentIn);
      if (listMayHaveChanged(error)) onSaved();
      // Saved meanwhile (an earlier save the window gave up on), or its link taken back by undo: the
      // frame shows as it is now (linked with its Update, or offered to be linked again).
      if (error instanceof BridgeError && (error.code === 'already_linked' || error.code === 'not_linked')) readSelectionAgain();
      if (action === 'create' && listMayHaveChanged(error)) setLostSave({ frameId: frame.id, name: form.name.trim() });
    };
    const target = forProblem ? (problem?.frameId ?? frame.id) : frame.id;
    if (action === 'unlink') {
      // Said of the frame unlinked: the one shown, or the one a failure was said for before another was selected.
      const unlinking = { frameId: target, frame: target === frame.id ? quotedName(frame.name, 'the frame') : 'the frame whose update failed' };
      const answered = {
        onSelection,
        onUnlinked,
        onSaid: (text: string, next: TemplateSelection) => {
          unlinkedHere.current = true;
          say({ tone: 'info', text }, next, sentIn);
        },
      };
      void save.run(action, () => unlinkFrameAsync(endpoint, unlinking, answered), { onError: (error) => failed(error, unlinkProblem(error, unlinking)) });
      return;
    }
    const start = () =>
      action === 'create'
        ? endpoint.request('templates/create', { name: form.name, description: form.description, frameId: frame.id }, { timeoutMs: SAVE_TIMEOUT_MS })
        : endpoint.request('templates/update', forProblem ? { frameId: target, replaceChanges: true } : { frameId: target }, { timeoutMs: SAVE_TIMEOUT_MS });
    void save.run(action, start, {
      // Only a create could be made twice by saving again; an update sent twice is the same update.
      onError: (error) => failed(error, actionProblem(action === 'create' ? saveProblem(error, form.name.trim()) : templateProblem(error), error)),
      onResult: (saved) => {
        onSelection(saved.selection);
        say({ tone: 'success', text: saveOutcomeText(saved, frame.name) }, saved.selection, sentIn);
        if (saved.outcome !== 'unchanged') onSaved();
      },
    });
  };

  /**
   * Links the frame to a template the lost save may have made (the sandbox checks it holds this
   * frame's content), or to its own save whose link ⌘Z took back.
   */
  const linkTo = (row: Pick<TemplateRow, 'id'>) => {
    if (frame === null) return;
    setProblem(null);
    setSaid(null);
    const sentIn = latestEpoch.current;
    void save.run('link', () => endpoint.request('templates/link', { frameId: frame.id, templateId: row.id }, { timeoutMs: BUILDER_REQUEST_TIMEOUT_MS }), {
      onError: (error) => {
        setProblem(actionProblem(templateProblem(error), error), sentIn);
        // Refused: the frame as it is now (linked already, or no longer offered a template deleted or changed since).
        if (error instanceof BridgeError) readSelectionAgain();
      },
      onResult: (linkedNow) => {
        setLostSave(null);
        onSelection(linkedNow.selection);
        say({ tone: 'success', text: linkedText(frame.name, linkedNow.template.name) }, linkedNow.selection, sentIn);
        onSaved();
      },
    });
  };

  const runNow = useLatest(run);
  useEffect(() => {
    if (!pendingUpdate.current || selection === null) return;
    pendingUpdate.current = false;
    if (selection.link !== null) runNow.current('update');
    else setSaid({ message: { tone: 'info', text: 'Select a frame linked to a template to update it.' }, for: saidKey(selection, latestEpoch.current) });
  }, [selection, runNow, latestEpoch]);

  const link = selection?.link ?? null;
  const linked = link !== null;
  const candidates = frame !== null && !linked && lostSave?.frameId === frame.id ? lostSaveCandidates(rows, lostSave.name, selection?.otherFileTemplateId ?? null) : [];
  // Offered once: among a lost save's templates, it is offered there.
  const undone = frame !== null && !linked && !keyMissing ? (selection?.undoneSave ?? null) : null;
  const undoneSave = undone === null || candidates.some((row) => row.id === undone.templateId) ? null : { ...undone, templateName: rows.find((row) => row.id === undone.templateId)?.name ?? undone.templateName };
  // The offer goes when its link is refused (the template found gone or changed): the keyboard on
  // its button goes to the heading, not the page's body (nor Save as template, as below).
  const heading = useRef<HTMLHeadingElement>(null);
  const undoneShown = undoneSave?.templateId ?? null;
  const undoneBefore = useRef(undoneShown);
  useLayoutEffect(() => {
    const went = undoneBefore.current !== null && undoneShown === null;
    undoneBefore.current = undoneShown;
    // Linked now: the keyboard goes to Update template (below).
    if (went && !linked && document.hasFocus() && document.activeElement === document.body) heading.current?.focus();
  }, [undoneShown, linked]);
  const saveButton = useRef<HTMLButtonElement>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  // Saving or unlinking swaps the form for the buttons (or back): the focus on the control that
  // went comes to the button that replaced it, just above what the save said, so in a short window
  // both are in sight (on the heading, it was scrolled away). Only while the window has the focus:
  // never taken from the canvas. After an unlink, not to Save as template: Enter pressed again (or
  // held, repeating) saved the frame as a new template nobody asked for. It goes to the words saying
  // it was unlinked, where Enter does nothing, in sight below the form (Shift+Tab: Save as template).
  // Before the window draws the swap (as focus-keeper does): after, the focus sat on the body for a frame.
  // Update refused as no longer linked (undo took the link back) swaps the buttons for the offer to
  // link again and the form: the keyboard goes to the offer, not to Save as template (Enter pressed
  // again there saved a second template, the thing the offer is there to spare).
  const unlinkedHere = useRef(false);
  const undoneButton = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    const unlinked = unlinkedHere.current;
    unlinkedHere.current = false;
    if (!document.hasFocus() || document.activeElement !== document.body) return;
    ((linked ? updateButton.current : unlinked ? resultRef.current : (undoneButton.current ?? saveButton.current)) ?? heading.current)?.focus();
  }, [linked]);
  // A button beside a failure ("Unlink the frame", "Replace their changes") goes with the failure
  // as its action starts. The focus on it moves first, so it is never left on the page's body: to
  // the frame's own button for the same action (busy meanwhile, and kept focusable), or to the
  // heading when the failure was said for another frame than the one shown (Enter pressed again
  // there acts on nothing).
  const unlinkButton = useRef<HTMLButtonElement>(null);
  const fromProblem = (ownButton: HTMLButtonElement | null, act: () => void) => {
    const problemFrameId = problem?.frameId ?? frame?.id;
    ((problemFrameId === frame?.id ? ownButton : null) ?? heading.current)?.focus();
    act();
  };
  // What a save or an unlink answered shows below the form, and so does the busy button of a save
  // started with Enter in the name field: in a short window, each comes into sight.
  const sectionRef = useRef<HTMLElement>(null);
  // Only a notice that comes is brought into sight: one going (its frame's template deleted from
  // the list, another layer selected) left the view on an older notice here, away from the focus.
  const came = useRef({ problem, result });
  if (problem) came.current.problem = problem;
  if (result) came.current.result = result;
  useNoticeInSight(sectionRef, came.current.problem, came.current.result, busy);
  return (
    <section class="settings-section" aria-labelledby="templates-save-title" ref={sectionRef}>
      <h2 id="templates-save-title" tabIndex={-1} ref={heading}>
        Save selection as template
      </h2>
      {selection === null ? null : selection.lostLink !== null ? (
        <p class="notice notice-info">
          This frame was linked to {quotedName(selection.lostLink.templateName, 'a template with no name')}, which was deleted; the link is removed.
        </p>
      ) : null}
      <p class="muted" data-testid="templates-selection">
        {selection === null ? 'Reading the selection…' : link !== null ? linkedSelectionText(frame?.name ?? '', linkedName ?? link.templateName, relativeTime(link.savedAt, nowMs)) : selection.what}
      </p>
      {/* Before the form: linking again is what keeps the builder from holding this frame twice. */}
      {undoneSave !== null ? (
        <div class="lost-save" data-testid="templates-undone-save">
          <p>{undoneSaveText(undoneSave.templateName)}</p>
          <div class="button-row">
            <Button busy={save.pending === 'link'} disabled={busy && save.pending !== 'link'} onClick={() => linkTo({ id: undoneSave.templateId })} buttonRef={undoneButton}>
              {`Link this frame to ${quotedName(undoneSave.templateName, 'the template with no name')} again`}
            </Button>
          </div>
        </div>
      ) : null}
      {frame === null ? null : link !== null ? (
        <div class="button-row">
          {/* Each busy while its own request runs, and kept focusable then: Unlink disabled under the
              keyboard sent the focus to the page's body until the form came. The other is disabled. */}
          <Button variant="primary" busy={busy && save.pending !== 'unlink'} disabled={save.pending === 'unlink'} held={held} onClick={() => run('update')} buttonRef={updateButton}>
            Update template
          </Button>
          <Button busy={save.pending === 'unlink'} disabled={busy && save.pending !== 'unlink'} onClick={() => run('unlink')} buttonRef={unlinkButton}>
            Unlink
          </Button>
        </div>
      ) : keyMissing ? (
        <p>To save it as a template, add a builder API key in Settings.</p>
      ) : (
        <SubmitForm onSubmit={() => run('create')}>
          <TextField id="template-name" inputRef={nameRef} label="Template name" value={form.name} onValue={(name) => setForm({ ...form, name })} error={nameError} />
          <TextField id="template-description" label="Description (optional)" value={form.description} onValue={(description) => setForm({ ...form, description })} />
          <div class="button-row">
            <Button variant="primary" type="submit" busy={busy} held={held} buttonRef={saveButton}>
              Save as template
            </Button>
          </div>
        </SubmitForm>
      )}
      {problemShown ? <ProblemLine problem={problemShown} held={held} onOpenSettings={onOpenSettings} onUnlink={() => fromProblem(unlinkButton.current, () => run('unlink', true))} onReplace={() => fromProblem(updateButton.current, () => run('update', true))} /> : null}
      {candidates.length > 0 && lostSave !== null ? (
        <div class="lost-save" data-testid="templates-lost-save">
          <p>{lostSaveCandidatesText(candidates.length, lostSave.name)}</p>
          <div class="button-row">
            {candidates.map((row) => (
              <Button key={row.id} busy={save.pending === 'link'} disabled={busy && save.pending !== 'link'} onClick={() => linkTo(row)}>
                {`Link this frame to ${quotedName(row.name, 'the template with no name')}${candidates.length > 1 ? `, updated ${relativeTime(row.updatedAt, nowMs)}` : ''}`}
              </Button>
            ))}
          </div>
        </div>
      ) : null}
      <LiveNotice message={result} testId="templates-save-result" noticeRef={resultRef} />
    </section>
  );
}
