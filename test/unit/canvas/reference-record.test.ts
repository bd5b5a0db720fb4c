import { describe, expect, it } from 'vitest';
import { parseReferenceRecord, serializeReferenceRecord } from '../../../src/canvas/reference-record';

const record = {
  emailId: 42,
  brandSlug: 'acme',
  brandName: 'Acme',
  subject: 'Spring sale',
  url: 'https://mailvault.example/emails/42',
  capturedDate: '2026-03-01',
  insertedAt: '2026-11-24T21:00:00.000Z',
};

describe('reference record', () => {
  it('reads back what it wrote, with its version', () => {
    expect(parseReferenceRecord(serializeReferenceRecord(record))).toEqual({ v: 1, ...record });
  });

  it('reads an empty value, broken JSON, another version or a missing field as "not a reference"', () => {
    expect(parseReferenceRecord('')).toBeNull();
    expect(parseReferenceRecord('{')).toBeNull();
    expect(parseReferenceRecord(JSON.stringify({ ...record, v: 2 }))).toBeNull();
    const { emailId: _omitted, ...withoutId } = record;
    expect(parseReferenceRecord(serializeReferenceRecord(withoutId as typeof record))).toBeNull();
  });
});
