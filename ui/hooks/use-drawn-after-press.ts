// Whether an effect belongs to a render drawn after the last press. Preact runs effects after the
// paint, so one of a render drawn before a press can run after it (the press's own render runs it
// first): it sees the state from before the press, and would take what the press recorded as
// already answered. Each render knows how many presses came before it.
import { useRef, useState } from 'preact/hooks';

/** `press`: call it as the press is made. `drawnAfterPress`: read in an effect, true when its render came after the last press. */
export function useDrawnAfterPress(): { press: () => void; drawnAfterPress: () => boolean } {
  const presses = useRef(0);
  const [pressesDrawn, setPressesDrawn] = useState(0);
  return {
    press: () => {
      presses.current += 1;
      setPressesDrawn(presses.current);
    },
    drawnAfterPress: () => pressesDrawn === presses.current,
  };
}
