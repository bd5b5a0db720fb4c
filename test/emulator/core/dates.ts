// Date formats of the two APIs and the parsing of date parameters. Pure.

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

export function dayAbbreviation(dayOfWeek: number): string {
  return DAY_NAMES[dayOfWeek]!;
}

/** `YYYY-MM-DD` of the UTC day. */
export function formatYmd(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** `YYYY-MM-DD HH:MM:SS` in UTC (insights `first_send` / `last_send`). */
export function formatYmdHms(ms: number): string {
  const d = new Date(ms);
  return `${formatYmd(ms)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** `YYYY-MM-DDTHH:MM:SS`, a date-time without zone (the `meta.since` echo). */
export function formatLocalIso(ms: number): string {
  return formatYmdHms(ms).replace(' ', 'T');
}

/** RFC 2822 date in the sender's zone, e.g. `Tue, 03 Mar 2026 09:05:00 -0500`. */
export function formatRfc2822(ms: number, offsetMinutes: number): string {
  const d = new Date(ms + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const zone = `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
  return (
    `${DAY_NAMES[d.getUTCDay()]!}, ${pad(d.getUTCDate())} ${MONTH_NAMES[d.getUTCMonth()]!} ${d.getUTCFullYear()} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${zone}`
  );
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
// ISO 8601 joins date and time with `T` (a space is RFC 3339's allowance, not ISO 8601's).
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

function validCalendarDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/**
 * A `since` value of the library API: a date (`YYYY-MM-DD`, midnight UTC) or an ISO 8601
 * date-time (UTC when it has no zone). Null when it is neither.
 */
export function parseDateOrDateTime(text: string): number | null {
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    const [year, month, day] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])];
    return validCalendarDate(year, month, day) ? Date.UTC(year, month - 1, day) : null;
  }
  const m = DATE_TIME.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute] = [1, 2, 3, 4, 5].map((i) => Number(m[i]));
  const second = m[6] === undefined ? 0 : Number(m[6]);
  const millis = m[7] === undefined ? 0 : Math.floor(Number(`0.${m[7]}`) * 1000);
  if (!validCalendarDate(year!, month!, day!) || hour! > 23 || minute! > 59 || second > 59) return null;
  let ms = Date.UTC(year!, month! - 1, day!, hour, minute, second, millis);
  const zone = m[8];
  if (zone && zone !== 'Z') {
    const digits = zone.replace(':', '');
    const offset = (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5))) * (digits[0] === '-' ? -1 : 1);
    if (Number(digits.slice(3, 5)) > 59) return null;
    ms -= offset * 60_000;
  }
  return ms;
}

export function startOfUtcDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** Whole seconds until the next midnight UTC (at least 1). */
export function secondsToUtcMidnight(ms: number): number {
  return Math.max(1, Math.ceil((startOfUtcDay(ms) + DAY_MS - ms) / 1000));
}
