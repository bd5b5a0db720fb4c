// The one seam between the API clients and the network. Each bundle plugs in its own fetch
// (Figma's main-thread fetch in the sandbox, the browser's fetch in the iframe).

import type { CancelSignal } from './cancel-signal';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Aborts when the client stops waiting for the answer; a transport that can abort its fetch does. */
  signal?: CancelSignal;
}

export interface HttpResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  text: string;
}

/** Resolves with whatever response arrived (any status); rejects only when none arrived. */
export type HttpTransport = (request: HttpRequest) => Promise<HttpResponse>;

/** Header names in lower case, values as strings (transports normalise with this). */
export function lowerCaseHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) result[name.toLowerCase()] = String(value);
  return result;
}
