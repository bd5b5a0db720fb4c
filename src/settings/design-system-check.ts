// Whether the builder knows a design-system id, asked once it is saved in Settings: one changes
// call for one component with the saved key. Only the builder's own "not found" means an unknown
// id; a check that could not be made (offline, busy, a refused key) is said as such, so the
// person is not sent to fix an id that may be right.
import { createBuilderClient } from '../shared/api/builder/client';
import { rateLimitWaitSeconds } from '../shared/api/http/retry-policy';
import type { HttpTransport } from '../shared/api/http/transport';
import type { DesignSystemCheck } from '../shared/bridge/messages';
import { TEST_CLIENT_OPTIONS } from './connection-test';

export const NO_KEY_CHECK: DesignSystemCheck = { known: null, message: 'The id is checked with the builder once a builder API key is saved.' };

/** What a failed check means for the id, in words (`error`: the client's ApiError, or anything thrown). */
export function designSystemCheckFailure(error: unknown): DesignSystemCheck {
  const { code, retryAfterSeconds } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; retryAfterSeconds?: unknown };
  if (code === 'not_found') {
    return {
      known: false,
      message:
        'The builder has no design system with this id in your key’s workspace. Check the id; if the design system is in another workspace, save that workspace’s builder API key. Sync cannot run until they match.',
    };
  }
  // Not a moment's trouble: nothing can check the id (Sync included) until the address is entered.
  if (code === 'address_missing') return { known: null, message: 'The id is checked with the builder once the email builder’s address is saved.' };
  const couldNot = (why: string) => `Envelope could not check the id with the builder just now: ${why}. Sync checks it when it compares.`;
  // The wait is carried by when it ends, which the window says after the message ("You can try
  // again after 14:05, in about 2 hours."): "for 2 hours" stayed on screen, no longer true later.
  // None given: the wait every screen says then (rateLimitWaitSeconds), not "for a minute".
  if (code === 'rate_limited') {
    return { known: null, message: couldNot('the builder asked Envelope to slow down'), retryAt: Date.now() + rateLimitWaitSeconds(retryAfterSeconds) * 1000 };
  }
  const why =
    code === 'unauthorized'
      ? 'the builder did not accept the saved builder API key (Test connection says more)'
      : code === 'network_error' || code === 'timeout'
        ? 'the builder could not be reached'
        : 'the builder did not answer as expected';
  return { known: null, message: couldNot(why) };
}

export async function checkDesignSystemAsync(designSystemId: string, credentials: { baseUrl: string; key: string }, transport: HttpTransport): Promise<DesignSystemCheck> {
  const client = createBuilderClient({ ...TEST_CLIENT_OPTIONS, ...credentials, transport });
  try {
    await client.getChangesAsync(designSystemId, { limit: 1 });
    return { known: true, message: 'The builder knows this design system.' };
  } catch (error) {
    return designSystemCheckFailure(error);
  }
}
