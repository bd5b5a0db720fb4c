// The "stall" fault: an answer whose status, headers and first half of the body arrive, and the
// rest never does. The library client in the plugin's iframe ends it as a timeout, in words.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLibraryClient } from '../../../src/shared/api/library/client';
import type { RunningEmulator } from '../../emulator/index';
import { createBrowserFetchTransport } from '../../../ui/http/browser-fetch-transport';
import { control, startTestEmulator } from './support';

let emulator: RunningEmulator;
beforeEach(async () => {
  emulator = await startTestEmulator();
});
afterEach(() => emulator.close());

const EMAILS = '/v1/emails?per_page=3';

describe('POST /_emulator/faults with kind "stall"', () => {
  it('sends the status, the headers and half the body, then holds the rest back', async () => {
    const whole = await (await fetch(`${emulator.libraryUrl}${EMAILS}`)).text();
    await control(emulator, 'faults', { rate: 1, kinds: ['stall'] });
    const cancel = new AbortController();
    const response = await fetch(`${emulator.libraryUrl}${EMAILS}`, { signal: cancel.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-emulator-fault')).toBe('stall');
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(whole));
    const reader = response.body!.getReader();
    const half = Math.floor(Buffer.byteLength(whole) / 2);
    const received: Uint8Array[] = [];
    let size = 0;
    while (size < half) {
      const { value } = await reader.read();
      if (value === undefined) break;
      received.push(value);
      size += value.byteLength;
    }
    expect(Buffer.concat(received).toString('utf8')).toBe(Buffer.from(whole).subarray(0, half).toString('utf8'));
    cancel.abort();
  });

  it('is drawn only when named: the default kinds leave it out', async () => {
    const set = await control(emulator, 'faults', { rate: 1 });
    expect(set.status).toBe(200);
    expect(set.body.kinds).toEqual(['503', '429', 'drop', 'slow', 'malformed']);
  });

  it('ends as the client’s timeout, in words, through the iframe’s transport', async () => {
    await control(emulator, 'faults', { rate: 1, kinds: ['stall'] });
    const client = createLibraryClient({ baseUrl: emulator.libraryUrl, key: null, transport: createBrowserFetchTransport(), timeoutMs: 300, retryPolicy: { maxAttempts: 1 } });
    await expect(client.searchEmailsAsync({ perPage: 3 })).rejects.toMatchObject({ code: 'timeout', message: 'The email library did not answer within a second. Try again.' });
  });
});
