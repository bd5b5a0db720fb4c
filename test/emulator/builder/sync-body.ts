// Reads the body of POST /api/plugin/design-systems/:id/sync; every problem names the field.
import { parseDateOrDateTime } from '../core/dates';
import { isPlainObject } from '../http/query-params';
import type { ComponentContent, Variant } from './model';

export const MAX_UPSERTS = 100;

export type UpsertInput = ComponentContent;

export interface SyncInput {
  baseMs: number | null;
  user: string | null;
  upserts: UpsertInput[];
  deletes: string[];
  force: string[];
}

export class SyncBodyProblem extends Error {}

const fail = (message: string): never => {
  throw new SyncBodyProblem(message);
};

function nonEmptyString(value: unknown, at: string): string {
  if (typeof value !== 'string' || value.trim() === '') fail(`${at} must be a non-empty string.`);
  return value as string;
}

function stringField(value: unknown, at: string): string {
  if (typeof value !== 'string') fail(`${at} must be a string.`);
  return value as string;
}

function objectField(value: unknown, at: string): Record<string, unknown> {
  if (!isPlainObject(value)) fail(`${at} must be an object.`);
  return value as Record<string, unknown>;
}

function keyList(value: unknown, at: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return fail(`${at} must be an array of component keys.`);
  return value.map((key, i) => nonEmptyString(key, `${at}[${i}]`));
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The PNG bytes of base64 text at `at` (a sync thumbnail, a template preview), or a 400 naming it. */
export function decodePngBase64(value: unknown, at: string): Uint8Array {
  const base64 = stringField(value, at);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) fail(`${at} is not base64 text.`);
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  if (!PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) fail(`${at} does not hold a PNG image.`);
  return bytes;
}

function readThumbnail(value: unknown, at: string): Uint8Array | null {
  if (value === undefined || value === null) return null;
  const thumbnail = objectField(value, at);
  if (thumbnail['format'] !== 'png') fail(`${at}.format must be "png".`);
  return decodePngBase64(thumbnail['base64'], `${at}.base64`);
}

function readVariants(value: unknown, at: string): Variant[] {
  if (!Array.isArray(value)) return fail(`${at} must be an array.`);
  return value.map((variant, i) => {
    const item = objectField(variant, `${at}[${i}]`);
    return {
      key: nonEmptyString(item['key'], `${at}[${i}].key`),
      name: stringField(item['name'], `${at}[${i}].name`),
      properties: objectField(item['properties'], `${at}[${i}].properties`),
    };
  });
}

function readUpsert(value: unknown, at: string): UpsertInput {
  const item = objectField(value, at);
  const kind = item['kind'];
  if (kind !== 'component' && kind !== 'component_set') fail(`${at}.kind must be "component" or "component_set".`);
  return {
    key: nonEmptyString(item['key'], `${at}.key`),
    name: stringField(item['name'], `${at}.name`),
    kind: kind as UpsertInput['kind'],
    description: item['description'] === undefined ? '' : stringField(item['description'], `${at}.description`),
    hash: nonEmptyString(item['hash'], `${at}.hash`),
    properties: objectField(item['properties'], `${at}.properties`),
    variants: readVariants(item['variants'], `${at}.variants`),
    node: objectField(item['node'], `${at}.node`),
    thumbnailPng: readThumbnail(item['thumbnail'], `${at}.thumbnail`),
  };
}

/** Throws SyncBodyProblem with the field named in words. */
export function readSyncBody(body: unknown): SyncInput {
  const record = objectField(body, 'The body');
  const base = record['base'];
  let baseMs: number | null = null;
  if (base !== undefined && base !== null) {
    baseMs = typeof base === 'string' ? parseDateOrDateTime(base) : null;
    if (baseMs === null) fail('base must be an ISO 8601 date-time such as 2026-11-21T10:00:00.000Z (or null on a first sync).');
  }
  const source = record['source'] === undefined ? {} : objectField(record['source'], 'source');
  const user = source['user'];
  if (user !== undefined && user !== null && typeof user !== 'string') fail('source.user must be a string.');
  const rawUpserts = record['upserts'] ?? [];
  if (!Array.isArray(rawUpserts)) fail('upserts must be an array.');
  const upsertList = rawUpserts as unknown[];
  if (upsertList.length > MAX_UPSERTS) fail(`upserts has ${upsertList.length} items; at most ${MAX_UPSERTS} are allowed per request.`);
  const upserts = upsertList.map((item, i) => readUpsert(item, `upserts[${i}]`));
  const deletes = keyList(record['deletes'], 'deletes');
  const force = keyList(record['force'], 'force');
  const seen = new Set<string>();
  for (const key of [...upserts.map((upsert) => upsert.key), ...deletes]) {
    if (seen.has(key)) fail(`The component key "${key}" appears more than once in upserts and deletes.`);
    seen.add(key);
  }
  return { baseMs, user: typeof user === 'string' ? user : null, upserts, deletes, force };
}
