// A wait the builder asked for before the list is read again: counted down when it said how long
// (the list then reads again by itself, no Try again meanwhile), or Try again held for a wait of hours.
import { useEffect, useMemo } from 'preact/hooks';
import { useLatest } from '../hooks/use-latest';
import { useSecondsLeft } from '../hooks/use-seconds-left';
import { useStillBefore } from '../hooks/use-still-before';
import type { TemplateProblem } from './template-words';

/** `waitUntil`: when a counted wait ends (null: none); `waitLeft`: its seconds left; `listHeld`: Try again is held. */
export function useListWait(listProblem: TemplateProblem | null, retryRead: () => void) {
  // A wait the builder asked for, counted from when it was said; at its end the list reads again (no Try again meanwhile).
  const waitUntil = useMemo(() => (listProblem?.retryAfterSeconds === undefined ? null : Date.now() + listProblem.retryAfterSeconds * 1000), [listProblem]);
  const waitLeft = useSecondsLeft(waitUntil);
  // A wait of hours: Try again is held until it is over (pressed sooner, it could only be refused again).
  const listHeld = useStillBefore(listProblem?.tryAgainAt ?? null);
  const retryAfterWait = useLatest(() => retryRead());
  useEffect(() => {
    if (waitUntil !== null && waitLeft === 0) retryAfterWait.current();
  }, [waitUntil, waitLeft, retryAfterWait]);
  return { waitUntil, waitLeft, listHeld };
}
