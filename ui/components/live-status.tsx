// A status line that is in the page before it says anything. Screen readers do not reliably
// announce a live region that appears already filled, so the region is mounted empty (out of the
// layout, as the insert bar's) and its words come one drawing later, and go again when nothing is
// left to say: the region stays.
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Spinner } from './spinner';

export interface LiveStatusProps {
  /** What to say now; null, false or '' for nothing (the region stays, hidden). */
  children?: ComponentChildren;
  /** A spinner before the words, while they say something is under way. */
  busy?: boolean;
  /** The class of the line while it says something. */
  class?: string;
  /** Keep the line's space while it says nothing (where the layout always had it). */
  keepSpace?: boolean;
  id?: string;
  testId?: string;
}

export function LiveStatus({ children, busy = false, class: className = 'library-status', keepSpace = false, id, testId }: LiveStatusProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const saying = mounted && children !== null && children !== undefined && children !== false && children !== '';
  return (
    <p id={id} role="status" aria-live="polite" class={saying || keepSpace ? className : 'visually-hidden'} data-testid={testId}>
      {saying && busy ? <Spinner /> : null}
      {saying ? children : null}
    </p>
  );
}
