// The library's "slow down" (429) for a route to answer with: its documented error body, CORS on,
// and a Retry-After the window's fetch can read.

/** The library's 429 asking to wait `seconds`. */
export const librarySlowDownFor = (seconds: number) => ({
  status: 429,
  headers: {
    'content-type': 'application/json',
    'access-control-allow-origin': '*',
    'access-control-expose-headers': 'Retry-After',
    'retry-after': String(seconds),
  },
  body: JSON.stringify({ error: { code: 'rate_limited', message: 'Too many requests.' } }),
});
