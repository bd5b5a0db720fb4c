// The 22 categories of docs/api/library-api.md (`POST /v1/brand-requests`), with the slugs the
// emulator uses for `category=` filters and `categories[].slug`.

export interface Category {
  slug: string;
  name: string;
}

export const CATEGORY_NAMES = [
  'Apparel', 'Automotive', 'Baby', 'Beauty', 'Beverage', 'Cannabis', 'Crypto', 'Digital Products',
  'Electronics', 'Food', 'Health', 'Higher Education', 'Home', 'Jewelry & Watches', 'Luggage',
  'Non-Profit', 'Pets', 'Restaurants', 'SaaS', 'Sports Teams', 'Travel', 'Video Games',
] as const;

export type CategoryName = (typeof CATEGORY_NAMES)[number];

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const CATEGORIES: readonly Category[] = CATEGORY_NAMES.map((name) => ({ slug: slugify(name), name }));

export function categoryByName(name: string): Category | undefined {
  return CATEGORIES.find((category) => category.name === name);
}

export function categoryBySlug(slug: string): Category | undefined {
  return CATEGORIES.find((category) => category.slug === slug);
}

// Words that point a brand request without a category to the closest one.
const CATEGORY_HINTS: ReadonlyArray<readonly [RegExp, CategoryName]> = [
  [/coffee|tea|brew|soda|juice|cider|wine|beer|drink/, 'Beverage'],
  [/wear|shirt|denim|shoe|sneaker|apparel|cloth|knit|fashion/, 'Apparel'],
  [/candle|home|furniture|decor|kitchen|mug|bed|garden/, 'Home'],
  [/skin|beauty|cosmetic|soap|glow|hair|makeup/, 'Beauty'],
  [/pet|dog|cat|paw|whisker/, 'Pets'],
  [/game|gaming|quest|play/, 'Video Games'],
  [/travel|trip|tour|hotel|flight|cruise/, 'Travel'],
  [/food|snack|bake|kitchen|pantry|meal/, 'Food'],
  [/watch|jewel|ring|gold/, 'Jewelry & Watches'],
  [/app|software|cloud|saas|api|data/, 'SaaS'],
  [/press|book|font|template|course/, 'Digital Products'],
];

/** The category the service picks when a brand request names none. */
export function closestCategory(text: string): CategoryName {
  const lower = text.toLowerCase();
  for (const [pattern, name] of CATEGORY_HINTS) if (pattern.test(lower)) return name;
  return 'Digital Products';
}
