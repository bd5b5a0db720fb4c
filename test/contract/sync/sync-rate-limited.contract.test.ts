// A builder that keeps refusing (429) after Envelope waited as it asked each time: the sync's
// failure says that Envelope waited and the builder still refused, not the last answer's
// "Try again in a second" right after the progress line said it had waited.
import { describe, expect, it } from 'vitest';
import { createFigmaFetchTransport } from '../../../src/http/figma-fetch-transport';
import { createPlugin } from '../../../src/handlers';
import { context, linkAsync, useSyncHarness } from './support/sync-harness';

const h = useSyncHarness();

describe('a push the builder keeps refusing after every wait (429)', () => {
  it('says Envelope waited and the builder still refused (the window says by when to try again)', async () => {
    const transport = createFigmaFetchTransport(h.fake.fetch);
    h.plugin = createPlugin({
      figma: h.fake.figma,
      transport: (request) =>
        request.method === 'POST' && request.url.endsWith('/sync')
          ? Promise.resolve({ status: 429, headers: { 'content-type': 'application/json', 'retry-after': '1' }, text: JSON.stringify({ error: 'rate_limited', message: 'Too many requests.' }) })
          : transport(request),
    });
    await linkAsync(h, 'ds_empty');
    await h.plugin.handlers['sync/compare']({}, context);
    const labels: string[] = [];
    const run = h.plugin.handlers['sync/run']({}, { ...context, progress: (progress) => labels.push(progress.label) });
    await expect(run).rejects.toMatchObject({ code: 'rate_limited' });
    const message = ((await run.catch((error: unknown) => error)) as Error).message;
    // The first batch was refused: nothing pushed yet, so the wait alone ("Pushed 0 of …" read as a failure).
    const total = /^Pushing 0 of ([\d,]+)$/.exec(labels.find((label) => label.startsWith('Pushing')) ?? '')?.[1];
    expect(total).toBeDefined();
    expect(labels).toContain('The builder asked Envelope to wait a second before pushing; the sync starts after that.');
    expect(message).not.toMatch(/Try again in a second/);
    expect(message).toBe('Envelope waited 3 seconds as the email builder asked, and it still asks Envelope to slow down.');
    expect(message).not.toMatch(/Try again in/);
  }, 30_000);
});
