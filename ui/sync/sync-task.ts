// A running check or sync as the screen shows it: its progress, and the samples its time left is
// reckoned from. Pure, so the progress line is tested without a browser.
import type { Progress } from '../../src/shared/bridge/protocol';
import { progressText, secondsLeft, timeLeftText, type ProgressSample } from './sync-time';

export interface Task {
  kind: 'compare' | 'run';
  progress: Progress | null;
  /** The first report of the current phase, for the time left. */
  first: ProgressSample | null;
  latest: ProgressSample | null;
  cancel: () => void;
}

/** The task after a progress report at `atMs`: a new phase (another total, or counting from the start again) restarts the rate. */
export function withProgress(task: Task, progress: Progress, atMs: number): Task {
  const sample = { done: progress.done, atMs };
  const samePhase = task.progress && task.progress.total === progress.total && task.progress.done <= progress.done;
  return { ...task, progress, first: samePhase ? task.first : sample, latest: sample };
}

/** The progress line: the report in words, and for a sync the time left once the rate means something (not during a wait: the rate leaves it out). */
export function taskProgressText({ kind, progress, first, latest }: Task): string {
  if (!progress) return kind === 'run' ? 'Starting the sync…' : 'Starting the comparison…';
  const left = kind === 'run' && latest && progress.waitSeconds === undefined ? timeLeftText(secondsLeft(first, latest, progress.total)) : null;
  return progressText(progress) + (left ? ` — ${left}` : '');
}

/**
 * Where an answer asked for at turn `asked` (the checks and syncs started by then) lands: 'newer'
 * once another started (what it shows is newer: the answer is dropped), 'moved' once the file links
 * another design system than the list was compared with (a check with it follows: the answer is
 * dropped, and words saying the list is current are not said), else 'current'.
 */
export function answerFinds(asked: number, now: { turn: number; link: string | null; comparedWith: string | null }): 'newer' | 'moved' | 'current' {
  return asked !== now.turn ? 'newer' : now.link !== now.comparedWith ? 'moved' : 'current';
}
