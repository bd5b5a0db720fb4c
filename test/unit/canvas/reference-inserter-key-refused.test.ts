// Placing several emails when the library refuses the key: the first refusal stops every email
// that needs the key (each was tried and refused again), and the summary says which key and where.
import { describe, expect, it } from 'vitest';
import type { LibraryClient } from '../../../src/shared/api/library/client';
import type { CanvasInsert } from '../../../src/shared/bridge/messages';
import { ApiError } from '../../../src/shared/api/http/api-error';
import { insertSummary, KEY_REFUSED_BROWSING_ON, KEY_REFUSED_SETTINGS_CHANGED, refusedKeyOutcome } from '../../../ui/canvas/insert-summary';
import { createReferenceInserter, type InsertItem } from '../../../ui/canvas/reference-inserter';
import { messageProblems } from '../../support/message-rules';

const REFUSED = 'The library API key was not accepted. Check the key in Settings; it may have been revoked.';

/** `brandless`: the list did not name the brand (likes, collections): the email is read for it. */
function item(emailId: number, brandless = false): InsertItem {
  return { emailId, brandSlug: 'acme', brandName: brandless ? undefined : 'Acme', subject: `Email ${emailId}`, url: `https://library.example/emails/${emailId}`, capturedDate: '2026-11-03', previewUrl: `https://img.example/${emailId}.png` };
}

/** `acceptedReads`: how many email reads the key passes before it is refused (revoked meanwhile). */
function setup(acceptedReads: number) {
  const reads: number[] = [];
  const inserted: number[] = [];
  const endpoint = {
    request: (type: string, payload: unknown) => {
      if (type === 'canvas/insert-begin') return Promise.resolve({ batchId: 'b1' });
      if (type === 'canvas/insert-end') return Object.assign(Promise.resolve({ placed: inserted.length, nodeIds: inserted.map((id) => `1:${id}`), emailIds: [...inserted] }), { cancel: () => undefined });
      inserted.push((payload as CanvasInsert).reference.emailId);
      return Object.assign(Promise.resolve({ nodeId: `1:${(payload as CanvasInsert).reference.emailId}`, name: 'x' }), { cancel: () => undefined });
    },
  } as unknown as Parameters<typeof createReferenceInserter>[0]['endpoint'];
  const client = {
    getEmailAsync: (id: number) => {
      reads.push(id);
      if (reads.length > acceptedReads) return Promise.reject(new ApiError({ api: 'library', endpoint: 'GET /api/v1/emails/:id', status: 401, code: 'unauthorized', message: REFUSED }));
      return Promise.resolve({ data: { brand: { name: `Brand of ${id}` } }, meta: { attribution: { source: 'MailVault', url: 'https://mailvault.example' } } });
    },
  } as unknown as LibraryClient;
  const loadTilesAsync = () => Promise.resolve({ width: 600, height: 100, tiles: [{ x: 0, y: 0, width: 600, height: 100, bytes: new Uint8Array([1]) }] });
  return { inserter: createReferenceInserter({ endpoint, client, loadTilesAsync }), reads, inserted };
}

describe('placing several emails when the library refuses the key', () => {
  it('says nothing of the key when it was accepted', async () => {
    const { inserter } = setup(Infinity);
    expect((await inserter.insertAsync([item(1), item(2, true)], { layout: 'grid' }, () => undefined, new AbortController().signal)).keyRefused).toBeUndefined();
  });

  it('says a dropped email’s facts refused for the key', async () => {
    const { inserter } = setup(0);
    expect(await inserter.insertDroppedAsync(item(1), 'drop-1', new AbortController().signal)).toMatchObject({ placed: 0, keyRefused: true });
  });

  it('asks once, places nothing more that needs the key, and says which key and where to fix it', async () => {
    const { inserter, reads } = setup(0);
    const outcome = await inserter.insertAsync([item(1), item(2), item(3)], { layout: 'grid' }, () => undefined, new AbortController().signal);
    expect(reads).toEqual([1]);
    // Said so, for the bar to offer going on without the key (placing needs none).
    expect(outcome).toMatchObject({ placed: 0, placedIds: [], total: 3, cancelled: false, keyRefused: true });
    const text = insertSummary(outcome);
    expect(text).toBe(`Nothing was placed on the canvas. 3 could not be placed: Acme — Email 1, Acme — Email 2 and Acme — Email 3: ${REFUSED.replace(/\.$/, '')}.`);
    expect(messageProblems(text)).toEqual([]);
  });

  it('keeps what was placed, and still places an email that needs no key (its facts known already)', async () => {
    const { inserter, reads, inserted } = setup(1);
    const outcome = await inserter.insertAsync([item(1), item(2, true), item(3, true), item(4)], { layout: 'grid' }, () => undefined, new AbortController().signal);
    // Email 1 taught the service's name; 2 was refused; 3 needs the key for its brand, so is not asked for; 4 needs nothing.
    expect(reads).toEqual([1, 2]);
    expect(inserted).toEqual([1, 4]);
    expect(outcome).toMatchObject({ placed: 2, placedIds: [1, 4], keyRefused: true });
    expect(insertSummary(outcome)).toBe(`Placed 2 references on the canvas. 2 could not be placed: Email 2 and Email 3: ${REFUSED.replace(/\.$/, '')}.`);
  });

  it('reads true once Browse goes on without the key: no "check the key" about the attempt made with it', async () => {
    const { inserter } = setup(1);
    const outcome = await inserter.insertAsync([item(1), item(2, true), item(3, true), item(4)], { layout: 'grid' }, () => undefined, new AbortController().signal);
    // The one refused and the one not asked for (it needed the key) are the key's; none other.
    expect(outcome.failed.map(({ keyRefused }) => keyRefused)).toEqual([true, true]);
    const text = insertSummary(refusedKeyOutcome(outcome, 'withoutKey'));
    expect(text).toBe(`Placed 2 references on the canvas. 2 could not be placed: Email 2 and Email 3: ${KEY_REFUSED_BROWSING_ON.replace(/\.$/, '')}.`);
    expect(text).not.toContain('Check the key');
    expect(messageProblems(text)).toEqual([]);
    // A drop refused alone, the same.
    const dropped = await setup(0).inserter.insertDroppedAsync(item(1), 'drop-1', new AbortController().signal);
    expect(insertSummary(refusedKeyOutcome(dropped, 'withoutKey'))).toBe(`Acme — Email 1 could not be placed. ${KEY_REFUSED_BROWSING_ON}`);
  });

  it('reads true once another key or address is saved: it no longer says to check a key no longer sent', async () => {
    const { inserter } = setup(1);
    const outcome = await inserter.insertAsync([item(1), item(2, true), item(3, true), item(4)], { layout: 'grid' }, () => undefined, new AbortController().signal);
    const text = insertSummary(refusedKeyOutcome(outcome, 'changed'));
    expect(text).toBe(`Placed 2 references on the canvas. 2 could not be placed: Email 2 and Email 3: ${KEY_REFUSED_SETTINGS_CHANGED.replace(/\.$/, '')}.`);
    expect(text).not.toContain('Check the key');
    expect(messageProblems(text)).toEqual([]);
  });
});
