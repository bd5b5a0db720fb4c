// An email removed from the library (at the brand's request) after its list was read: placing it
// failed on its screenshot's 404, said as "the library has no screenshot at its address", which
// invites trying again. The library is now asked afresh whether the email itself is still there.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/shared/api/http/api-error';
import type { LibraryClient } from '../../../src/shared/api/library/client';
import { createReferenceInserter, EMAIL_REMOVED_REASON, type InsertItem } from '../../../ui/canvas/reference-inserter';
import { ScreenshotError, type Screenshot } from '../../../ui/canvas/screenshot-tiles';

const item = (emailId: number): InsertItem => ({ emailId, brandSlug: 'acme', brandName: 'Acme', subject: `Email ${emailId}`, url: `https://library.example/emails/${emailId}`, capturedDate: '2026-11-03', previewUrl: `https://img.example/${emailId}.png` });

const detail = { data: { brand: { name: 'Acme' } }, meta: { attribution: { source: 'MailVault', url: 'https://mailvault.example' } } };

const notFound = () => new ApiError({ api: 'library', endpoint: 'GET /v1/emails/{id}', status: 404, code: 'not_found', message: 'This is no longer in the library.' });

/** `gone`: emails the fresh client answers 404 for (and the cached one too, with `factsGone`); `status`: the screenshot's failing status for every email. */
function setup(gone: Set<number>, status: number, factsGone = false) {
  const cachedReads: number[] = [];
  const freshReads: number[] = [];
  const endpoint = { request: () => Object.assign(Promise.resolve({ nodeId: '1:1', name: 'x' }), { cancel: () => undefined }) } as unknown as Parameters<typeof createReferenceInserter>[0]['endpoint'];
  const client = {
    getEmailAsync: (id: number) => {
      cachedReads.push(id);
      return factsGone && gone.has(id) ? Promise.reject(notFound()) : Promise.resolve(detail);
    },
  } as unknown as LibraryClient;
  const freshClient = {
    getEmailAsync: (id: number) => {
      freshReads.push(id);
      return gone.has(id) ? Promise.reject(notFound()) : Promise.resolve(detail);
    },
  } as unknown as LibraryClient;
  const failing = Object.assign(new ScreenshotError(status === 404 ? 'the library has no screenshot at its address' : 'the library had a problem sending it'), status === 404 ? { missing: true } : {});
  // With `factsGone`, the screenshot's answer comes later: the facts' 404 is heard first.
  const loadTilesAsync = (): Promise<Screenshot> => (factsGone ? new Promise((_resolve, reject) => setTimeout(() => reject(failing), 20)) : Promise.reject(failing));
  const heardGone: number[] = [];
  return { inserter: createReferenceInserter({ endpoint, client, freshClient, loadTilesAsync, onEmailGone: (id) => heardGone.push(id) }), cachedReads, freshReads, heardGone };
}

describe('placing an email whose screenshot is missing', () => {
  it('says an email the library no longer has is gone, asking the library afresh once', async () => {
    const { inserter, freshReads, heardGone } = setup(new Set([7]), 404);
    const outcome = await inserter.insertAsync([item(7), item(8)], { layout: 'grid' }, () => undefined, new AbortController().signal);
    // Browse hears of it, to take it out of its lists.
    expect(heardGone).toEqual([7]);
    expect(outcome.failed).toEqual([
      { name: 'Acme — Email 7', reason: EMAIL_REMOVED_REASON },
      { name: 'Acme — Email 8', reason: 'The screenshot could not be loaded: the library has no screenshot at its address.' },
    ]);
    expect(freshReads).toEqual([7, 8]);
  });

  it('says it the same way when the email’s own facts, read because the list lacked its brand, are found gone first', async () => {
    const { inserter, cachedReads, heardGone } = setup(new Set([7]), 404, true);
    const outcome = await inserter.insertAsync([{ ...item(7), brandName: undefined }], null, () => undefined, new AbortController().signal);
    expect(heardGone).toEqual([7]);
    expect(outcome.failed).toEqual([{ name: 'Email 7', reason: EMAIL_REMOVED_REASON }]);
    expect(cachedReads).toEqual([7]);
  });

  it('asks nothing more for a screenshot that failed otherwise', async () => {
    const { inserter, freshReads, heardGone } = setup(new Set([7]), 503);
    const outcome = await inserter.insertAsync([item(7)], null, () => undefined, new AbortController().signal);
    expect(heardGone).toEqual([]);
    expect(outcome.failed).toEqual([{ name: 'Acme — Email 7', reason: 'The screenshot could not be loaded: the library had a problem sending it.' }]);
    expect(freshReads).toEqual([]);
  });
});
