// A field that shows its message on blur moves what is below it. When the blur comes from a
// press on a button below, the button moves away before the press is released and the click is
// lost. So a blur's layout change waits until the pointer is released and the click is done.

let pointerDown = false;
let waiting: Array<() => void> = [];

function release(): void {
  pointerDown = false;
  const run = waiting;
  waiting = [];
  // After the click that this release dispatches, which comes in the same task.
  if (run.length > 0) setTimeout(() => run.forEach((callback) => callback()), 0);
}

if (typeof window !== 'undefined') {
  window.addEventListener('pointerdown', () => (pointerDown = true), true);
  window.addEventListener('pointerup', release, true);
  window.addEventListener('pointercancel', release, true);
  // A press that ends outside the window sends no pointerup here.
  window.addEventListener('blur', release);
}

/** Runs `callback` now, or, while a pointer is pressed, once it is released (and its click handled). */
export function afterPointerRelease(callback: () => void): void {
  if (pointerDown) waiting.push(callback);
  else callback();
}
