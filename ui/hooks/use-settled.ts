// A value once it has stopped changing for a while: what a request is asked with while the person
// is still typing or stepping through choices (each step on the way is no search anyone wanted).
import { useEffect, useState } from 'preact/hooks';

/** `value` once it has stayed the same for `waitMs`; the first value at once. */
export function useSettled<T>(value: T, waitMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), waitMs);
    return () => clearTimeout(timer);
  }, [value, waitMs]);
  return settled;
}
