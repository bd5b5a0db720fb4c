// Shared helpers of the emulator's contract tests: HTTP calls and a strict shape check (the
// emulator is the strict side: every documented field, nothing more).
import { expect } from 'vitest';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../emulator/index';

export const START = '2026-11-21T10:00:00.000Z';

export async function startTestEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ libraryPort: 0, builderPort: 0, now: START, ...options });
}

export interface CallResult {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the emulator's JSON freely and pin it with assertions
  body: any;
  text: string;
}

export async function call(
  url: string,
  init: { method?: string; key?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key) headers['Authorization'] = `Bearer ${init.key}`;
  let body: string | undefined = init.rawBody;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(url, { method: init.method ?? 'GET', headers, body });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? null : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

export async function control(emulator: RunningEmulator, path: string, body?: unknown): Promise<CallResult> {
  return call(`${emulator.libraryUrl}/_emulator/${path}`, body === undefined ? {} : { method: 'POST', body });
}

/**
 * A shape: 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'object' (any object) |
 * 'any', unions with `|`, nested objects (exact key sets) and one-item arrays for lists.
 */
export type Shape = string | Shape[] | { [key: string]: Shape };

function typeMatches(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'any':
      return true;
    default:
      throw new Error(`unknown shape type ${type}`);
  }
}

function shapeProblems(value: unknown, shape: Shape, path: string): string[] {
  if (typeof shape === 'string') {
    return shape.split('|').some((type) => typeMatches(value, type)) ? [] : [`${path} should be ${shape}, got ${JSON.stringify(value)?.slice(0, 80)}`];
  }
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return [`${path} should be an array`];
    return value.flatMap((item, i) => shapeProblems(item, shape[0]!, `${path}[${i}]`));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${path} should be an object`];
  const record = value as Record<string, unknown>;
  const missing = Object.keys(shape).filter((key) => !(key in record)).map((key) => `${path}.${key} is missing`);
  const extra = Object.keys(record).filter((key) => !(key in shape)).map((key) => `${path}.${key} is not documented`);
  const nested = Object.entries(shape).flatMap(([key, sub]) => (key in record ? shapeProblems(record[key], sub, `${path}.${key}`) : []));
  return [...missing, ...extra, ...nested];
}

export function expectShape(value: unknown, shape: Shape, path = 'body'): void {
  expect(shapeProblems(value, shape, path)).toEqual([]);
}

export const ATTRIBUTION_SHAPE = { source: 'string', url: 'string' } as const;
export const LIBRARY_ERROR_SHAPE = { error: { code: 'string', message: 'string' } } as const;
export const BUILDER_ERROR_SHAPE = { error: 'string', message: 'string' } as const;

export const LIST_EMAIL_SHAPE = {
  id: 'integer', title: 'string', subject_line: 'string', from_email: 'string', brand: 'string', brand_slug: 'string',
  thumbnail_url: 'string', preview_url: 'string', url: 'string', captured_date: 'string', sent_date: 'string',
} as const;

export const REDUCED_EMAIL_SHAPE = {
  id: 'integer', title: 'string', subject_line: 'string', brand_slug: 'string', preview_url: 'string', url: 'string', captured_date: 'string',
} as const;

export const BRAND_REQUEST_SHAPE = {
  brand: 'string', domain: 'string', category: 'string', status: 'string', message: 'string', library_brand: 'null|object',
  requested_at: 'string', requests_today: 'integer', daily_limit: 'integer',
} as const;

export const RFC_2822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}$/;
export const YMD = /^\d{4}-\d{2}-\d{2}$/;
export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
