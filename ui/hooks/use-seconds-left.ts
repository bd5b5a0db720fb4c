// One countdown for the screens that wait out a limit ("Going on in 31 seconds", "Test again in
// 12 seconds", a 429's retry): the whole seconds left until a moment, ticking once a second.
import { useEffect, useState } from 'preact/hooks';

/** Seconds left until `until` (a Date.now() time), never below 0; 0 when `until` is null. */
export function useSecondsLeft(until: number | null): number {
  // Read at each render (a new `until` is counted from now at once); the timer only renders again.
  const [, setTicks] = useState(0);
  const secondsLeft = until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000));
  useEffect(() => {
    if (until === null || secondsLeft === 0) return undefined;
    // Effects run after the paint, which a busy or hidden window can put off past the end: the
    // seconds drawn then are drawn again at 0, or they would stay.
    if (until <= Date.now()) {
      setTicks((ticks) => ticks + 1);
      return undefined;
    }
    const timer = setInterval(() => {
      setTicks((ticks) => ticks + 1);
      if (Date.now() >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
    // Only a new `until` sets a new timer; what was drawn for it is read once, as it was then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [until]);
  return secondsLeft;
}
