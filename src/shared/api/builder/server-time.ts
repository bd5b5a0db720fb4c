// The builder's times, on their own so the request builders (in both bundles) can check a
// `since` without pulling every response schema into the UI.

// assumption: every time the builder sends (`updated_at`, `server_time`, `synced_at`) is ISO 8601 with a zone, the form `since` and `base` take back.
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A server time Envelope can compare and send back: ISO 8601 and a real date (not 2026-13-45). */
export function isServerTime(value: string): boolean {
  return ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

/**
 * The builder's times compared as instants (negative: `a` is earlier): the same instant may come
 * written as "Z" or "+00:00", with or without milliseconds. As text when either is not a time.
 */
export function compareServerTimes(a: string, b: string): number {
  const timeA = Date.parse(a);
  const timeB = Date.parse(b);
  return Number.isNaN(timeA) || Number.isNaN(timeB) ? (a < b ? -1 : a > b ? 1 : 0) : timeA - timeB;
}
