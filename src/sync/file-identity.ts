// A random id for the open file, kept in its shared plugin data so every collaborator's copy
// of the plugin sees the same one. Figma gives plugins no stable file id (`figma.fileKey` is
// for private plugins only), and the builder wants one in each sync's `source`.
import { SHARED_DATA_NAMESPACE, type SharedDataHolder } from '../platform/shared-data';
import { asUndoStep } from '../platform/undo-step';

const FILE_ID_KEY = 'fileId';

function randomFileId(): string {
  let id = 'file_';
  for (let i = 0; i < 16; i++) id += Math.floor(Math.random() * 36).toString(36);
  return id;
}

/** The file's id as stored, or '' when none was made yet: a read that writes nothing (no stray undo step). */
export function storedFileIdOf(root: SharedDataHolder): string {
  return root.getSharedPluginData(SHARED_DATA_NAMESPACE, FILE_ID_KEY);
}

/**
 * The file's id, created (and stored in the document) the first time it is asked for, as an undo
 * step of its own: written in the step of the save or sync that asked for it, ⌘Z on that took the
 * id too, and the next one made a new id, orphaning what was stored under the old (sync's
 * choices). `stepOpen`: another feature's step is open, which a commit would cut in two; the id
 * then goes with that step, as before.
 */
export function fileIdOf(figma: { root: SharedDataHolder; commitUndo(): void }, stepOpen: () => boolean): string {
  const stored = storedFileIdOf(figma.root);
  if (stored !== '') return stored;
  const id = randomFileId();
  asUndoStep(figma, stepOpen, () => figma.root.setSharedPluginData(SHARED_DATA_NAMESPACE, FILE_ID_KEY, id));
  return id;
}
