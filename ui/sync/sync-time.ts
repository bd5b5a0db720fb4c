// How long a running sync has left from its progress rate, in words.

export interface ProgressSample {
  done: number;
  atMs: number;
}

/**
 * Seconds left from the rate since the first sample, or null until the rate means something
 * (two samples at least a second apart with work done between them).
 */
export function secondsLeft(first: ProgressSample | null, latest: ProgressSample, total: number | null): number | null {
  if (!first || total === null || total <= latest.done) return null;
  const elapsedMs = latest.atMs - first.atMs;
  const done = latest.done - first.done;
  if (elapsedMs < 1000 || done <= 0) return null;
  return ((total - latest.done) * elapsedMs) / done / 1000;
}

/** "about 40 s left", "about 3 min left", "about 1 h 10 min left". */
export function timeLeftText(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  if (seconds < 5) return 'a few seconds left';
  if (seconds < 60) return `about ${Math.round(seconds / 5) * 5} s left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  return `about ${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

/** A progress report in words: the sandbox's label, with "340 of 1,200" when the label has no count. */
export function progressText(progress: { done: number; total: number | null; label: string }): string {
  if (progress.total === null || /\d/.test(progress.label)) return progress.label;
  return `${progress.label} ${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')}`;
}
