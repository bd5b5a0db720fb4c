// One Sync step (a check, a sync) sends several requests: the changes page by page, the push in
// batches. The designer watches every 429 wait on the progress line; when a later request is then
// refused with a wait too long to sit out, the words say what the whole step waited, not only that
// request's own waits (the designer watched 2 seconds on page 1 and read "waited a second").
// Another step's waits are not added: each step says its own.
import { describe, expect, it } from 'vitest';
import { createFigmaFetchTransport } from '../../../src/http/figma-fetch-transport';
import { createPlugin } from '../../../src/handlers';
import type { ApiError } from '../../../src/shared/api/http/api-error';
import type { HttpRequest, HttpResponse } from '../../../src/shared/api/http/transport';
import { generateDocumentAsync } from '../../bench/generate-document';
import { createFakeFigma } from '../../fake-figma';
import { context, linkAsync, useSyncHarness } from './support/sync-harness';

const h = useSyncHarness();

function slowDown(seconds: number): HttpResponse {
  return { status: 429, headers: { 'content-type': 'application/json', 'retry-after': String(seconds) }, text: JSON.stringify({ error: 'rate_limited', message: 'Too many requests.' }) };
}

/** Requests of one kind answered 429 with these waits in turn (one per request; null: as the builder answers), then as the builder answers. */
interface SlowDowns {
  matches(request: HttpRequest): boolean;
  waits: Array<number | null>;
}

/** The harness's plugin (same document), with the builder's slow-downs put before its answers. */
function slowedDown(...rules: SlowDowns[]): void {
  const transport = createFigmaFetchTransport(h.fake.fetch);
  h.plugin = createPlugin({
    figma: h.fake.figma,
    transport: (request) => {
      const wait = rules.find((rule) => rule.matches(request))?.waits.shift() ?? null;
      return wait === null ? transport(request) : Promise.resolve(slowDown(wait));
    },
  });
}

const isChangesPage = (page: 1 | 2) => (request: HttpRequest) => request.method === 'GET' && request.url.includes('/changes') && request.url.includes('cursor=') === (page === 2);
const isPush = (request: HttpRequest) => request.method === 'POST' && request.url.endsWith('/sync');

async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  return promise.then(
    () => {
      throw new Error('expected the step to be refused');
    },
    (error: unknown) => error as ApiError,
  );
}

describe('a Sync step refused after its requests waited as the builder asked (429)', () => {
  it('a check: page 1 of the changes waits 2 s and comes, page 2 waits 1 s and is refused for 10 minutes: "waited 3 seconds"', async () => {
    // A design system of more than one page of changes (500 a page), synced from another file.
    const studio = createFakeFigma({ currentUser: { id: 'u2', name: 'Robin Collaborator' }, allowedDomains: [h.emulator.builderUrl] });
    await generateDocumentAsync(studio.figma, 900);
    const robin = createPlugin({ figma: studio.figma, transport: createFigmaFetchTransport(studio.fetch) });
    await robin.handlers['settings/save-api']({ api: 'builder', baseUrl: h.emulator.builderUrl, key: h.builderKey }, context);
    await robin.handlers['settings/set-design-system']({ id: 'ds_empty' }, context);
    await robin.handlers['sync/compare']({}, context);
    expect((await robin.handlers['sync/run']({}, context)).pushed).toBeGreaterThan(500);

    // This file has never synced: its check reads every change, page by page.
    slowedDown({ matches: isChangesPage(1), waits: [2] }, { matches: isChangesPage(2), waits: [1, 600] });
    await linkAsync(h, 'ds_empty');
    const labels: string[] = [];
    const error = await rejectionOf(h.plugin.handlers['sync/compare']({}, { ...context, progress: (progress) => labels.push(progress.label) }));
    // Both waits were said while they lasted.
    expect(labels).toContain('The builder asked Envelope to wait 2 seconds; the check goes on after that.');
    expect(labels).toContain('The builder asked Envelope to wait a second; the check goes on after that.');
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 600 });
    expect(error.details.waitedSeconds).toBe(3);
    expect(error.message).toBe('Envelope waited 3 seconds as the email builder asked, and it still asks Envelope to slow down.');
  }, 120_000);

  it('a sync: batch 1 waits and is acknowledged, batch 2 waits and is refused for 10 minutes: the sync’s two waits, not the check’s before it', async () => {
    h.fake = createFakeFigma({ currentUser: { id: 'u1', name: 'Dana Designer' }, allowedDomains: [h.emulator.builderUrl] });
    await generateDocumentAsync(h.fake.figma, 250);
    // The check waits a second too: another step, not said again in the sync's words.
    slowedDown({ matches: isChangesPage(1), waits: [1] }, { matches: isPush, waits: [1, null, 1, 600] });
    await linkAsync(h, 'ds_empty');
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.items.length).toBeGreaterThan(100);
    const labels: string[] = [];
    const error = await rejectionOf(h.plugin.handlers['sync/run']({}, { ...context, progress: (progress) => labels.push(progress.label) }));
    expect(labels).toContain('The builder asked Envelope to wait a second before pushing; the sync starts after that.');
    expect(labels).toContainEqual(expect.stringMatching(/^Pushed [1-9][\d,]* of [\d,]+\. The builder asked Envelope to wait a second; the sync goes on after that\.$/));
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 600 });
    expect(error.details.waitedSeconds).toBe(2);
    expect(error.message).toBe('Envelope waited 2 seconds as the email builder asked, and it still asks Envelope to slow down.');
  }, 120_000);
});
