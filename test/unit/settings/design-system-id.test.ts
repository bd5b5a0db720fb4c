import { describe, expect, it } from 'vitest';
import { DESIGN_SYSTEM_ID_MAX_LENGTH, designSystemIdProblem, normalizeDesignSystemId } from '../../../src/shared/settings/design-system-id';

describe('design-system id rules', () => {
  it('accepts ids that are safe in a URL path', () => {
    for (const id of ['ds_demo', 'ds-01', '6f1c2b3a-1d2e-4f5a-9b8c-7d6e5f4a3b2c', 'acme.brand:v2', '  padded  ']) {
      expect(designSystemIdProblem(id), id).toBeNull();
    }
  });

  it('treats an empty field as "no design system"', () => {
    expect(designSystemIdProblem('   ')).toBeNull();
    expect(normalizeDesignSystemId('   ')).toBeNull();
    expect(normalizeDesignSystemId(null)).toBeNull();
    expect(normalizeDesignSystemId(' ds_demo ')).toBe('ds_demo');
  });

  it('refuses spaces, slashes and other characters in words', () => {
    for (const id of ['ds demo', 'ds/../x', 'ds?x=1', '#ds', '-leading', 'ds%2F']) {
      expect(designSystemIdProblem(id), id).toMatch(/only letters, digits/);
    }
  });

  it('refuses ids longer than the limit, saying how long', () => {
    const long = 'a'.repeat(DESIGN_SYSTEM_ID_MAX_LENGTH + 1);
    expect(designSystemIdProblem(long)).toMatch(new RegExp(`at most ${DESIGN_SYSTEM_ID_MAX_LENGTH}.*${DESIGN_SYSTEM_ID_MAX_LENGTH + 1}`));
    expect(designSystemIdProblem('a'.repeat(DESIGN_SYSTEM_ID_MAX_LENGTH))).toBeNull();
  });
});
