// What a reference frame on the canvas remembers about the library email it shows, so Envelope
// can find it again (the reference check) and say where it came from. Kept in plugin data (private
// to Envelope, not shared plugin data): it holds no secret, but other plugins have no use for it.
import type { LaunchAction } from '../shared/bridge/messages';
import * as z from '../shared/zod';

/** The plugin-data key on a reference frame. */
export const REFERENCE_DATA_KEY = 'reference';

/** The relaunch button a reference frame carries: it opens Browse on the reference's email. */
export const OPEN_EMAIL_COMMAND: LaunchAction = 'open-email';

/** Bumped when the record's shape changes; older records are read by `parseReferenceRecord`. */
export const REFERENCE_RECORD_VERSION = 1;

const referenceRecordSchema = z.object({
  v: z.literal(REFERENCE_RECORD_VERSION),
  /** The library email's id (`GET /v1/emails/:id`). */
  emailId: z.number(),
  brandSlug: z.string(),
  brandName: z.string(),
  subject: z.string(),
  /** The record's public page on the library service. */
  url: z.string(),
  capturedDate: z.string(),
  /** ISO time the reference was placed. */
  insertedAt: z.string(),
});
export type ReferenceRecord = z.infer<typeof referenceRecordSchema>;

export function serializeReferenceRecord(record: Omit<ReferenceRecord, 'v'>): string {
  return JSON.stringify({ v: REFERENCE_RECORD_VERSION, ...record });
}

/** The record stored on a node, or null when the node is not a reference (or its record is unreadable). */
export function parseReferenceRecord(stored: string): ReferenceRecord | null {
  if (stored === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return null;
  }
  const parsed = referenceRecordSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
