// The "html" fault: a web page (a sign-in page) in place of the API's answer, as an address that
// reaches a web server instead of the API gets. Nothing is read or written, the page carries the
// CORS headers so the plugin's null-origin window can read it, and the clients say it is a web page.
// With `html_status`, the web server's page for that status instead (a 404 page, say).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBuilderClient } from '../../../src/shared/api/builder/client';
import { WEB_PAGE } from '../../../src/shared/api/http/error-mapping';
import { createLibraryClient } from '../../../src/shared/api/library/client';
import { createFaultInjector, parseFaultConfig } from '../../emulator/core/faults';
import { FAULT_WEB_PAGE } from '../../emulator/http/apply-fault';
import type { RunningEmulator } from '../../emulator/index';
import { createBrowserFetchTransport } from '../../../ui/http/browser-fetch-transport';
import { call, control, startTestEmulator } from './support';

let emulator: RunningEmulator;
beforeEach(async () => {
  emulator = await startTestEmulator();
});
afterEach(() => emulator.close());

/** What seed 7 drew at rate 0.5 over the default kinds with the code before "html" was added (`git show cc82864c:test/emulator/core/faults.ts`). */
const PINNED_SEED_7 = ['503', null, null, null, 'drop', 'drop', null, '503', null, null, '429', 'drop'];

const template = { name: 'Made at a web page', content: { format: 'figma-node-tree' as const, version: 1 as const, root: { type: 'FRAME', name: 'Frame' } } };

describe('POST /_emulator/faults with kind "html"', () => {
  it('answers both hosts with a 200 web page, with the CORS headers the APIs send', async () => {
    await control(emulator, 'faults', { rate: 1, kinds: ['html'] });
    for (const url of [`${emulator.libraryUrl}/v1/emails?per_page=1`, `${emulator.builderUrl}/api/templates`]) {
      const response = await call(url, { key: url.startsWith(emulator.builderUrl) ? emulator.keys.builder.demo : null, headers: { Origin: 'null' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('x-emulator-fault')).toBe('html');
      expect(response.text).toMatch(/^<!doctype html>/);
      expect(response.body).toBeUndefined();
    }
  });

  it('makes nothing: a template POSTed to it is not in the builder afterwards', async () => {
    const key = emulator.keys.builder.demo;
    await control(emulator, 'faults', { rate: 1, kinds: ['html'] });
    expect((await call(`${emulator.builderUrl}/api/templates`, { method: 'POST', key, body: template })).headers.get('content-type')).toMatch(/^text\/html/);
    await control(emulator, 'faults', { rate: 0 });
    const names = (await call(`${emulator.builderUrl}/api/templates?per_page=100`, { key })).body.data.map((made: { name: string }) => made.name);
    expect(names).not.toContain(template.name);
  });

  it('is read by the clients, through the iframe’s transport, as a web page at a wrong address', async () => {
    await control(emulator, 'faults', { rate: 1, kinds: ['html'] });
    const transport = createBrowserFetchTransport();
    const builder = createBuilderClient({ baseUrl: emulator.builderUrl, key: emulator.keys.builder.demo, transport });
    await expect(builder.createTemplateAsync(template)).rejects.toMatchObject({
      code: 'not_json',
      details: { problem: WEB_PAGE },
      message: 'The email builder’s address sent a web page instead of data, so it may be wrong. Check the email builder’s address in Settings.',
    });
    const library = createLibraryClient({ baseUrl: emulator.libraryUrl, key: null, transport, retryPolicy: { maxAttempts: 1 } });
    await expect(library.searchEmailsAsync({ perPage: 3 })).rejects.toMatchObject({ code: 'not_json', details: { problem: WEB_PAGE } });
  });

  it('is drawn only when named, so the default kinds and every seed draw what they drew before', () => {
    const defaults = parseFaultConfig({ rate: 1 });
    expect(defaults.ok && defaults.value.kinds).toEqual(['503', '429', 'drop', 'slow', 'malformed']);
    // The draws of a seed over kinds without "html" are the PRNG's alone: pinned as they were drawn before "html" existed.
    const injector = createFaultInjector();
    injector.configure({ rate: 0.5, kinds: ['503', '429', 'drop', 'slow', 'malformed'], seed: 7, slow_ms: 0, retry_after: null, html_status: 200 });
    expect(Array.from({ length: 12 }, () => injector.draw())).toEqual(PINNED_SEED_7);
    injector.configure({ rate: 1, kinds: ['503', 'html'], seed: 3, slow_ms: 0, retry_after: null, html_status: 200 });
    expect(new Set(Array.from({ length: 20 }, () => injector.draw()))).toEqual(new Set(['503', 'html']));
    // A status for the page draws nothing of its own.
    injector.configure({ rate: 0.5, kinds: ['503', '429', 'drop', 'slow', 'malformed'], seed: 7, slow_ms: 0, retry_after: null, html_status: 404 });
    expect(Array.from({ length: 12 }, () => injector.draw())).toEqual(PINNED_SEED_7);
  });
});

describe('POST /_emulator/faults with kind "html" and an html_status', () => {
  it('answers 200 with the sign-in page unless a status is asked for', async () => {
    expect((await control(emulator, 'faults', { rate: 1, kinds: ['html'] })).body.html_status).toBe(200);
    const response = await call(`${emulator.libraryUrl}/v1/emails?per_page=1`, { headers: { Origin: 'null' } });
    expect([response.status, response.text]).toEqual([200, FAULT_WEB_PAGE]);
  });

  it('answers both hosts with the web server’s page for that status (a 404 page), with the CORS headers', async () => {
    expect((await control(emulator, 'faults', { rate: 1, kinds: ['html'], html_status: 404 })).body.html_status).toBe(404);
    for (const url of [`${emulator.libraryUrl}/v1/emails?per_page=1`, `${emulator.builderUrl}/api/templates`]) {
      const response = await call(url, { key: url.startsWith(emulator.builderUrl) ? emulator.keys.builder.demo : null, headers: { Origin: 'null' } });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('x-emulator-fault')).toBe('html');
      expect(response.text).toBe('<!doctype html><html lang="en"><head><title>404 Not Found</title></head><body><h1>404 Not Found</h1></body></html>');
    }
  });

  it('is read by the library client, through the iframe’s transport, as a bare 404: nothing at that address', async () => {
    await control(emulator, 'faults', { rate: 1, kinds: ['html'], html_status: 404 });
    const library = createLibraryClient({ baseUrl: emulator.libraryUrl, key: null, transport: createBrowserFetchTransport(), retryPolicy: { maxAttempts: 1 } });
    await expect(library.searchEmailsAsync({ perPage: 3 })).rejects.toMatchObject({ code: 'http_error', status: 404 });
  });

  it('refuses a status that is no HTTP answer’s, and keeps the faults as they were', async () => {
    await control(emulator, 'faults', { rate: 1, kinds: ['html'], html_status: 404 });
    for (const html_status of [199, 600, 404.5, '404', null]) {
      const refused = await control(emulator, 'faults', { rate: 1, kinds: ['html'], html_status });
      expect(refused.status, String(html_status)).toBe(400);
      expect(refused.text).toContain('html_status must be an HTTP status from 200 to 599.');
    }
    expect((await call(`${emulator.libraryUrl}/_emulator/faults`)).body.html_status).toBe(404);
  });
});
