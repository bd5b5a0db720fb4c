// Multi-request sync operations on top of the client: batched pushes and paged changes.
// assumption: the next `base` / `since` always comes from the server's `synced_at` / `server_time`, never the local clock.
import { ApiError } from '../http/api-error';
import type { CancelSignal } from '../http/cancel-signal';
import type { BuilderClient } from './client';
import type { Changes, Component, SyncBody, SyncResult } from './schemas';
import { mergeSyncResults, splitSyncBody } from './sync-batches';

/** Sends `body` in as many requests as the limits need, one after another; one merged answer. */
export async function syncInBatchesAsync(client: BuilderClient, designSystemId: string, body: SyncBody): Promise<SyncResult> {
  const results: SyncResult[] = [];
  for (const batch of splitSyncBody(body)) results.push(await client.syncAsync(designSystemId, batch));
  return mergeSyncResults(results);
}

export interface AllChanges {
  components: Component[];
  /** The `since` for the next call: the first page's `server_time`. */
  serverTime: string;
}

const MAX_CHANGE_PAGES = 1_000;

/** Every change since `since`, following `next_cursor` to the end; `signal` stops the page waiting (ApiRequester.sendAsync). */
export async function getAllChangesAsync(
  client: BuilderClient,
  designSystemId: string,
  since: string | null,
  limit?: number,
  signal?: CancelSignal,
): Promise<AllChanges> {
  const components: Component[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | null = null;
  let serverTime: string | null = null;
  for (let page = 0; page < MAX_CHANGE_PAGES; page += 1) {
    const changes: Changes = await client.getChangesAsync(designSystemId, { since, limit, cursor }, signal);
    // The first page's time: edits made while later pages were read are then seen next time.
    serverTime ??= changes.server_time;
    components.push(...changes.components);
    if (changes.next_cursor === null) return { components, serverTime };
    if (seenCursors.has(changes.next_cursor)) break;
    seenCursors.add(changes.next_cursor);
    cursor = changes.next_cursor;
  }
  throw new ApiError({
    api: 'builder',
    endpoint: 'GET /api/plugin/design-systems/:id/changes',
    status: 200,
    code: 'malformed_response',
    message: 'The email builder kept sending the same page of changes, so Envelope stopped reading them. Try again later.',
    problem: 'next_cursor repeats',
  });
}
