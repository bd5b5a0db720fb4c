// Reads the error bodies of both APIs into one shape:
// library `{"error": {"code", "message"}}`, builder `{"error": "<code>", "message"}`.
import { truncateText } from './utf8';

export interface ServerError {
  code: string | null;
  message: string | null;
}

const MAX_MESSAGE_LENGTH = 200;

function cleanMessage(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(/\s+/g, ' ').trim();
  if (text === '') return null;
  return text.length > MAX_MESSAGE_LENGTH ? `${truncateText(text, MAX_MESSAGE_LENGTH - 1)}…` : text;
}

function cleanCode(value: unknown): string | null {
  return typeof value === 'string' && /^[a-z0-9_.-]{1,64}$/i.test(value) ? value : null;
}

/** The code and message of an error body; nulls for whatever is absent or unreadable. */
export function readServerError(text: string): ServerError {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { code: null, message: null };
  }
  if (typeof body !== 'object' || body === null) return { code: null, message: null };
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error === 'object' && error !== null) {
    const nested = error as { code?: unknown; message?: unknown };
    return { code: cleanCode(nested.code), message: cleanMessage(nested.message) };
  }
  return { code: cleanCode(error), message: cleanMessage(message) };
}

/** Neither API asks for longer (the library's daily limit resets at midnight UTC): more is a broken header. */
const MAX_RETRY_AFTER_SECONDS = 86_400;

/**
 * An HTTP date in asctime form ("Wed Oct 21 07:28:00 2026"), which HTTP reads as GMT, written as
 * IMF-fixdate: with no zone, Date.parse reads it in the designer's own time zone (hours off, or a
 * wait of none). The other two forms name GMT and are returned as they are.
 */
function asZonedHttpDate(text: string): string {
  const asctime = /^([A-Z][a-z]{2}) ([A-Z][a-z]{2}) +(\d{1,2}) (\d{2}:\d{2}:\d{2}) (\d{4})$/.exec(text);
  if (asctime === null) return text;
  const [, weekday, month, day, time, year] = asctime;
  return `${weekday}, ${day!.padStart(2, '0')} ${month} ${year} ${time} GMT`;
}

/**
 * `Retry-After` in whole seconds (rounded up, at most a day), from delta-seconds or an HTTP date;
 * null when absent or unreadable.
 */
export function parseRetryAfterSeconds(value: string | undefined, nowMs: number): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  let seconds: number;
  if (/^\d+(\.\d+)?$/.test(text)) seconds = Math.ceil(Number(text));
  else {
    const date = Date.parse(asZonedHttpDate(text));
    if (Number.isNaN(date)) return null;
    seconds = Math.max(0, Math.ceil((date - nowMs) / 1000));
  }
  return Math.min(seconds, MAX_RETRY_AFTER_SECONDS);
}
