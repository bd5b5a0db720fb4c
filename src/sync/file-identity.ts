// A random id for the open file, kept in its shared plugin data so every collaborator's copy
// of the plugin sees the same one. Figma gives plugins no stable file id (`figma.fileKey` is
// for private plugins only), and the builder wants one in each sync's `source`.
import { SHARED_DATA_NAMESPACE, type SharedDataHolder } from '../platform/shared-data';

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

/** The file's id, created (and stored in the document) the first time it is asked for. */
export function fileIdOf(root: SharedDataHolder): string {
  const stored = storedFileIdOf(root);
  if (stored !== '') return stored;
  const id = randomFileId();
  root.setSharedPluginData(SHARED_DATA_NAMESPACE, FILE_ID_KEY, id);
  return id;
}
