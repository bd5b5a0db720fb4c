// An email that cannot be placed (its facts refused: a revoked key, an email removed at the
// brand's request, offline) lets go of its screenshot at once. Its download and cutting went on
// unseen beside the next email's, so a grid of tall emails decoded several screenshots at once,
// where one at a time is what keeps the window's memory in hand (screenshot-tiles.ts).
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/shared/api/http/api-error';
import type { LibraryClient } from '../../../src/shared/api/library/client';
import { createReferenceInserter, type InsertItem } from '../../../ui/canvas/reference-inserter';
import type { Screenshot } from '../../../ui/canvas/screenshot-tiles';

const item = (emailId: number): InsertItem => ({ emailId, brandSlug: 'acme', brandName: undefined, subject: `Email ${emailId}`, url: `https://library.example/emails/${emailId}`, capturedDate: '2026-11-03', previewUrl: `https://img.example/${emailId}.png` });

describe('placing an email whose facts are refused', () => {
  it('stops cutting its screenshot, so no two screenshots are cut at once', async () => {
    const endpoint = { request: () => Promise.reject(new Error('nothing should be sent')) } as unknown as Parameters<typeof createReferenceInserter>[0]['endpoint'];
    const refused = new ApiError({ api: 'library', endpoint: 'GET /v1/emails/{id}', status: 401, code: 'unauthorized', message: 'The library API key was not accepted.' });
    const client = { getEmailAsync: () => Promise.reject(refused) } as unknown as LibraryClient;
    let cutting = 0;
    let mostAtOnce = 0;
    const stopped: string[] = [];
    // A tall screenshot: still being cut when the email's facts are refused; it ends only when let go of.
    const loadTilesAsync = (url: string, signal?: AbortSignal) =>
      new Promise<Screenshot>((_resolve, reject) => {
        cutting++;
        mostAtOnce = Math.max(mostAtOnce, cutting);
        signal?.addEventListener('abort', () => {
          cutting--;
          stopped.push(url);
          reject(new DOMException('Cancelled.', 'AbortError'));
        });
      });
    const inserter = createReferenceInserter({ endpoint, client, loadTilesAsync });
    const outcome = await inserter.insertAsync([item(1), item(2), item(3)], null, () => undefined, new AbortController().signal);
    expect(outcome).toMatchObject({ placed: 0, cancelled: false, failed: [1, 2, 3].map((id) => ({ name: `Email ${id}`, reason: 'The library API key was not accepted.' })) });
    // The others need the refused key too, so are not tried (reference-inserter-key-refused.test.ts).
    expect(stopped).toEqual(['https://img.example/1.png']);
    expect(mostAtOnce).toBe(1);
  });
});
