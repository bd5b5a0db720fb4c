// The builder's "slow down" (429) for a route to answer with: without the Retry-After its document
// says every 429 carries (the emulator's 429 fault always sends one, so tests of the stand-in wait
// answer with this instead), or with one of a test's choosing.

/** A 429 answer to fulfil a route with: the builder's error body, CORS on, no Retry-After. */
export const BUILDER_SLOW_DOWN_NO_WAIT = {
  status: 429,
  headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' },
  body: JSON.stringify({ error: 'rate_limited', message: 'Too many requests this minute.' }),
};

/** The builder's 429 asking to wait `seconds`, its Retry-After readable by the window's fetch. */
export const builderSlowDownFor = (seconds: number) => ({
  ...BUILDER_SLOW_DOWN_NO_WAIT,
  headers: { ...BUILDER_SLOW_DOWN_NO_WAIT.headers, 'access-control-expose-headers': 'Retry-After', 'retry-after': String(seconds) },
});
