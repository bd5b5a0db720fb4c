// Sync's requests to the builder, made safe to repeat: a changes read in pages, and any request
// whose answer arrived garbled sent again. Failures are said in sync's words (sync-errors.ts).
import type { BuilderClient } from '../shared/api/builder/client';
import { getAllChangesAsync } from '../shared/api/builder/sync-flow';
import { ApiError } from '../shared/api/http/api-error';
import type { CancelSignal } from '../shared/api/http/cancel-signal';
import { syncError } from './sync-errors';

/** How often one request is sent when its answer arrives garbled. */
const GARBLED_ANSWER_ATTEMPTS = 3;

/** Changes are read in pages of the largest size the API allows: fewest requests. */
const CHANGES_PAGE_LIMIT = 500;

/** The builder as sync reaches it: its client and the design system the file syncs to. */
export interface DesignSystemLink {
  client: BuilderClient;
  designSystemId: string;
}

/**
 * Runs `request` again when its answer arrives garbled (cut short, not JSON). The client already
 * repeats what fails on the way (drops, 503, 429); sync's requests are safe to repeat too (a
 * changes page is a read; an upsert the server already holds is an accepted no-op), and one
 * lost answer must not stop a long push. Other failures are said in sync's words.
 */
export async function repeatGarbledAsync<T>(designSystemId: string, request: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await request();
    } catch (error) {
      const garbled = error instanceof ApiError && (error.code === 'malformed_response' || error.code === 'not_json');
      if (!garbled || attempt >= GARBLED_ANSWER_ATTEMPTS) throw syncError(error, designSystemId);
    }
  }
}

/** Every change since `since` (null: all), read page by page; `signal` (the designer's Cancel) stops a page waiting on the network. */
export function allChangesSinceAsync(link: DesignSystemLink, since: string | null, signal?: CancelSignal): ReturnType<typeof getAllChangesAsync> {
  return repeatGarbledAsync(link.designSystemId, () => getAllChangesAsync(link.client, link.designSystemId, since, CHANGES_PAGE_LIMIT, signal));
}
