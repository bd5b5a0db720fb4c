// What this designer last sent to each template from a frame, kept in clientStorage, where ⌘Z
// cannot reach it. The frame's link is plugin data, which ⌘Z takes back: after ⌘Z of an Update
// the link named the version before, so the next Update took the designer's own version for a
// teammate's ("changed in the builder"), or, with the frame undone too, said "unchanged" while
// the builder held the version undone. Best effort: without a record, the link decides as before.
import type { ClientStorageLike } from '../platform/client-storage';
import type { SentVersion } from './template-link';

const STORAGE_KEY = 'envelope.templates.sent';
/** Templates remembered, the most recently sent first: far more than a designer updates in a while. */
const SENT_VERSIONS_LIMIT = 200;

export interface SentVersionsStore {
  /** The version last sent to this template from here, or null. */
  readAsync(templateId: string): Promise<SentVersion | null>;
  noteAsync(sent: SentVersion): Promise<void>;
}

function isSentVersion(value: unknown): value is SentVersion {
  if (typeof value !== 'object' || value === null) return false;
  const { templateId, frameId, fileId, updatedAt, sentHash } = value as Record<string, unknown>;
  return [templateId, frameId, fileId, updatedAt].every((field) => typeof field === 'string') && (sentHash === undefined || typeof sentHash === 'string');
}

export function createSentVersionsStore(storage: ClientStorageLike): SentVersionsStore {
  const allAsync = async (): Promise<SentVersion[]> => {
    try {
      const stored = await storage.getAsync(STORAGE_KEY);
      return Array.isArray(stored) ? stored.filter(isSentVersion) : [];
    } catch {
      return [];
    }
  };
  return {
    async readAsync(templateId) {
      return (await allAsync()).find((sent) => sent.templateId === templateId) ?? null;
    },
    async noteAsync(sent) {
      const others = (await allAsync()).filter((each) => each.templateId !== sent.templateId);
      try {
        await storage.setAsync(STORAGE_KEY, [sent, ...others].slice(0, SENT_VERSIONS_LIMIT));
      } catch {
        // Full: the save is made and linked; only ⌘Z of it would be read as before.
      }
    },
  };
}
