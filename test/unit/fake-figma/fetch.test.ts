import { describe, expect, it } from 'vitest';
import { createFakeFigma, createFigmaStyleFetch, type NetworkFn, type NetworkRequestInit } from '../../fake-figma/index';

function recordingNetwork(status = 200, body = '{"ok":true}', headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Request-Id': 'r1' }) {
  const calls: Array<{ url: string; init: NetworkRequestInit }> = [];
  const network: NetworkFn = async (url, init) => {
    calls.push({ url, init });
    return new Response(body, { status, statusText: status === 200 ? 'OK' : 'Not Found', headers });
  };
  return { calls, network };
}

describe("Figma's fetch", () => {
  it('passes method, headers and body and answers with headersObject, status and text/json', async () => {
    const { calls, network } = recordingNetwork();
    const fetch = createFigmaStyleFetch(network);
    const response = await fetch('https://api.mailvault.example/v1/emails', { method: 'post', headers: { Authorization: 'Bearer k' }, body: '{"q":"spring"}' });
    expect(calls).toEqual([{ url: 'https://api.mailvault.example/v1/emails', init: { method: 'POST', headers: { Authorization: 'Bearer k' }, body: '{"q":"spring"}' } }]);
    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(response.statusText).toBe('OK');
    expect(response.headersObject).toEqual({ 'content-type': 'application/json', 'x-request-id': 'r1' });
    expect(await response.json()).toEqual({ ok: true });
    await expect(response.text()).rejects.toThrow(/already read/);
  });

  it('accepts a Uint8Array body and returns bytes from arrayBuffer()', async () => {
    const { calls, network } = recordingNetwork(200, 'binary');
    const fetch = createFigmaStyleFetch(network);
    const response = await fetch('https://images.mailvault.example/a.png', { method: 'PUT', body: new Uint8Array([1, 2]) });
    expect(calls[0]!.init.body).toEqual(new Uint8Array([1, 2]));
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([98, 105, 110, 97, 114, 121]));
  });

  it('refuses URL objects, Headers objects, AbortSignals and other bodies', async () => {
    const { calls, network } = recordingNetwork();
    const fetch = createFigmaStyleFetch(network);
    await expect(fetch(new URL('https://a.example/') as unknown as string)).rejects.toThrow(/URL must be a string, got a URL/);
    await expect(fetch(new Request('https://a.example/') as unknown as string)).rejects.toThrow(/URL must be a string, got a Request/);
    await expect(fetch('https://a.example/', { headers: new Headers({ a: 'b' }) as unknown as Record<string, string> })).rejects.toThrow(/Headers instances/);
    await expect(fetch('https://a.example/', { signal: new AbortController().signal } as unknown as FetchOptions)).rejects.toThrow(/AbortSignal is not supported/);
    await expect(fetch('https://a.example/', { method: 'POST', body: new ArrayBuffer(2) as unknown as string })).rejects.toThrow(/body must be a string or a Uint8Array, got a ArrayBuffer/);
    await expect(fetch('https://a.example/', { body: 'x' })).rejects.toThrow(/GET request cannot have a body/);
    await expect(fetch('/relative')).rejects.toThrow(/absolute http/);
    expect(calls).toEqual([]);
  });

  it('has no streams, blob(), headers or clone() on the response', async () => {
    const fetch = createFigmaStyleFetch(recordingNetwork().network);
    const response = (await fetch('https://a.example/')) as unknown as Record<string, unknown>;
    expect(() => response.body).toThrow(/no body stream/);
    expect(() => response.blob).toThrow(/blob\(\)/);
    expect(() => response.headers).toThrow(/headersObject/);
  });

  it('turns a network failure into a rejected fetch and enforces allowed domains', async () => {
    const failing = createFigmaStyleFetch(() => Promise.reject(new Error('ECONNREFUSED')));
    await expect(failing('https://a.example/')).rejects.toThrow(/Failed to fetch https:\/\/a.example\/: ECONNREFUSED/);
    const { network } = recordingNetwork();
    const fetch = createFigmaStyleFetch(network, { allowedDomains: ['https://api.mailvault.example', '*.templatebuilder.example'] });
    await expect(fetch('https://api.mailvault.example/v1')).resolves.toMatchObject({ status: 200 });
    await expect(fetch('https://app.templatebuilder.example/x')).resolves.toMatchObject({ status: 200 });
    await expect(fetch('https://evil.example/')).rejects.toThrow(/allowedDomains/);
  });

  it('is what install() puts on the global object, next to figma and __html__', async () => {
    const { network } = recordingNetwork(404, 'missing');
    const fake = createFakeFigma({ network, html: '<p>ui</p>' });
    const target: Record<string, unknown> = { fetch: 'previous' };
    const uninstall = fake.install(target);
    expect(target.figma).toBe(fake.figma);
    expect(target.__html__).toBe('<p>ui</p>');
    const response = await (target.fetch as typeof fake.fetch)('https://api.mailvault.example/');
    expect(response.ok).toBe(false);
    expect(await response.text()).toBe('missing');
    uninstall();
    expect(target).toEqual({ fetch: 'previous' });
  });
});

describe('the default network policy: manifest.json', () => {
  // Figma (manifest networkAccess): "if your plugin makes a network request to a domain that is
  // not specified in the list of permitted domains, that request is blocked."
  it('reaches the manifest’s allowedDomains and devAllowedDomains and refuses other hosts', async () => {
    const { network, calls } = recordingNetwork(200, 'ok');
    const fake = createFakeFigma({ network });
    await expect(fake.fetch('https://api.mailvault.example/v1')).resolves.toMatchObject({ status: 200 });
    await expect(fake.fetch('https://app.templatebuilder.example/api')).resolves.toMatchObject({ status: 200 });
    await expect(fake.fetch('http://localhost:4010/v1')).resolves.toMatchObject({ status: 200 });
    await expect(fake.fetch('https://evil.example/steal')).rejects.toThrow(/Refused to connect to "https:\/\/evil.example\/steal"/);
    await expect(fake.fetch('https://api.mailvault.example.evil.test/')).rejects.toThrow(/allowedDomains/);
    expect(calls.map((call) => call.url)).toEqual(['https://api.mailvault.example/v1', 'https://app.templatebuilder.example/api', 'http://localhost:4010/v1']);
  });

  it('also lets loopback addresses on any port through (emulators on free ports), and null lets every host through', async () => {
    const { network } = recordingNetwork(200, 'ok');
    await expect(createFakeFigma({ network }).fetch('http://127.0.0.1:39123/v1')).resolves.toMatchObject({ status: 200 });
    await expect(createFakeFigma({ network, allowedDomains: ['https://api.mailvault.example'] }).fetch('http://127.0.0.1:39123/v1')).rejects.toThrow(/allowedDomains/);
    await expect(createFakeFigma({ network, allowedDomains: null }).fetch('https://anywhere.example/')).resolves.toMatchObject({ status: 200 });
  });
});

describe('the default network', () => {
  it('is the host fetch as it was when the fake was created, not the installed figma fetch', async () => {
    const original = globalThis.fetch;
    const calls: string[] = [];
    globalThis.fetch = (async (url: string) => {
      calls.push(url);
      return new Response('hello', { status: 200 });
    }) as typeof fetch;
    try {
      const fake = createFakeFigma();
      const uninstall = fake.install();
      try {
        const response = await (globalThis.fetch as unknown as typeof fake.fetch)('https://api.mailvault.example/v1/ping');
        expect(await response.text()).toBe('hello');
        expect(calls).toEqual(['https://api.mailvault.example/v1/ping']);
      } finally {
        uninstall();
      }
    } finally {
      globalThis.fetch = original;
    }
  });
});
