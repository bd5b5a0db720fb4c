// Settings that belong to the open file and are shared with everyone who opens it: the builder
// design system the file syncs to. Kept in the document root's shared plugin data.

import { SHARED_DATA_NAMESPACE, type SharedDataHolder } from '../platform/shared-data';

export const DESIGN_SYSTEM_ID_KEY = 'designSystemId';

export interface DocumentSettings {
  getDesignSystemId(): string | null;
  /** null removes the entry. The id must already be valid and normalized. */
  setDesignSystemId(id: string | null): void;
}

export function createDocumentSettings(root: SharedDataHolder): DocumentSettings {
  return {
    getDesignSystemId() {
      const value = root.getSharedPluginData(SHARED_DATA_NAMESPACE, DESIGN_SYSTEM_ID_KEY);
      return value === '' ? null : value;
    },
    setDesignSystemId(id) {
      // Figma deletes an entry when it is set to ''.
      root.setSharedPluginData(SHARED_DATA_NAMESPACE, DESIGN_SYSTEM_ID_KEY, id ?? '');
    },
  };
}
