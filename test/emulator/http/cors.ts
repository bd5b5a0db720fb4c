// CORS on every response (docs/api/api-assumptions.md, "CORS"): plugin iframes have a `null` origin.

export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type',
  // Lets the iframe read the limit headers and Retry-After.
  'Access-Control-Expose-Headers': 'Retry-After, X-RateLimit-Limit, X-RateLimit-Tier, X-Emulator-Fault',
};

export function preflightHeaders(): Record<string, string> {
  return { ...CORS_HEADERS, 'Access-Control-Max-Age': '600' };
}
