// Builds brand and email records; shared by the demo data and by brand requests whose first
// email gets captured.
import { hashString, type Prng } from '../core/prng';
import { categoryByName, slugify, type CategoryName } from './categories';
import { ESP_NAMES } from './demo-names';
import type { Brand, Email } from './model';

export function titleFrom(subject: string): string {
  const plain = subject.replace(/[^\p{L}\p{N}\p{P}\s]/gu, '').replace(/\s+/g, ' ').trim();
  return plain.charAt(0).toUpperCase() + plain.slice(1);
}

export function brandFromName(name: string, categoryName: CategoryName, description: string, domain?: string): Brand {
  const slug = slugify(name);
  const hash = hashString(slug);
  const hue = hash % 360;
  return {
    slug,
    name,
    description,
    categorySlug: categoryByName(categoryName)!.slug,
    domain: domain ?? `${slug.replace(/-/g, '')}.example`,
    color: hslToRgb(hue, 0.55, 0.45),
    zoneOffsetMinutes: [-480, -300, -240, 0, 60, 120][hash % 6]!,
  };
}

function hslToRgb(h: number, s: number, l: number): readonly [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number): number => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/**
 * Emails whose id leaves this remainder (one in 200 each) have a screenshot this tall: 600 × 12,000
 * px (three tiles in Figma) and 600 × 20,000 px (five tiles, the size the memory bound is shown for).
 */
export const VERY_TALL_PREVIEWS = [
  { every: 200, remainder: 13, height: 12_000 },
  { every: 200, remainder: 17, height: 20_000 },
] as const;

function withVeryTall(id: number, height: number): number {
  return VERY_TALL_PREVIEWS.find((tall) => id % tall.every === tall.remainder)?.height ?? height;
}

/** One email of a brand, every attribute drawn from `prng`. */
export function buildEmail(prng: Prng, id: number, brand: Brand, categoryName: CategoryName, sentAtMs: number, subject: string): Email {
  const espPrimary = ESP_NAMES[hashString(brand.slug) % ESP_NAMES.length]!;
  const senders = ['news', 'hello', 'offers'].slice(0, 1 + (hashString(brand.slug) % 3));
  return {
    id,
    brandSlug: brand.slug,
    subject,
    title: titleFrom(subject),
    fromEmail: `${prng.pick(senders)}@${brand.domain}`,
    sentAtMs,
    capturedAtMs: sentAtMs + prng.int(2, 40) * 60_000,
    categorySlugs: [brand.categorySlug],
    hasHtml: true,
    esp: prng.chance(0.85) ? espPrimary : prng.pick(ESP_NAMES),
    responsive: prng.chance(0.9),
    amp: prng.chance(0.05),
    darkMode: prng.chance(0.4),
    outlookOptimized: prng.chance(0.6),
    wordCount: prng.int(80, 600),
    imageCount: prng.int(2, 25),
    animatedGif: prng.chance(0.15),
    spfPass: prng.chance(0.98),
    dkimPass: prng.chance(0.97),
    dmarcPass: prng.chance(0.9),
    // Some screenshots are taller than 4,096 px, like long real newsletters; a few are 12,000 or
    // 20,000 px. The draws are made either way, so the rest of the data is unchanged.
    previewHeight: withVeryTall(id, id % 20 === 7 ? 5200 : prng.chance(0.05) ? prng.int(4200, 5000) : prng.int(14, 40) * 100),
    journeyStages: [],
  };
}

