// The latest committed value of a render, for callbacks and effects that must not change with it.
// Written in a layout effect, not during render: a render Preact throws away or runs twice must
// not leave its value behind. Layout effects run in the order they are declared, so an effect
// declared after this one (and every callback, timer and passive effect) reads this render's value.
import { useLayoutEffect, useRef } from 'preact/hooks';

export function useLatest<T>(value: T): { readonly current: T } {
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  return latest;
}
