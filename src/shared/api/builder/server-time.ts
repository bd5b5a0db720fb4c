// The builder's times, on their own so the request builders (in both bundles) can check a
// `since` without pulling every response schema into the UI.

// assumption: every time the builder sends (`updated_at`, `server_time`, `synced_at`) is ISO 8601 with a zone, the form `since` and `base` take back.
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A server time Envelope can compare and send back: ISO 8601 and a real date (not 2026-13-45). */
export function isServerTime(value: string): boolean {
  return ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

/** The parts of an ISO 8601 time: up to the seconds, the fraction's digits, the zone. */
const ISO_PARTS = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?)(?:\.(\d+))?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * An ISO time as whole milliseconds up to its seconds and its fraction's digits (trailing zeros
 * dropped), or null. The fraction is kept as digits: Date.parse keeps milliseconds only, so two
 * times microseconds apart (a server may send six digits or more) would read as one instant.
 */
function instantOf(value: string): { wholeMs: number; fraction: string } | null {
  const parts = ISO_PARTS.exec(value);
  if (!parts) return null;
  const [, head = '', fraction = '', zone = 'Z'] = parts;
  const wholeMs = Date.parse(`${head}${zone === 'Z' ? zone : `${zone.slice(0, 3)}:${zone.slice(-2)}`}`);
  return Number.isNaN(wholeMs) ? null : { wholeMs, fraction: fraction.replace(/0+$/, '') };
}

/**
 * The builder's times compared as instants (negative: `a` is earlier): the same instant may come
 * written as "Z" or "+00:00", with or without a fraction of a second, to any number of digits.
 * As text when either is not an ISO time: Date.parse would read other text as a date ("2" is
 * 1 Feb 2001 in V8), so a version token like "2" could come before "10" by its made-up date.
 */
export function compareServerTimes(a: string, b: string): number {
  const instantA = instantOf(a);
  const instantB = instantOf(b);
  if (instantA !== null && instantB !== null) {
    if (instantA.wholeMs !== instantB.wholeMs) return instantA.wholeMs - instantB.wholeMs;
    // Digit strings of one length compare as numbers do.
    const digits = Math.max(instantA.fraction.length, instantB.fraction.length);
    const fractionA = instantA.fraction.padEnd(digits, '0');
    const fractionB = instantB.fraction.padEnd(digits, '0');
    return fractionA < fractionB ? -1 : fractionA > fractionB ? 1 : 0;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}
