// jsonByteLength: the UTF-8 size of a value as JSON, the one count behind the builder's 2 MB
// checks, sync batches and the payload cache's budget (ASCII counted without the per-character loop).
import { describe, expect, it } from 'vitest';
import { jsonByteLength } from '../../../src/shared/api/http/utf8';

const bytesOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

describe('jsonByteLength', () => {
  it.each([
    ['plain ASCII', { name: 'Button', width: 120 }],
    ['accented and CJK text', { name: 'Café — 夏のセール' }],
    ['emoji (surrogate pairs)', ['🌷 Spring sale', '👍🏽']],
    ['escapes JSON adds', 'line\nbreak "quoted" \\ tab\t'],
    ['a lone surrogate (JSON.stringify escapes it)', '\ud83c'],
  ])('counts %s as TextEncoder does', (_what, value) => {
    expect(jsonByteLength(value)).toBe(bytesOf(value));
  });
});
