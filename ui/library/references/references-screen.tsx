// The reference check: finds the file's library references (sandbox), asks the library about
// each distinct email (here, with the key the sandbox handed over), lists the references to
// removed emails with where they are, and removes the chosen ones after a confirmation.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { LibraryClient } from '../../../src/shared/api/library/client';
import type { FoundReference, ReferenceRemoval } from '../../../src/shared/bridge/messages';
import type { Progress } from '../../../src/shared/bridge/protocol';
import type { UiEndpoint } from '../../bridge/ui-endpoint';
import { Button } from '../../components/button';
import { useFocusKeeper } from '../../components/focus-keeper';
import { ErrorNotice } from '../../components/notice';
import { LiveStatus } from '../../components/live-status';
import { errorText } from '../../messages/error-text';
import { checkEmailsAsync } from './check-emails';
import { alreadyGone, checkPacing, checkProgressText, distinctEmailIds, goneReferences, hiddenText, pacingText, placeTexts, removalStepText, removalText, summaryText, withoutRemoved, type CheckOutcome, type EmailCheckProgress } from './reference-check';
import { countWord, plural } from '../../components/count-words';
import { abortableSleepAsync } from '../../components/abortable-sleep';
import { useOwnCountdown } from '../held-notice';
import { useStillBefore } from '../../hooks/use-still-before';
import { WaitOverStatus } from '../../components/wait-over-status';

export interface ReferencesScreenProps {
  endpoint: Pick<UiEndpoint, 'request'>;
  client: LibraryClient;
  hidden: boolean;
  /** Opened by the menu command: the check starts at once. */
  autoStart: boolean;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'finding' }
  | { kind: 'checking'; progress: EmailCheckProgress; note: string | null }
  | { kind: 'done'; outcome: CheckOutcome }
  | { kind: 'failed'; message: string };

export function ReferencesScreen({ endpoint, client, hidden, autoStart }: ReferencesScreenProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  // A check started mid-removal would replace the removal's result before it is said: Check again waits for it.
  const [removing, setRemoving] = useState(false);
  const live = useRef(true);
  const checkButton = useRef<HTMLButtonElement>(null);
  // Once a check has ended, the button is "Check again", also while it checks again: its name does not change under the keyboard.
  const checked = useRef(false);
  if (phase.kind === 'done') checked.current = true;
  // A check that ends by itself (its last answer came, or it failed) takes Stop checking with its
  // progress: the keyboard goes to the check's button (the first), as Stop pressed gives it.
  const kept = useFocusKeeper<HTMLElement>(phase.kind);
  // The check counts a 429's wait down itself: the next emails held for the same pause are not counted again above.
  useOwnCountdown(!hidden && phase.kind === 'checking' && phase.progress.waitingSeconds !== null);
  // In a small window the progress, the library's wait and the result come below its edge: once
  // drawn (their words come a drawing later), the section is scrolled into sight, its top first.
  const view = phase.kind === 'checking' && phase.progress.waitingSeconds !== null ? 'waiting' : phase.kind;
  const [drawn, setDrawn] = useState(view);
  useEffect(() => setDrawn(view), [view]);
  useEffect(() => {
    if (drawn !== 'idle') kept.ref.current?.scrollIntoView({ block: 'nearest' });
  }, [drawn, kept.ref]);
  // Stop, or the view closed: no further request, those on their way let go; the emails not
  // answered are reported as not checked.
  const stopped = useRef(new AbortController());
  // Each email the library said is removed, with when: a check made offline still counts it (and says since when).
  const goneHeard = useRef(new Map<number, number>());
  useEffect(
    () => () => {
      live.current = false;
      stopped.current.abort();
    },
    [],
  );

  const checkAsync = async () => {
    setPhase({ kind: 'finding' });
    const stop = new AbortController();
    stopped.current = stop;
    try {
      const { references, unreadable } = await endpoint.request('canvas/references-find', {});
      const ids = distinctEmailIds(references);
      const pacing = checkPacing(ids.length, client.hasKey);
      const note = pacingText(pacing, client.hasKey);
      const startedAt = Date.now();
      const { gone, unchecked, goneBeforeAt, tryAgainAt } = await checkEmailsAsync(ids, {
        getEmailAsync: (id, signal) => client.getEmailAsync(id, signal),
        concurrency: pacing.concurrency,
        sleepAsync: abortableSleepAsync,
        now: Date.now,
        signal: stop.signal,
        goneBefore: goneHeard.current,
        isOffline: () => !navigator.onLine,
        onProgress: (progress) => live.current && setPhase({ kind: 'checking', progress, note }),
      });
      // The library answered it exists (restored): no longer removed.
      for (const id of ids) if (!gone.has(id) && !unchecked.has(id)) goneHeard.current.delete(id);
      for (const id of gone) if (!goneHeard.current.has(id)) goneHeard.current.set(id, startedAt);
      if (live.current) setPhase({ kind: 'done', outcome: { references, goneEmailIds: gone, unchecked, unreadable, goneBeforeAt, tryAgainAt } });
    } catch (error) {
      if (live.current) setPhase({ kind: 'failed', message: `The file’s references could not be read: ${errorText(error)}` });
    }
  };
  const check = () => void checkAsync();
  // A wait of hours refused the check (the summary says until when): Check again before its end
  // could only be refused again, and would put "couldn’t check" in place of what the library did
  // answer. It is held until then (the summary says why), and then said to work again.
  const tryAgainAt = phase.kind === 'done' ? (phase.outcome.tryAgainAt ?? null) : null;
  const refused = useStillBefore(tryAgainAt);
  useEffect(() => {
    if (autoStart) check();
    // Only when the view opens: the button starts any later check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <section class="library-brands references" hidden={hidden} aria-label="References" data-testid="references" {...kept}>
      <p class="references-intro">Finds the library emails placed in this file, on every page, and asks the library whether each still exists.</p>
      {/* Busy rather than hidden while checking: the focus stays on it. */}
      <div>
        <Button variant={phase.kind === 'done' ? 'secondary' : 'primary'} onClick={check} busy={phase.kind === 'checking' || phase.kind === 'finding'} held={removing || refused} describedBy={refused ? 'references-summary' : undefined} buttonRef={checkButton}>
          {checked.current ? 'Check again' : 'Check references'}
        </Button>
      </div>
      {tryAgainAt === null ? null : <WaitOverStatus held={refused} />}
      <LiveStatus busy>{phase.kind === 'finding' ? 'Finding references on every page…' : null}</LiveStatus>
      {phase.kind === 'checking' ? (
        <CheckProgress
          progress={phase.progress}
          note={phase.note}
          onStop={() => {
            stopped.current.abort();
            // Stop goes with the progress: the focus goes to the check's button, not to the page.
            checkButton.current?.focus();
          }}
        />
      ) : phase.kind === 'failed' ? (
        <ErrorNotice message={phase.message} />
      ) : phase.kind === 'done' ? (
        <CheckResult key={phase.outcome.references.length} endpoint={endpoint} outcome={phase.outcome} removing={removing} onRemoving={setRemoving} />
      ) : null}
    </section>
  );
}

function CheckProgress({ progress, note, onStop }: { progress: EmailCheckProgress; note: string | null; onStop: () => void }) {
  return (
    <div class="sync-progress" data-testid="references-progress">
      <LiveStatus id="references-progress-label" class="" busy>
        {checkProgressText(progress)}
      </LiveStatus>
      {/* Seen ticking, not said every second. */}
      {progress.waitingSeconds === null ? null : <p>Asking again in {plural(progress.waitingSeconds, 'second')}.</p>}
      <progress aria-labelledby="references-progress-label" max={Math.max(1, progress.total)} value={progress.done} />
      {note ? <p>{note}</p> : null}
      <div>
        <Button onClick={onStop}>Stop checking</Button>
      </div>
    </div>
  );
}

function CheckResult({ endpoint, outcome, removing, onRemoving: setRemoving }: { endpoint: Pick<UiEndpoint, 'request'>; outcome: CheckOutcome; removing: boolean; onRemoving: (removing: boolean) => void }) {
  const gone = goneReferences(outcome);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(gone.map((reference) => reference.nodeId)));
  const [confirming, setConfirming] = useState(false);
  // The last removal's result, with the rows as listed when it was asked for: its words name them as those rows did.
  const [removal, setRemoval] = useState<{ result: ReferenceRemoval; listed: readonly FoundReference[] } | null>(null);
  // The references the removal took out: the summary then counts what the file still has.
  const [removedIds, setRemovedIds] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  /** What Figma reports while it removes: seen in words, not each step announced. */
  const [step, setStep] = useState<Progress | null>(null);
  /** Why the reference Show selected cannot be seen (it is hidden, or gone), said under its row (out of sight at the list's end), or null. */
  const [shown, setShown] = useState<{ nodeId: string; text: string } | null>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const removalResult = useRef<HTMLParagraphElement>(null);
  const shownNote = useRef<HTMLSpanElement>(null);
  // The focus moves before the window draws the change (as focus-keeper does): after, it sat on
  // the body for a frame, and a key typed then was lost. A cancel gives Remove back the focus.
  const cancelled = useRef(false);
  useLayoutEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (cancelled.current) removeButton.current?.focus();
    cancelled.current = false;
  }, [confirming]);
  // Once removed, the focus goes to what happened (the rows removed leave the list), which is
  // said as it takes the focus (not a live region too: that said it twice).
  useLayoutEffect(() => removalResult.current?.focus(), [removal]);
  useEffect(() => shownNote.current?.scrollIntoView({ block: 'nearest' }), [shown]);

  if (outcome.references.length === 0 && outcome.unreadable === 0) {
    return (
      <LiveStatus testId="references-summary">No library references in this file.</LiveStatus>
    );
  }
  const show = (reference: FoundReference) =>
    void endpoint.request('canvas/references-show', { nodeId: reference.nodeId }).then(
      ({ hidden }) => setShown(hidden ? { nodeId: reference.nodeId, text: hiddenText(`${reference.brandName}: ${reference.subject}`, hidden) } : null),
      (error: unknown) => setShown({ nodeId: reference.nodeId, text: errorText(error) }),
    );
  const toggle = (nodeId: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(nodeId)) next.add(nodeId);
      return next;
    });
  // Those a removal left (unticked, or not removed): still listed, with Remove for them (they went
  // from the list with the rest, and the summary still counted their email as removed).
  const left = gone.filter((reference) => !removedIds.has(reference.nodeId));
  const remaining = left.filter((reference) => chosen.has(reference.nodeId));
  // Where each listed one is, in words (told apart among those left: a removal renumbers them).
  const places = placeTexts(left);
  const remove = () => {
    setRemoving(true);
    setStep(null);
    // An earlier removal's failure is not this one's: the rows it left stay listed, and its words went on beside a later success.
    setProblem(null);
    endpoint.request('canvas/references-remove', { nodeIds: remaining.map((reference) => reference.nodeId), goneEmailIds: [...outcome.goneEmailIds] }, { onProgress: setStep }).then(
      (result) => {
        const stayed = new Set(result.failures.flatMap((failure) => (alreadyGone(failure) ? [] : [failure.nodeId])));
        setRemovedIds((before) => new Set([...before, ...remaining.map((reference) => reference.nodeId).filter((nodeId) => !stayed.has(nodeId))]));
        setRemoval({ result, listed: left });
        setConfirming(false);
        setRemoving(false);
      },
      (error: unknown) => {
        setProblem(`The references could not be removed: ${errorText(error)}`);
        cancel();
        setRemoving(false);
      },
    );
  };
  const cancel = () => {
    cancelled.current = true;
    setConfirming(false);
  };
  const count = remaining.length;
  const noun = countWord(count, 'reference');
  const emails = distinctEmailIds(remaining).length;
  return (
    <>
      <LiveStatus testId="references-summary" id="references-summary">{summaryText(removedIds.size === 0 ? outcome : withoutRemoved(outcome, removedIds))}</LiveStatus>
      {/* What the last removal did, before what it left (listed below it). */}
      {removal ? (
        <p class={`notice ${removal.result.failures.some((failure) => !alreadyGone(failure)) ? 'notice-error' : 'notice-success'}`} data-testid="references-removal" tabIndex={-1} ref={removalResult}>
          {removalText(removal.result, removal.listed)}
        </p>
      ) : null}
      {/* Remove before the rows: one Tab from Check again, not after two a row, and in sight in a small window. */}
      {left.length > 0 ? (
        <>
          {confirming ? (
            <div
              class="confirm"
              role="group"
              aria-labelledby="references-question"
              onKeyDown={(event) => {
                // Sent, the removal cannot be called back: Escape would hide its progress, not stop it.
                if (event.key === 'Escape' && !removing) cancel();
              }}
            >
              <p id="references-question">
                Remove {count} {noun} from this file? The library removed {countWord(emails, 'this email', 'these emails')} at the brand’s request, so {countWord(emails, 'its', 'their')} use must stop. Figma’s
                undo brings {countWord(count, 'it', 'them')} back.
              </p>
              <div class="button-row">
                <Button variant="destructive" onClick={remove} busy={removing} buttonRef={confirmButton}>
                  Remove {count} {noun}
                </Button>
                <Button onClick={cancel} disabled={removing}>
                  Cancel
                </Button>
              </div>
              {removing ? <RemovalProgress count={count} step={step} /> : null}
            </div>
          ) : (
            <div>
              <Button onClick={() => setConfirming(true)} disabled={count === 0} buttonRef={removeButton}>
                Remove {count} {noun}
              </Button>
            </div>
          )}
          <ErrorNotice message={problem} />
          <ul class="brand-list" aria-label="References to removed emails">
            {left.map((reference, index) => {
              const note = shown?.nodeId === reference.nodeId;
              const place = places[index]!;
              return (
                <li key={reference.nodeId} class="reference-row">
                  <label class="reference-choice">
                    <input type="checkbox" checked={chosen.has(reference.nodeId)} onChange={() => toggle(reference.nodeId)} />
                    <span>
                      <span class="brand-row-name">{reference.brandName}</span>: {reference.subject}
                      <span class="brand-row-description"> On {place}</span>
                    </span>
                  </label>
                  {/* Named with where it is: two references to one email are otherwise one name twice. */}
                  <Button variant="link" onClick={() => show(reference)} ariaLabel={`Show ${reference.brandName}: ${reference.subject} on ${place}`}>
                    Show
                  </Button>
                  <LiveStatus class="library-status reference-note">{note ? <span ref={shownNote}>{shown.text}</span> : null}</LiveStatus>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </>
  );
}

/** The removal under way: said once when it starts; each step Figma reports is seen, not announced. */
function RemovalProgress({ count, step }: { count: number; step: Progress | null }) {
  return (
    <div class="sync-progress" data-testid="references-removing">
      {/* No spinner: the busy button beside it has one. */}
      <LiveStatus class="">{`Removing ${plural(count, 'reference')}…`}</LiveStatus>
      {step ? (
        <>
          <p id="references-removing-step">{removalStepText(step)}</p>
          <progress aria-labelledby="references-removing-step" max={Math.max(1, step.total ?? 1)} value={step.done} />
        </>
      ) : null}
    </div>
  );
}
