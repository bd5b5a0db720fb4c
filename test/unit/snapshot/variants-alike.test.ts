// Which variant of a set repeats another's property values (src/snapshot/variants-alike.ts).
import { describe, expect, it } from 'vitest';
import { variantsAlike } from '../../../src/snapshot/variants-alike';

describe('variantsAlike', () => {
  it('names the variant whose values repeat an earlier one’s, in whatever order its properties are written', () => {
    expect(variantsAlike(['Type=Primary, Size=Small', 'Type=Ghost, Size=Small', 'Size=Small, Type=Primary'])).toBe('Size=Small, Type=Primary');
    expect(variantsAlike(['Type=Ghost', 'Type=Ghost'])).toBe('Type=Ghost');
  });
  it('is null when every variant has values of its own', () => {
    expect(variantsAlike(['Type=Primary, Size=Small', 'Type=Primary, Size=Large', 'Type=Ghost, Size=Small'])).toBeNull();
    expect(variantsAlike([])).toBeNull();
  });
});
