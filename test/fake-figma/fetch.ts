// Figma's `fetch` in the plugin sandbox: a narrower shape than the browser's. The URL must be a
// string, headers a plain object, the body a string or Uint8Array; no AbortSignal, no Request,
// no streams. Responses carry `headersObject` and text()/json()/arrayBuffer().
import { isUint8ArrayValue } from './realm-checks';
import { strictObject } from './not-implemented';
import { isPlainObject } from './properties';
import { decodeUtf8 } from './structured-clone';

/** What sits behind the fake's fetch: the standard fetch fits, so does a test double. */
export type NetworkFn = (url: string, init: NetworkRequestInit) => Promise<NetworkResponse>;

export interface NetworkRequestInit {
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  redirect?: 'follow' | 'error' | 'manual';
}

export interface NetworkResponse {
  status: number;
  statusText: string;
  url: string;
  redirected?: boolean;
  type?: string;
  headers: { forEach(callback: (value: string, name: string) => void): void };
  arrayBuffer(): Promise<ArrayBuffer>;
}

export type FigmaFetch = (url: string, init?: FetchOptions) => Promise<FetchResponse>;

export interface FigmaFetchOptions {
  /** Origins the plugin's manifest allows ("https://api.example.com", "*.example.com"); unset: any. */
  allowedDomains?: readonly string[];
  /** Also allow http(s)://localhost and 127.0.0.1 on any port (tests' emulators on free ports). */
  allowLoopback?: boolean;
}

const KNOWN_OPTIONS = new Set(['method', 'headers', 'headersObject', 'body', 'credentials', 'cache', 'redirect', 'referrer', 'integrity']);

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  const name = (Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null)?.constructor?.name;
  return name ? `a ${name}` : 'an object';
}

function reject(message: string): Promise<never> {
  return Promise.reject(new TypeError(`fetch: ${message}`));
}

function originOf(url: string): string | null {
  const match = /^(https?:\/\/[^/?#]+)/i.exec(url);
  return match ? match[1]!.toLowerCase() : null;
}

function isAllowed(origin: string, allowed: readonly string[]): boolean {
  const host = origin.replace(/^https?:\/\//, '');
  return allowed.some((entry) => {
    const rule = entry.toLowerCase().replace(/\/+$/, '');
    if (rule === '*') return true;
    if (rule.includes('://')) return rule === origin || (rule.includes('*.') && origin.endsWith(rule.split('*')[1]!));
    if (rule.startsWith('*.')) return host.endsWith(rule.slice(1));
    return host === rule;
  });
}

function isLoopback(origin: string): boolean {
  return /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(origin);
}

export function createFigmaStyleFetch(network: NetworkFn, options: FigmaFetchOptions = {}): FigmaFetch {
  return async (url: string, init?: FetchOptions): Promise<FetchResponse> => {
    if (typeof url !== 'string') {
      return reject(`the URL must be a string, got ${describe(url)} (Figma's fetch takes no URL or Request objects)`);
    }
    if (!/^https?:\/\//i.test(url)) return reject(`"${url}" is not an absolute http(s) URL`);
    if (init !== undefined && !isPlainObject(init)) return reject(`options must be a plain object, got ${describe(init)}`);
    const opts = (init ?? {}) as Record<string, unknown>;
    if ('signal' in opts) return reject("AbortSignal is not supported by Figma's fetch (no `signal` option); time out with your own timer instead");
    for (const key of Object.keys(opts)) {
      if (!KNOWN_OPTIONS.has(key)) return reject(`unsupported option "${key}" (Figma's fetch accepts ${[...KNOWN_OPTIONS].join(', ')})`);
    }
    const method = opts.method ?? 'GET';
    if (typeof method !== 'string') return reject(`method must be a string, got ${describe(method)}`);
    const rawHeaders = opts.headers ?? opts.headersObject ?? {};
    if (!isPlainObject(rawHeaders)) {
      return reject(`headers must be a plain object of name → value, got ${describe(rawHeaders)} (Headers instances and arrays are not supported)`);
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(rawHeaders)) {
      if (typeof value !== 'string') return reject(`header "${name}" must be a string, got ${describe(value)}`);
      headers[name] = value;
    }
    const body = opts.body;
    if (body !== undefined && typeof body !== 'string' && !isUint8ArrayValue(body)) {
      return reject(`body must be a string or a Uint8Array, got ${describe(body)}`);
    }
    if (body !== undefined && (method.toUpperCase() === 'GET' || method.toUpperCase() === 'HEAD')) {
      return reject(`a ${method.toUpperCase()} request cannot have a body`);
    }
    const origin = originOf(url);
    if (options.allowedDomains && (!origin || (!isAllowed(origin, options.allowedDomains) && !(options.allowLoopback && isLoopback(origin))))) {
      return reject(`Refused to connect to "${url}": its origin is not in the manifest's networkAccess.allowedDomains`);
    }
    const request: NetworkRequestInit = { method: method.toUpperCase(), headers };
    if (body !== undefined) request.body = typeof body === 'string' ? body : new Uint8Array(body);
    if (opts.redirect === 'error' || opts.redirect === 'manual' || opts.redirect === 'follow') request.redirect = opts.redirect;
    let response: NetworkResponse;
    try {
      response = await network(url, request);
    } catch (error) {
      throw new TypeError(`Failed to fetch ${url}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    return toFigmaResponse(response, url);
  };
}

function toFigmaResponse(response: NetworkResponse, requestedUrl: string): FetchResponse {
  const headersObject: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headersObject[name.toLowerCase()] = value;
  });
  let used = false;
  const readBytesAsync = async (): Promise<Uint8Array> => {
    if (used) throw new TypeError('fetch: the response body was already read');
    used = true;
    return new Uint8Array(await response.arrayBuffer());
  };
  const result: FetchResponse = {
    headersObject,
    ok: response.status >= 200 && response.status < 300,
    redirected: response.redirected ?? false,
    status: response.status,
    statusText: response.statusText,
    type: response.type ?? 'basic',
    url: response.url || requestedUrl,
    arrayBuffer: async () => {
      const bytes = await readBytesAsync();
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    },
    text: async () => decodeUtf8(await readBytesAsync()),
    json: async () => JSON.parse(decodeUtf8(await readBytesAsync())) as unknown,
  };
  return strictObject(result, "FetchResponse (Figma's fetch response has no body stream, blob(), headers or clone(); use headersObject and text()/json()/arrayBuffer())");
}

