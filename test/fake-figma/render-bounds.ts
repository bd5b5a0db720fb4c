// How far a node's own effects paint beyond its box: what `absoluteRenderBounds` adds to
// `absoluteBoundingBox` ("accounting for drop shadows, thick strokes, and anything else that may
// fall outside") and so what `exportAsync` covers. A visible drop shadow is the box moved by its
// offset, grown by its spread and its blur radius on every side; a visible layer blur grows the
// box by its radius. Not modelled (left at the box, as before): strokes, children outside an
// unclipped frame, children's own effects.

/** Units beyond each edge of the box (0 or more). */
export interface Outset {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export function effectOutset(effects: ReadonlyArray<Effect> | undefined): Outset {
  const out: Outset = { left: 0, top: 0, right: 0, bottom: 0 };
  for (const effect of effects ?? []) {
    if (!effect.visible) continue;
    let x = 0;
    let y = 0;
    let grow: number;
    if (effect.type === 'DROP_SHADOW') {
      x = effect.offset.x;
      y = effect.offset.y;
      grow = effect.radius + (effect.spread ?? 0);
    } else if (effect.type === 'LAYER_BLUR') grow = effect.radius;
    else continue;
    out.left = Math.max(out.left, grow - x);
    out.top = Math.max(out.top, grow - y);
    out.right = Math.max(out.right, grow + x);
    out.bottom = Math.max(out.bottom, grow + y);
  }
  return out;
}
