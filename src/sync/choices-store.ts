// The designer's choices in the diff view (push, take, skip per component), kept per user in
// clientStorage until the sync runs, so closing the window loses none of them. Keyed by file
// and design system: a choice made for one never applies to another. Each choice keeps what it
// was made for (the row's kind and remote version, see `choiceMadeFor`): a later comparison
// applies it only to that same row, never to a teammate's version the designer has not seen.
import { keepRecentAsync, type ClientStorageLike } from './per-file-entries';
import type { SyncChoice } from '../shared/bridge/messages';
import { isRemoteChange, type ClassifiedComponent } from './classify';

export interface StoredChoice {
  choice: SyncChoice;
  /** `choiceMadeFor` of the row when it was chosen; null for a choice stored without it. */
  madeFor: string | null;
}

export interface ChoicesStore {
  readAsync(): Promise<Map<string, StoredChoice>>;
  /** Merges `choices` into the stored ones. */
  updateAsync(choices: ReadonlyMap<string, StoredChoice>): Promise<void>;
  /** Forgets the choices of these components (they were synced). */
  forgetAsync(keys: Iterable<string>): Promise<void>;
}

const CHOICES: ReadonlySet<string> = new Set<SyncChoice>(['push', 'take', 'skip']);

const PREFIX = 'envelope.sync.choices.';

export function choicesStorageKey(fileId: string, designSystemId: string): string {
  return `${PREFIX}${fileId}.${designSystemId}`;
}

/**
 * What a choice answers: the row's kind and the teammate's version it was shown with (none when
 * the remote side has not changed: an echo of our own push comes and goes without the row changing).
 */
export function choiceMadeFor(row: Pick<ClassifiedComponent, 'kind' | 'remote' | 'base'>): string {
  const remote = row.remote !== null && isRemoteChange(row.remote, row.base) ? `${row.remote.deleted ? 'deleted' : row.remote.hash}@${row.remote.updated_at}` : '';
  return `${row.kind}|${remote}`;
}

/**
 * Whether a stored choice still answers this row. One stored without what it was made for is
 * trusted as before, except to settle a conflict or a teammate's deletion (only skip): keep mine
 * or keep it is sent forced, over a version the choice may never have seen, and take theirs or
 * delete it changes this file for a version or a deletion never shown.
 */
export function choiceStillApplies(stored: StoredChoice, row: Pick<ClassifiedComponent, 'kind' | 'remote' | 'base'>): boolean {
  if (stored.madeFor === null) return stored.choice === 'skip' || !(row.kind === 'conflict' || row.kind === 'remote-delete');
  return stored.madeFor === choiceMadeFor(row);
}

function storedChoiceOf(value: unknown): StoredChoice | null {
  // A bare choice: stored before choices kept what they were made for.
  if (typeof value === 'string') return CHOICES.has(value) ? { choice: value as SyncChoice, madeFor: null } : null;
  if (typeof value !== 'object' || value === null) return null;
  const { choice, madeFor } = value as { choice?: unknown; madeFor?: unknown };
  if (typeof choice !== 'string' || !CHOICES.has(choice) || (typeof madeFor !== 'string' && madeFor !== null)) return null;
  return { choice: choice as SyncChoice, madeFor };
}

export function createChoicesStore(storage: ClientStorageLike, fileId: string, designSystemId: string): ChoicesStore {
  const name = choicesStorageKey(fileId, designSystemId);

  async function readAsync(): Promise<Map<string, StoredChoice>> {
    const stored = await storage.getAsync(name);
    const choices = new Map<string, StoredChoice>();
    if (typeof stored !== 'object' || stored === null) return choices;
    // Anything else in the entry (edited by hand, a later version) is left out, not trusted.
    for (const [key, value] of Object.entries(stored as Record<string, unknown>)) {
      const choice = storedChoiceOf(value);
      if (choice !== null) choices.set(key, choice);
    }
    return choices;
  }

  async function writeAsync(choices: ReadonlyMap<string, StoredChoice>): Promise<void> {
    if (choices.size === 0) return storage.deleteAsync(name);
    await storage.setAsync(name, Object.fromEntries(choices));
    // Only the latest files' choices are kept (per-file-entries.ts); this file's are written.
    await keepRecentAsync(storage, PREFIX, name).catch(() => undefined);
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
