// Builder API: templates CRUD, keys, the per-key limit, the body limit and the error table.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../emulator/index';
import { BUILDER_ERROR_SHAPE, call, control, expectShape, ISO_MS, startTestEmulator } from './support';

let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

const TEMPLATE_SHAPE = {
  id: 'string', name: 'string', description: 'string', content: 'object|null', thumbnail_url: 'string|null', created_at: 'string', updated_at: 'string',
};
const { content: _content, ...LISTED_TEMPLATE_SHAPE } = TEMPLATE_SHAPE;

describe('templates', () => {
  // One relaxed emulator for the CRUD tests; each test reads what it wrote.
  let shared: RunningEmulator;
  beforeAll(async () => {
    shared = await startTestEmulator({ limits: 'relaxed' });
  });
  afterAll(() => shared.close());
  const startRelaxed = async () => {
    const api = (path: string, init: Parameters<typeof call>[1] = {}) => call(`${shared.builderUrl}/api${path}`, { key: shared.keys.builder.demo, ...init });
    return { api };
  };

  it('lists templates without content, newest updated_at first, with page meta', async () => {
    const { api } = await startRelaxed();
    const { status, body } = await api('/templates');
    expect(status).toBe(200);
    expectShape(body, { data: [LISTED_TEMPLATE_SHAPE], meta: { page: 'integer', per_page: 'integer', total: 'integer' } });
    expect(body.meta).toEqual({ page: 1, per_page: 50, total: body.data.length });
    expect(body.data.length).toBeGreaterThanOrEqual(4);
    const updated = body.data.map((template: { updated_at: string }) => template.updated_at);
    expect([...updated].sort().reverse()).toEqual(updated);
    const thumbnail = await fetch(body.data[0].thumbnail_url);
    expect(thumbnail.headers.get('content-type')).toBe('image/png');
    const paged = await api('/templates?per_page=2&page=2');
    expect(paged.body.data).toHaveLength(Math.min(2, body.data.length - 2));
    expect(paged.body.meta).toEqual({ page: 2, per_page: 2, total: body.data.length });
  });

  it('creates, reads, updates and deletes a template', async () => {
    const { api } = await startRelaxed();
    const content = { format: 'figma-node-tree', version: 1, root: { type: 'FRAME', name: 'Email' } };
    const created = await api('/templates', { method: 'POST', body: { name: 'Spring launch', description: 'From Figma', content } });
    expect(created.status).toBe(201);
    expectShape(created.body, { data: TEMPLATE_SHAPE, meta: 'object' });
    expect(created.body.data).toMatchObject({ name: 'Spring launch', description: 'From Figma', content, thumbnail_url: null });
    expect(created.body.data.created_at).toMatch(ISO_MS);
    const id = created.body.data.id;

    const read = await api(`/templates/${id}`);
    expect(read.body.data).toEqual(created.body.data);

    await control(shared, 'clock', { advance_seconds: 60 });
    const updated = await api(`/templates/${id}`, { method: 'PUT', body: { name: 'Spring launch v2' } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id, name: 'Spring launch v2', description: 'From Figma', content });
    expect(updated.body.data.updated_at > created.body.data.updated_at).toBe(true);
    expect((await api('/templates')).body.data[0].id).toBe(id);

    const deleted = await api(`/templates/${id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect(deleted.headers.get('access-control-allow-origin')).toBe('*');
    const gone = await api(`/templates/${id}`);
    expect(gone.status).toBe(404);
    expectShape(gone.body, BUILDER_ERROR_SHAPE);
    expect(gone.body.error).toBe('not_found');
  });

  it('serves the preview a figma-node-tree content carries as the thumbnail, and refuses one that is not a PNG', async () => {
    const { api } = await startRelaxed();
    const png = Buffer.from(await (await fetch((await api('/templates')).body.data[0].thumbnail_url)).arrayBuffer());
    const content = { format: 'figma-node-tree', version: 1, root: { type: 'FRAME', name: 'Email' }, preview_png_base64: png.toString('base64') };
    const created = await api('/templates', { method: 'POST', body: { name: 'x'.repeat(200), content } });
    expect(created.status).toBe(201);
    const thumbnail = await fetch(created.body.data.thumbnail_url);
    expect(Buffer.from(await thumbnail.arrayBuffer()).equals(png)).toBe(true);
    const cleared = await api(`/templates/${created.body.data.id}`, { method: 'PUT', body: { content: { format: 'figma-node-tree', version: 1, root: { type: 'FRAME', name: 'Email' } } } });
    expect(cleared.body.data.thumbnail_url).toBeNull();
    for (const bad of [
      { ...content, preview_png_base64: Buffer.from('GIF89a').toString('base64') },
      { ...content, preview_png_base64: 'not base64!' },
      { ...content, root: 'x' },
      { ...content, version: 2 },
    ]) {
      const refused = await api('/templates', { method: 'POST', body: { name: 'Bad', content: bad } });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('invalid_request');
      expect(refused.body.message).toMatch(/content\./);
    }
  });

  it('defaults description to empty and content to null', async () => {
    const { api } = await startRelaxed();
    const created = await api('/templates', { method: 'POST', body: { name: 'Bare' } });
    expect(created.body.data).toMatchObject({ description: '', content: null });
  });

  it.each([
    ['POST', '/templates', { description: 'no name' }, 'name'],
    ['POST', '/templates', { name: '' }, 'name'],
    ['POST', '/templates', { name: 'x'.repeat(201) }, 'name'],
    ['POST', '/templates', { name: 'ok', content: 'text' }, 'content'],
    ['POST', '/templates', { name: 'ok', description: 3 }, 'description'],
    ['PUT', '/templates/{id}', {}, 'name, description or content'],
    ['GET', '/templates?per_page=101', undefined, 'per_page'],
    ['GET', '/templates?page=0', undefined, 'page'],
  ])('%s %s with %j is 400 invalid_request naming %s', async (method, path, body, field) => {
    const { api } = await startRelaxed();
    const list = await api('/templates');
    const response = await api(path.replace('{id}', list.body.data[0].id), { method, ...(body === undefined ? {} : { body }) });
    expect(response.status).toBe(400);
    expectShape(response.body, BUILDER_ERROR_SHAPE);
    expect(response.body.error).toBe('invalid_request');
    expect(response.body.message).toContain(field);
  });

  it('counts a name in characters (code points, an assumption): 200 emoji are taken, 201 are not', async () => {
    const { api } = await startRelaxed();
    const created = await api('/templates', { method: 'POST', body: { name: '🌷'.repeat(200) } });
    expect(created.status).toBe(201);
    const refused = await api('/templates', { method: 'POST', body: { name: '🌷'.repeat(201) } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('name must be at most 200 characters (got 201).');
  });

  it('answers 404 not_found for unknown templates on read, update and delete', async () => {
    const { api } = await startRelaxed();
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await api('/templates/tpl_missing', { method, ...(method === 'PUT' ? { body: { name: 'x' } } : {}) });
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('not_found');
    }
  });
});

describe('keys, limits and the error table', () => {
  it.each([
    ['missing', null],
    ['malformed', 'not-a-builder-key'],
    ['unknown', 'ef_unknown_key_123'],
    ['a library key', 'lib_live_DemoKey0000000001'],
  ])('a %s key is 401 invalid_api_key', async (_label, key) => {
    emulator = await startTestEmulator();
    const response = await call(`${emulator.builderUrl}/api/templates`, { key });
    expect(response.status).toBe(401);
    expectShape(response.body, BUILDER_ERROR_SHAPE);
    expect(response.body.error).toBe('invalid_api_key');
    expect(response.body.message).toMatch(/key/i);
  });

  it('allows 100 requests per rolling minute per key, then 429 rate_limited with Retry-After', async () => {
    emulator = await startTestEmulator();
    const url = `${emulator.builderUrl}/api/templates?per_page=1`;
    const demo = emulator.keys.builder.demo;
    for (let i = 0; i < 100; i++) expect((await call(url, { key: demo })).status).toBe(200);
    const limited = await call(url, { key: demo });
    expect(limited.status).toBe(429);
    expectShape(limited.body, BUILDER_ERROR_SHAPE);
    expect(limited.body.error).toBe('rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Each key is limited separately.
    expect((await call(url, { key: emulator.keys.builder.other })).status).toBe(200);
    await control(emulator, 'clock', { advance_seconds: retryAfter });
    expect((await call(url, { key: demo })).status).toBe(200);
  });

  it('answers 413 payload_too_large for a body over 2 MB', async () => {
    emulator = await startTestEmulator();
    const response = await call(`${emulator.builderUrl}/api/templates`, {
      method: 'POST',
      key: emulator.keys.builder.demo,
      body: { name: 'Huge', content: { blob: 'x'.repeat(2 * 1024 * 1024) } },
    });
    expect(response.status).toBe(413);
    expectShape(response.body, BUILDER_ERROR_SHAPE);
    expect(response.body.error).toBe('payload_too_large');
  });

  it('reads "2 MB" as 2,000,000 bytes, the stricter of its readings (the client splits at that size)', async () => {
    const running = (emulator = await startTestEmulator());
    const bodyOf = (bytes: number): string => {
      const shell = JSON.stringify({ name: 'Edge', content: { blob: '' } });
      return JSON.stringify({ name: 'Edge', content: { blob: 'x'.repeat(bytes - shell.length) } });
    };
    const post = (rawBody: string) =>
      call(`${running.builderUrl}/api/templates`, { method: 'POST', key: running.keys.builder.demo, rawBody, headers: { 'Content-Type': 'application/json' } });
    const over = await post(bodyOf(2_000_001));
    expect(over.status).toBe(413);
    expect(over.body.error).toBe('payload_too_large');
    expect((await post(bodyOf(2_000_000))).status).toBe(201);
  });

  it('takes bodies only as JSON ("content type application/json"): another content type is 400 invalid_request', async () => {
    emulator = await startTestEmulator();
    const key = emulator.keys.builder.demo;
    const created = await call(`${emulator.builderUrl}/api/templates`, { method: 'POST', key, body: { name: 'Typed' } });
    const targets = [
      ['POST', '/api/templates'],
      ['PUT', `/api/templates/${created.body.data.id}`],
      ['POST', '/api/plugin/design-systems/ds_empty/sync'],
    ] as const;
    for (const [method, path] of targets) {
      for (const headers of [{ 'Content-Type': 'text/plain' }, { 'Content-Type': 'application/x-www-form-urlencoded' }]) {
        const response = await call(`${emulator.builderUrl}${path}`, { method, key, rawBody: JSON.stringify({ name: 'Plain', base: null }), headers });
        expect(response.status).toBe(400);
        expectShape(response.body, BUILDER_ERROR_SHAPE);
        expect(response.body).toEqual({ error: 'invalid_request', message: expect.stringContaining('Content-Type') });
      }
    }
    expect((await call(`${emulator.builderUrl}/api/templates/${created.body.data.id}`, { key })).body.data.name).toBe('Typed');
  });

  it('answers 400 invalid_request for a body that is not JSON', async () => {
    emulator = await startTestEmulator();
    const response = await call(`${emulator.builderUrl}/api/templates`, {
      method: 'POST', key: emulator.keys.builder.demo, rawBody: '{"name":', headers: { 'Content-Type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'invalid_request', message: expect.stringContaining('JSON') });
  });

  it('answers 404 for unknown paths and 405 for wrong methods, in the builder error shape', async () => {
    emulator = await startTestEmulator();
    const key = emulator.keys.builder.demo;
    const unknown = await call(`${emulator.builderUrl}/api/nothing`, { key });
    expect(unknown.status).toBe(404);
    expectShape(unknown.body, BUILDER_ERROR_SHAPE);
    const wrong = await call(`${emulator.builderUrl}/api/templates`, { key, method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expectShape(wrong.body, BUILDER_ERROR_SHAPE);
  });

  it('answers 503 unavailable under injected faults', async () => {
    emulator = await startTestEmulator();
    await control(emulator, 'faults', { rate: 1, kinds: ['503'], seed: 1 });
    const response = await call(`${emulator.builderUrl}/api/templates`, { key: emulator.keys.builder.demo });
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ error: 'unavailable', message: expect.any(String) });
  });
});
