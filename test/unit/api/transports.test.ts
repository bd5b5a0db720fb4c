import { describe, expect, it } from 'vitest';
import { createFigmaFetchTransport } from '../../../src/http/figma-fetch-transport';
import { createBrowserFetchTransport } from '../../../ui/http/browser-fetch-transport';

describe('figma-fetch transport', () => {
  it('sends a string URL, plain headers and a string body; reads headersObject in lower case and text()', async () => {
    const calls: { url: string; init: FetchOptions | undefined }[] = [];
    const transport = createFigmaFetchTransport((url, init) => {
      calls.push({ url, init });
      return Promise.resolve({
        headersObject: { 'Content-Type': 'application/json', 'X-RateLimit-Limit': '100' },
        ok: true,
        redirected: false,
        status: 201,
        statusText: 'Created',
        type: 'basic',
        url,
        arrayBuffer: () => Promise.resolve(new ArrayBuffer(0)),
        text: () => Promise.resolve('{"data":{}}'),
        json: () => Promise.resolve({ data: {} }),
      });
    });
    const response = await transport({ method: 'POST', url: 'https://app.templatebuilder.example/api/templates', headers: { authorization: 'Bearer ef_x' }, body: '{"name":"a"}' });
    expect(calls).toEqual([{ url: 'https://app.templatebuilder.example/api/templates', init: { method: 'POST', headers: { authorization: 'Bearer ef_x' }, body: '{"name":"a"}' } }]);
    expect(response).toEqual({ status: 201, headers: { 'content-type': 'application/json', 'x-ratelimit-limit': '100' }, text: '{"data":{}}' });
  });

  it('sends no body on a GET and rejects when no response arrived', async () => {
    let seen: FetchOptions | undefined;
    const transport = createFigmaFetchTransport((_url, init) => {
      seen = init;
      return Promise.reject(new Error('Network request failed'));
    });
    await expect(transport({ method: 'GET', url: 'https://x.example/', headers: {} })).rejects.toThrow('Network request failed');
    expect(seen && 'body' in seen).toBe(false);
  });
});

describe('browser-fetch transport', () => {
  it('turns Headers into a plain lower-case object and keeps any status', async () => {
    let seenInit: RequestInit | undefined;
    const transport = createBrowserFetchTransport((_input, init) => {
      seenInit = init;
      return Promise.resolve(new Response('{"error":{"code":"not_found","message":"No"}}', { status: 404, headers: { 'Retry-After': '3', 'X-RateLimit-Tier': 'free' } }));
    });
    const response = await transport({ method: 'GET', url: 'https://api.mailvault.example/v1/emails/1', headers: { accept: 'application/json' } });
    expect(response.status).toBe(404);
    expect(response.headers['retry-after']).toBe('3');
    expect(response.headers['x-ratelimit-tier']).toBe('free');
    expect(response.text).toContain('not_found');
    expect(seenInit).toMatchObject({ method: 'GET', credentials: 'omit', headers: { accept: 'application/json' } });
  });

  it('rejects when no response arrived', async () => {
    const transport = createBrowserFetchTransport(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(transport({ method: 'GET', url: 'https://x.example/', headers: {} })).rejects.toThrow('Failed to fetch');
  });
});
