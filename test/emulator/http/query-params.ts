// Query and body checks shared by both APIs. Each failure names the parameter in words.
import { RequestProblem } from './types';

export interface IntRange {
  min: number;
  max?: number;
  fallback: number;
}

/**
 * An integer query parameter; absent → fallback; anything else out of range → problem. Without
 * a `max` (page numbers: none is documented) any whole number up to 2^53 - 1 is taken, so a page
 * far past the end is an empty page rather than a 400.
 */
export function readIntParam(query: URLSearchParams, name: string, range: IntRange, code: string): number {
  const raw = query.get(name);
  if (raw === null) return range.fallback;
  const within = range.max === undefined ? `${range.min} or more` : `from ${range.min} to ${range.max}`;
  if (!/^\d{1,16}$/.test(raw) || !Number.isSafeInteger(Number(raw))) throw new RequestProblem(400, code, `${name} must be an integer ${within}.`);
  const value = Number(raw);
  if (value < range.min || (range.max !== undefined && value > range.max)) {
    throw new RequestProblem(400, code, `${name} must be an integer ${within} (got ${value}).`);
  }
  return value;
}

/**
 * Both documents say the bodies are JSON with that content type ("Content type JSON",
 * "content type `application/json`"); a body sent as anything else is refused, not guessed at.
 */
export function requireJsonContentType(headers: Readonly<Record<string, string>>, code: string): void {
  const mediaType = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    throw new RequestProblem(400, code, 'Send the body as JSON with the header Content-Type: application/json.');
  }
}

/** Parses a JSON request body; an empty or broken body is a problem named in words. */
export function readJsonBody(body: string, code: string): unknown {
  if (body.trim() === '') throw new RequestProblem(400, code, 'The request body is empty; send a JSON object.');
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new RequestProblem(400, code, 'The request body is not valid JSON.');
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A page of a list, 1-based; past the end gives an empty page. */
export function pageOf<T>(items: readonly T[], page: number, perPage: number): T[] {
  const start = (page - 1) * perPage;
  return items.slice(start, start + perPage);
}
