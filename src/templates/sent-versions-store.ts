// What this designer last sent to each template from a frame, kept in clientStorage (on this
// computer), where ⌘Z cannot reach it. The frame's link is plugin data, which ⌘Z takes back: after
// ⌘Z of an Update the link named the version before, so the next Update blamed a teammate for the
// designer's own version ("changed in the builder"), or, with the frame undone too, said
// "unchanged" while the builder held the version undone; after ⌘Z of a save, saving again made a
// second template. The record changes words and offers, and puts back a link undo took when the
// builder holds exactly what was sent (for an Update, only with the frame as it sent it, too;
// linking again from the offer is the designer's own choice); nothing is sent unseen on
// its say (a copy of the file keeps the frame's ids, so its record may be of newer work there).
// Best effort: without one, the link decides as before.
import type { ClientStorageLike } from '../platform/client-storage';
import type { SentVersion } from './template-link';

const STORAGE_KEY = 'envelope.templates.sent';
/** Templates remembered, the most recently sent first: far more than a designer updates in a while. */
const SENT_VERSIONS_LIMIT = 200;

export interface SentVersionsStore {
  /** The version last sent to this template from here, or null. */
  readAsync(templateId: string): Promise<SentVersion | null>;
  /** The version this frame (in this file) sent last, to any template, or null. */
  readForFrameAsync(frameId: string, fileId: string): Promise<SentVersion | null>;
  noteAsync(sent: SentVersion): Promise<void>;
  /** Forgets what this frame sent (it was unlinked on purpose: its template is no longer its own to link again). */
  forgetFrameAsync(frameId: string, fileId: string): Promise<void>;
  /** Forgets what was sent to this template (deleted: nothing to link again). */
  forgetTemplateAsync(templateId: string): Promise<void>;
}

function isSentVersion(value: unknown): value is SentVersion {
  if (typeof value !== 'object' || value === null) return false;
  const { templateId, templateName, frameId, fileId, updatedAt, hash, sentHash } = value as Record<string, unknown>;
  return [templateId, templateName, frameId, fileId, updatedAt, hash].every((field) => typeof field === 'string') && (sentHash === undefined || typeof sentHash === 'string');
}

export function createSentVersionsStore(storage: ClientStorageLike): SentVersionsStore {
  /**
   * The stored list as it is, or null when it cannot be read or is not a list (a newer version's
   * shape): then left alone. Entries of another shape in it are kept, unread, when it is written.
   */
  const storedAsync = async (): Promise<unknown[] | null> => {
    try {
      const stored = await storage.getAsync(STORAGE_KEY);
      if (stored === undefined) return [];
      return Array.isArray(stored) ? stored : null;
    } catch {
      return null;
    }
  };
  const allAsync = async (): Promise<SentVersion[]> => ((await storedAsync()) ?? []).filter(isSentVersion);
  /** Writes the list with `change` made to it, unless it could not be read; a refused write is let go. */
  const changeAsync = async (change: (stored: unknown[]) => unknown[]) => {
    const stored = await storedAsync();
    if (stored === null) return;
    const changed = change(stored);
    if (changed.length === stored.length && changed.every((entry, index) => entry === stored[index])) return;
    try {
      await storage.setAsync(STORAGE_KEY, changed.slice(0, SENT_VERSIONS_LIMIT));
    } catch {
      // Full: the save is made and linked; only undo of it would be read as before.
    }
  };
  const forgetAsync = (forgotten: (sent: SentVersion) => boolean) => changeAsync((stored) => stored.filter((entry) => !(isSentVersion(entry) && forgotten(entry))));
  return {
    async readAsync(templateId) {
      return (await allAsync()).find((sent) => sent.templateId === templateId) ?? null;
    },
    async readForFrameAsync(frameId, fileId) {
      return (await allAsync()).find((sent) => sent.frameId === frameId && sent.fileId === fileId) ?? null;
    },
    // Older records of the template, and of the frame (its last save is the one to offer back), go.
    noteAsync: (sent) => changeAsync((stored) => [sent, ...stored.filter((entry) => !(isSentVersion(entry) && (entry.templateId === sent.templateId || (entry.frameId === sent.frameId && entry.fileId === sent.fileId))))]),
    forgetFrameAsync: (frameId, fileId) => forgetAsync((sent) => sent.frameId === frameId && sent.fileId === fileId),
    forgetTemplateAsync: (templateId) => forgetAsync((sent) => sent.templateId === templateId),
  };
}
