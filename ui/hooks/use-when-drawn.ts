// A focus move a change of screen asks for, given as the render it causes lands (its target shown
// again, or drawn, by it), before the paint. Left to the next frame (late on a busy machine), the
// focus sat on the page meanwhile (read out as the page by a screen reader), and a key pressed then
// was lost. The moves run in this hook's layout effect: after the layout effects declared before it.
import { useLayoutEffect, useRef, useState } from 'preact/hooks';

/** Returns `whenDrawn(move)`: `move` runs once the render it asks for is drawn, before the paint. */
export function useWhenDrawn(): (move: () => void) => void {
  const moves = useRef<Array<() => void>>([]);
  const [, askDrawn] = useState(0);
  useLayoutEffect(() => {
    const due = moves.current;
    if (due.length === 0) return;
    moves.current = [];
    for (const move of due) move();
  });
  return (move) => {
    moves.current.push(move);
    askDrawn((asked) => asked + 1);
  };
}
