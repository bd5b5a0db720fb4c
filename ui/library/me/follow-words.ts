// Me → Following in words. The API only reads follows (they are made on the library's website),
// and its `max` is how many brands one may follow (50), not how many the library has.

import { plural } from '../../components/count-words';

/** The heading over the followed brands: "Following 8 brands (you can follow up to 50)". */
export function followingText(total: number, max: number): string {
  const brands = total === 0 ? 'no brands' : plural(total, 'brand');
  return total >= max ? `Following ${brands}, the most you can follow` : `Following ${brands} (you can follow up to ${max})`;
}

export const NO_FOLLOWS_TEXT = 'You follow no brands yet. Brands are followed on the library’s website; their newest emails then show here.';
