// Shared plugin data on the document: copied to every collaborator and into exported files, so
// it holds only what the whole team should see (never a key). One namespace for all of Envelope.

export const SHARED_DATA_NAMESPACE = 'envelope';

/** The part of a node's shared plugin data API the rooms use (figma.root, or a fake in tests). */
export interface SharedDataHolder {
  getSharedPluginData(namespace: string, key: string): string;
  setSharedPluginData(namespace: string, key: string, value: string): void;
}
