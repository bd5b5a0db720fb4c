import { describe, expect, it } from 'vitest';
import { createDesignSystemWatch } from '../../../src/settings/design-system-watch';
import type { DocumentSettings } from '../../../src/settings/document-settings';

/** The id as the file holds it, changed by the test as ⌘Z or a collaborator would, and a documentchange to fire. */
function createFile(initial: string | null) {
  let id = initial;
  const listeners: Array<() => void> = [];
  const stored: DocumentSettings = { getDesignSystemId: () => id, setDesignSystemId: (next) => void (id = next) };
  const figma = {
    loadAllPagesAsync: () => Promise.resolve(),
    on: (type: string, listener: () => void) => {
      if (type === 'documentchange') listeners.push(listener);
    },
  } as unknown as Pick<PluginAPI, 'on' | 'loadAllPagesAsync'>;
  return {
    stored,
    figma,
    changeOutside(next: string | null) {
      id = next;
      for (const listener of listeners) listener();
    },
    documentChanged() {
      for (const listener of listeners) listener();
    },
  };
}

describe('design-system watch', () => {
  it('tells each change of the id made outside this window (⌘Z, a collaborator), once', async () => {
    const file = createFile('ds_a');
    const told: Array<string | null> = [];
    await createDesignSystemWatch(file.stored).startAsync(file.figma, (id) => told.push(id));
    file.documentChanged(); // an edit of something else
    file.changeOutside(null);
    file.documentChanged();
    file.changeOutside('ds_b');
    expect(told).toEqual([null, 'ds_b']);
  });

  it('does not tell back what this window’s Save wrote, but does tell its undo', async () => {
    const file = createFile(null);
    const told: Array<string | null> = [];
    const watch = createDesignSystemWatch(file.stored);
    await watch.startAsync(file.figma, (id) => told.push(id));
    watch.documentSettings.setDesignSystemId('ds_a');
    file.documentChanged(); // the save's own document change
    expect(watch.documentSettings.getDesignSystemId()).toBe('ds_a');
    expect(told).toEqual([]);
    file.changeOutside(null);
    expect(told).toEqual([null]);
  });
});
