import { describe, expect, it } from 'vitest';
import { DESIGN_SYSTEM_ID_MAX_LENGTH, designSystemIdProblem, readDesignSystemId } from '../../../src/shared/settings/design-system-id';

describe('design-system id rules', () => {
  it('accepts ids that are safe in a URL path', () => {
    for (const id of ['ds_demo', 'ds-01', '6f1c2b3a-1d2e-4f5a-9b8c-7d6e5f4a3b2c', 'acme.brand:v2', '  padded  ']) {
      expect(designSystemIdProblem(id), id).toBeNull();
    }
  });

  it('treats an empty field as "no design system"', () => {
    expect(designSystemIdProblem('   ')).toBeNull();
    expect(readDesignSystemId('   ')).toEqual({ ok: true, id: null, fromAddress: false });
    expect(readDesignSystemId(null)).toEqual({ ok: true, id: null, fromAddress: false });
    expect(readDesignSystemId(' ds_demo ')).toEqual({ ok: true, id: 'ds_demo', fromAddress: false });
  });

  it('refuses spaces, slashes and other characters in words', () => {
    for (const id of ['ds demo', 'ds/../x', 'ds?x=1', '#ds', '-leading', 'ds%2F', 'ftp://files.example/ds_demo', 'https://not a host/ds_demo']) {
      expect(designSystemIdProblem(id), id).toMatch(/only letters, digits/);
    }
    // The same words as the field's hint in Settings.
    expect(designSystemIdProblem('ds demo')).toMatch(/\(no spaces or slashes\)\. Paste the id your email builder gives the design system\.$/);
  });

  it('refuses ids longer than the limit, saying how long', () => {
    const long = 'a'.repeat(DESIGN_SYSTEM_ID_MAX_LENGTH + 1);
    expect(designSystemIdProblem(long)).toMatch(new RegExp(`at most ${DESIGN_SYSTEM_ID_MAX_LENGTH}.*${DESIGN_SYSTEM_ID_MAX_LENGTH + 1}`));
    expect(designSystemIdProblem('a'.repeat(DESIGN_SYSTEM_ID_MAX_LENGTH))).toBeNull();
  });

  it('reads the id from an address whose path is the id alone, and says it was read from an address', () => {
    for (const address of [
      'https://app.templatebuilder.example/ds_demo',
      ' https://app.templatebuilder.example/ds_demo/ ',
      'https://app.templatebuilder.example/ds_demo?tab=components#top',
      'http://localhost:4011/ds_demo',
    ]) {
      expect(readDesignSystemId(address), address).toEqual({ ok: true, id: 'ds_demo', fromAddress: true });
    }
  });

  it('refuses in words an address whose path is not the id alone: the id could be any part of it, or none', () => {
    for (const address of [
      'https://app.templatebuilder.example/',
      'https://app.templatebuilder.example/?design_system=ds_demo',
      'https://app.templatebuilder.example/design-systems/ds_demo',
      'https://app.templatebuilder.example/workspace/acme/ds_demo/components',
      // The builder API's path is not the builder app's address: no guess at where the id is.
      'https://app.templatebuilder.example/api/plugin/design-systems/ds_demo',
      'https://app.templatebuilder.example/ds%2Fdemo',
      `https://app.templatebuilder.example/${'a'.repeat(DESIGN_SYSTEM_ID_MAX_LENGTH + 1)}`,
    ]) {
      const reading = readDesignSystemId(address);
      expect(reading.ok, address).toBe(false);
      expect(designSystemIdProblem(address), address).toMatch(/^Envelope reads an id from an address only when its path is the id alone/);
    }
  });
});
