// "You can try again now." under each Templates problem whose long wait is over. The builder's
// wait is per key, so the list, the save section and a row held by it end together: each line
// shows under its own problem, but only the first is said (a screen reader heard it three times
// in a row), as the others would only repeat it.
import { useState } from 'preact/hooks';
import { WaitOverStatus } from '../components/wait-over-status';

/** Lines ending this close to one that was said only show their words. */
const SAID_TOGETHER_MS = 10_000;
let lastSaidAt = -Infinity;

export function WaitOverLine({ held }: { held: boolean }) {
  // Decided once, as the wait ends (null while held): lines ending in one drawing see each
  // other's, so it is written here rather than after the drawing, and a later redraw does not say it late.
  const [repeats, setRepeats] = useState<boolean | null>(null);
  if (held && repeats !== null) setRepeats(null);
  if (!held && repeats === null) {
    const now = Date.now();
    const said = now - lastSaidAt < SAID_TOGETHER_MS;
    if (!said) lastSaidAt = now;
    setRepeats(said);
  }
  // The status line stays, quiet, beside the words shown: it is not taken away as they come.
  return (
    <>
      <WaitOverStatus held={held || repeats === true} />
      {!held && repeats === true ? <p class="muted">You can try again now.</p> : null}
    </>
  );
}
