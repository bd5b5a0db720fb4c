// A change to the document as an undo step of its own: ⌘Z takes back this change alone, not the
// one before or after it. Not while another feature's step is open (references being placed, a
// sync's take): a commit then would cut that step in two, so the change goes with it.

/** Runs `write` between two commits, unless `stepOpen()` says another feature's step is open. */
export function asUndoStep(figma: Pick<PluginAPI, 'commitUndo'>, stepOpen: () => boolean, write: () => void): void {
  const own = !stepOpen();
  if (own) figma.commitUndo();
  write();
  if (own) figma.commitUndo();
}
