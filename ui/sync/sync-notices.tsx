// The Sync screen's notices: why the file cannot sync yet, a failure with its retry, the
// progress of a check or a sync, and a sync's outcome.
import type { Ref } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { SyncOverview } from '../../src/shared/bridge/messages';
import { Button } from '../components/button';
import { LiveStatus } from '../components/live-status';
import { WaitOverStatus } from '../components/wait-over-status';
import { useStillBefore } from '../hooks/use-still-before';
import { ErrorNotice } from '../components/notice';
import type { Failure } from './sync-failure';
import { outcomeText, type ShownOutcome } from './sync-outcome';
import { taskProgressText, type Task } from './sync-task';

const LINK_PROBLEM_TEXT: Record<NonNullable<SyncOverview['problem']>, { title: string; body: string }> = {
  'no-builder-key': { title: 'Sync needs your builder API key.', body: 'The design system is set for this file; add your builder API key in Settings (it stays on this computer).' },
  'no-design-system': { title: 'This file is not linked to a design system yet.', body: 'Choose the design system this file syncs to in Settings. Everyone who opens the file then syncs to the same one.' },
  'no-key-and-design-system': { title: 'Sync needs a builder API key and a design system.', body: 'Add your builder API key and choose the design system this file syncs to, both in Settings.' },
};

/** Why the file cannot sync yet, with the way to Settings. */
// `addressMissing`: the builder's address is the built-in stand-in, needed as much (Settings opens on it).
export function LinkProblem({ problem, addressMissing, hidden, onOpenSettings }: { problem: NonNullable<SyncOverview['problem']>; addressMissing: boolean; hidden: boolean; onOpenSettings: () => void }) {
  return (
    <div class="screen sync-screen" data-testid="screen-sync" hidden={hidden}>
      <div class="empty-state" data-testid="sync-link-problem">
        <strong>{LINK_PROBLEM_TEXT[problem].title}</strong>
        <p>
          {LINK_PROBLEM_TEXT[problem].body}
          {addressMissing ? ' The email builder’s address is missing too: enter it there first.' : null}
        </p>
        <div>
          <Button variant="primary" onClick={onOpenSettings} testId="sync-open-settings">
            Open Settings
          </Button>
        </div>
      </div>
    </div>
  );
}

/** Whether the element shows whole within the scrolled screen. */
function inSight(element: HTMLElement): boolean {
  const view = element.closest('main')?.getBoundingClientRect();
  const box = element.getBoundingClientRect();
  return view !== undefined && box.top >= view.top && box.bottom <= view.bottom;
}

/**
 * A failure in words with its retry. The retry waits while a check or a sync runs: sent then, it
 * would reach the sandbox after it, onto rows that may mean something else. A "slow down" holds
 * it until the wait said is over (pressed sooner, it could only be refused again), as Templates
 * holds a save, and says so politely once it is.
 */
export function FailureNotice({ failure, busy, onRetry, testId, retryLabel, retryTestId }: { failure: Failure; busy: boolean; onRetry: (failure: Failure) => void; testId: string; retryLabel?: string; retryTestId?: string }) {
  const held = useStillBefore(failure.tryAgainAt ?? null);
  const box = useRef<HTMLDivElement>(null);
  const retry = useRef<HTMLButtonElement>(null);
  // Into sight when it comes: it stands at the screen's top, and what failed (a tick in the list,
  // Sync) may be far below it in a small window, where a tick put back would say nothing.
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' });
    // A button below the list that started what failed (Sync) left sight with that: the keyboard
    // stayed on it unseen, and Enter did it again unseen. Its retry, in sight, does the same.
    const active = document.activeElement;
    if (retry.current && active instanceof HTMLElement && active.closest('.sync-actions') && !inSight(active)) retry.current.focus();
  }, [failure]);
  return (
    <div class="sync-error" ref={box}>
      <ErrorNotice message={failure.message} testId={testId} />
      {!busy ? (
        <Button onClick={() => onRetry(failure)} held={held} buttonRef={retry} testId={retryTestId}>
          {retryLabel ?? failure.retryLabel}
        </Button>
      ) : null}
      {failure.tryAgainAt === undefined ? null : <WaitOverStatus held={held} />}
    </div>
  );
}

export function TaskProgress({ task }: { task: Task }) {
  const progress = task.progress;
  const determinate = progress !== null && progress.total !== null && progress.total > 0;
  return (
    <div class="sync-progress" data-testid="sync-progress">
      <p id="sync-progress-label">{taskProgressText(task)}</p>
      <progress
        aria-labelledby="sync-progress-label"
        max={determinate ? (progress.total ?? 1) : undefined}
        value={determinate ? progress.done : undefined}
      />
    </div>
  );
}

/**
 * What a screen reader hears of a check or a sync, once each: the builder's wait and the outcome.
 * The progress line is not live (every count would be read out); the outcome notice is added
 * already filled, which may go unheard, so its summary is said here instead.
 */
export function SyncAnnouncement({ task, outcome }: { task: Task | null; outcome: ShownOutcome | null }) {
  const waiting = task?.progress?.waitSeconds !== undefined ? task.progress.label : null;
  const text = outcome?.counts ? outcomeText(outcome.outcome) : null;
  const done = text ? [text.summary, text.conflicts].filter(Boolean).join(' ') : null;
  return (
    <LiveStatus class="visually-hidden" testId="sync-announcement">
      {waiting ?? (task ? null : done)}
    </LiveStatus>
  );
}

export function OutcomeNotice({ shown: { outcome, counts }, onDismiss, boxRef }: { shown: ShownOutcome; onDismiss: () => void; boxRef?: Ref<HTMLDivElement> }) {
  const text = counts ? outcomeText(outcome) : null;
  return (
    <div ref={boxRef} class="notice notice-success sync-outcome" data-testid="sync-outcome">
      {text ? <p>{text.summary}</p> : null}
      {text?.conflicts ? <p>{text.conflicts}</p> : null}
      {outcome.manualSteps.length > 0 ? (
        <>
          <p>{text ? 'Not everything could be done; what is left, and why:' : 'Left from the last sync, and why:'}</p>
          <ul class="sync-steps">
            {outcome.manualSteps.map((entry) => (
              <li key={entry.key}>
                {/* One step a line: they are often sentences of their own, and the first may start with the name again. */}
                <strong>{entry.name}</strong>
                <ul>
                  {entry.steps.map((step, index) => (
                    <li key={index}>{step}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div>
        <Button variant="link" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </div>
  );
}
