// What a frame remembers about the builder template it was saved as, and the file's index of
// which frame holds each template. Kept in plugin data (private to Envelope): ids, a hash and a
// time, never a key. Pure: reading and writing the nodes is the session's.
import * as z from '../shared/zod';
import { canonicalJson } from '../snapshot/canonical-json';
import { contentHash } from '../snapshot/content-hash';
import { relaunchName } from '../platform/relaunch-description';
import type { LaunchAction } from '../shared/bridge/messages';
import { compareServerTimes } from '../shared/api/builder/server-time';

/** The plugin-data key on a linked frame. */
export const TEMPLATE_LINK_KEY = 'templateLink';
/** The plugin-data key on the document root: template id → the frame linked to it. */
export const TEMPLATE_INDEX_KEY = 'templateFrames';

export const TEMPLATE_LINK_VERSION = 1;

const templateLinkSchema = z.object({
  v: z.literal(TEMPLATE_LINK_VERSION),
  templateId: z.string(),
  /** The template's name as last saved or renamed from here (said when it is gone). */
  templateName: z.string(),
  /** The frame's content hash at the last save (src/snapshot/frame-reader.ts). */
  hash: z.string(),
  /** Server time of the last save (or of a rename from here after it): an update finding another time was changed elsewhere. */
  savedAt: z.string(),
  /**
   * The content root this frame last sent, hashed (sentContentHash): a version holding it was only
   * renamed or described elsewhere, so an update replaces nothing of anyone's. Absent on links
   * saved before it was kept: those go by savedAt alone.
   */
  sentHash: z.optional(z.string()),
  /**
   * The id of the file it was saved in (src/sync/file-identity.ts). A frame copied into another
   * file carries its link there, where no index names it: without the id it read as linked, and
   * its Update replaced the template that the frame in the first file is linked to. Absent on
   * links saved before it was kept: those read as before.
   */
  fileId: z.optional(z.string()),
  /** Set when the template was deleted from here: the link goes, and says so, at the next selection. */
  deleted: z.optional(z.boolean()),
});
export type TemplateLink = z.infer<typeof templateLinkSchema>;

export function serializeTemplateLink(link: Omit<TemplateLink, 'v'>): string {
  return JSON.stringify({ v: TEMPLATE_LINK_VERSION, ...link });
}

/** The link stored on a frame, or null when there is none (or it is unreadable). */
export function parseTemplateLink(stored: string): TemplateLink | null {
  if (stored === '') return null;
  try {
    const parsed = templateLinkSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Template id → the id of the frame linked to it in this file, or DELETED_HERE. */
export type TemplateIndex = Record<string, string>;

/**
 * In the index in place of a frame id: the template was deleted from this file. Copies of its
 * frame (duplicated, their link with them) then read as deleted too, not as linked to it. Never a
 * node id (those are "1:23"); read by an older version, it names no frame, as a deletion did before.
 */
export const DELETED_HERE = 'deleted';

const indexSchema = z.record(z.string(), z.string());

/**
 * The index, empty when there is none or it is not JSON; null when it is JSON of another shape (a
 * newer version's), which a save must leave as it is: writing over it loses every other frame's entry.
 */
export function parseTemplateIndex(stored: string): TemplateIndex | null {
  if (stored === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return {};
  }
  const parsed = indexSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * How a frame with a stored link stands:
 * - `linked`: the index names this frame for the template (or names none, or a frame that is gone);
 * - `copy`: the index names another frame that still holds the link (this one was duplicated);
 * - `other-file`: the link was saved in another file (`fileId`: this file's id, '' when it has none), and the frame copied
 *   here: not when this file's index names a frame for the template (the document's own plugin data is never pasted with
 *   a frame, so the link is this file's, whatever became of its id: taken back by a collaborator's undo and made anew, say;
 *   a duplicate of the frame named there is a `copy`);
 * - `deleted`: its template was deleted from here (this frame marked, or the index says so: a copy);
 * - `none`: no link.
 */
export type LinkState = 'linked' | 'copy' | 'other-file' | 'deleted' | 'none';

export function linkState(link: TemplateLink | null, frameId: string, indexedFrameId: string | undefined, indexedFrameHoldsLink: boolean, fileId: string): LinkState {
  if (link === null) return 'none';
  if (link.deleted === true || indexedFrameId === DELETED_HERE) return 'deleted';
  if (indexedFrameId === undefined && link.fileId !== undefined && link.fileId !== fileId) return 'other-file';
  if (indexedFrameId === undefined || indexedFrameId === frameId || !indexedFrameHoldsLink) return 'linked';
  return 'copy';
}

/**
 * Whether the builder's stored content root is the frame's description as read now (any key
 * order). When it is, a version the link does not know is this frame's own (an update whose
 * answer was lost), not a change to keep.
 */
export function holdsSameContent(storedRoot: unknown, frameRoot: unknown): boolean {
  if (typeof storedRoot !== 'object' || storedRoot === null) return false;
  try {
    return canonicalJson(storedRoot) === canonicalJson(frameRoot);
  } catch {
    return false;
  }
}

/** The hash of a content root as canonical JSON (any key order), or null when it is not JSON. */
export function sentContentHash(root: unknown): string | null {
  if (typeof root !== 'object' || root === null) return null;
  try {
    return contentHash(canonicalJson(root));
  } catch {
    return null;
  }
}

/** Whether the builder's stored content root is the one this frame last sent (by the link's hash). */
export function holdsLastSent(storedRoot: unknown, link: Pick<TemplateLink, 'sentHash'>): boolean {
  return link.sentHash !== undefined && sentContentHash(storedRoot) === link.sentHash;
}

/**
 * A version sent to a template from a frame, as the designer's own record keeps it
 * (sent-versions-store.ts): ⌘Z can take back the frame's link, never this.
 */
export interface SentVersion {
  templateId: string;
  /** Its name as the builder answered the save (said when ⌘Z took the link back). */
  templateName: string;
  frameId: string;
  /** The file's id when it was sent: a duplicate of the frame elsewhere is not this frame. */
  fileId: string;
  /** Server time of the version the builder answered. */
  updatedAt: string;
  /** The frame's content hash then (the link's `hash`). */
  hash: string;
  /** The content root sent, hashed (sentContentHash), when it could be. */
  sentHash?: string;
}

/** Whether `sent` was sent from this frame in this file (a file with no id yet is no file to match). */
export function sentFromHere(sent: SentVersion | null, here: Pick<SentVersion, 'templateId' | 'frameId' | 'fileId'>): sent is SentVersion {
  return sent !== null && here.fileId !== '' && sent.fileId === here.fileId && sent.frameId === here.frameId && sent.templateId === here.templateId;
}

/**
 * Whether the builder's version (its time and content root) is the one last sent from here: by
 * its time, or, renamed or described since, by its content.
 */
export function holdsSentFromHere(sent: SentVersion, updatedAt: string, storedRoot: unknown): boolean {
  return sameServerTime(updatedAt, sent.updatedAt) || holdsLastSent(storedRoot, sent);
}

/** Whether the link names a version older than the one last sent from here: ⌘Z took back the link of a later save. */
export function linkBehindSent(sent: SentVersion, link: TemplateLink): boolean {
  return serverTimeAfter(sent.updatedAt, link.savedAt);
}

/** Whether the builder's time `later` is after `than` as an instant (see compareServerTimes). */
export const serverTimeAfter = (later: string, than: string): boolean => compareServerTimes(later, than) > 0;

/** Whether the builder's times `a` and `b` are the same instant, however each is written. */
export const sameServerTime = (a: string, b: string): boolean => compareServerTimes(a, b) === 0;

/** The relaunch button a linked frame carries (manifest relaunchButtons): it opens Templates and updates. */
export const UPDATE_TEMPLATE_COMMAND: LaunchAction = 'update-template';

/** The relaunch button's description: short, as Figma shows it under the button. */
export function updateDescription(templateName: string): string {
  return `Send this frame to the template “${relaunchName(templateName)}” again`;
}
