// The designer's choices in the diff view (push, take, skip per component), kept per user in
// clientStorage until the sync runs, so closing the window loses none of them. Keyed by file
// and design system: a choice made for one never applies to another.
import type { ClientStorageLike } from '../platform/client-storage';
import type { SyncChoice } from '../shared/bridge/messages';

export interface ChoicesStore {
  readAsync(): Promise<Map<string, SyncChoice>>;
  /** Merges `choices` into the stored ones. */
  updateAsync(choices: ReadonlyMap<string, SyncChoice>): Promise<void>;
  /** Forgets the choices of these components (they were synced). */
  forgetAsync(keys: Iterable<string>): Promise<void>;
}

const CHOICES: ReadonlySet<string> = new Set<SyncChoice>(['push', 'take', 'skip']);

export function choicesStorageKey(fileId: string, designSystemId: string): string {
  return `envelope.sync.choices.${fileId}.${designSystemId}`;
}

export function createChoicesStore(storage: ClientStorageLike, fileId: string, designSystemId: string): ChoicesStore {
  const name = choicesStorageKey(fileId, designSystemId);

  async function readAsync(): Promise<Map<string, SyncChoice>> {
    const stored = await storage.getAsync(name);
    const choices = new Map<string, SyncChoice>();
    if (typeof stored !== 'object' || stored === null) return choices;
    // Anything else in the entry (edited by hand, a later version) is left out, not trusted.
    for (const [key, choice] of Object.entries(stored as Record<string, unknown>)) {
      if (typeof choice === 'string' && CHOICES.has(choice)) choices.set(key, choice as SyncChoice);
    }
    return choices;
  }

  async function writeAsync(choices: ReadonlyMap<string, SyncChoice>): Promise<void> {
    if (choices.size === 0) await storage.deleteAsync(name);
    else await storage.setAsync(name, Object.fromEntries(choices));
  }

  return {
    readAsync,
    async updateAsync(changes) {
      const choices = await readAsync();
      for (const [key, choice] of changes) choices.set(key, choice);
      await writeAsync(choices);
    },
    async forgetAsync(keys) {
      const choices = await readAsync();
      let changed = false;
      for (const key of keys) changed = choices.delete(key) || changed;
      if (changed) await writeAsync(choices);
    },
  };
}
