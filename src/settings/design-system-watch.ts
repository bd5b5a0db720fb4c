// The file's design-system id is shared plugin data on the document root, so ⌘Z or ⌘⇧Z of a
// save, or a collaborator, can change it while the plugin is open. Settings would keep showing
// the id it read before (and Save would write it back): each change not made by this window's
// own Save is told to the UI.
import type { DocumentSettings } from './document-settings';

export interface DesignSystemWatch {
  /** What Settings' Save writes through: a change made here is known, so it is not told back. */
  documentSettings: DocumentSettings;
  /** Follows document changes (all pages loaded first, as dynamic-page requires). */
  startAsync(figma: Pick<PluginAPI, 'on' | 'loadAllPagesAsync'>, emit: (designSystemId: string | null) => void): Promise<void>;
}

export function createDesignSystemWatch(documentSettings: DocumentSettings): DesignSystemWatch {
  let known = documentSettings.getDesignSystemId();
  return {
    documentSettings: {
      getDesignSystemId: () => documentSettings.getDesignSystemId(),
      setDesignSystemId(id) {
        documentSettings.setDesignSystemId(id);
        known = documentSettings.getDesignSystemId();
      },
    },
    async startAsync(figma, emit) {
      known = documentSettings.getDesignSystemId();
      await figma.loadAllPagesAsync();
      // One read of the root's entry per batch of changes: cheaper than finding the root among them.
      figma.on('documentchange', () => {
        const now = documentSettings.getDesignSystemId();
        if (now === known) return;
        known = now;
        emit(now);
      });
    },
  };
}
