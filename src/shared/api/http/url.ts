// Builds request paths from parts, and checks that a URL stays on the API's own origin
// (keys are only ever sent to the host they belong to).
import { parseHttpUrl } from '../../validation/http-url';

export type QueryValue = string | number | null | undefined;

/** `?a=1&b=x` from the defined values, in the given order; '' when none. */
export function queryString(params: Readonly<Record<string, QueryValue>>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** One path segment, encoded so that it cannot add segments or change the host. */
export function pathSegment(value: string | number): string {
  return encodeURIComponent(String(value));
}

/** The origin of `url` when it is an absolute http(s) URL without credentials, else null. */
export function originOf(url: string): string | null {
  const parsed = parseHttpUrl(url);
  return parsed && !parsed.hasCredentials ? parsed.origin : null;
}
