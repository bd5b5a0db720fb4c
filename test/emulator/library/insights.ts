// Brand insights computed from the brand's emails (percentages on a 0-100 scale, one decimal).
import { dayAbbreviation, formatYmdHms, DAY_MS } from '../core/dates';
import type { Brand, Email } from './model';
import { SITE_URL, brandUrl } from './shapes';

/** Fewer captured emails than this: 404 `no_insights`. */
export const MIN_EMAILS_FOR_INSIGHTS = 5;

const STOP_WORDS = new Set(['the', 'a', 'an', 'to', 'of', 'and', 'for', 'your', 'you', 'our', 'is', 'in', 'on', 'off', 'just', 'now', 'and', 'more', 'here', 'from', 'how', 'it', 'has', 'been', 'do', 'we', 'still', 'about', 'this', 'are', 'with', 'inside']);
const EMOJI_PATTERN = /\p{Extended_Pictographic}/u;

const round1 = (value: number): number => Math.round(value * 10) / 10;
const pct = (emails: readonly Email[], test: (email: Email) => boolean): number =>
  round1((emails.filter(test).length / emails.length) * 100);
const average = (emails: readonly Email[], value: (email: Email) => number): number =>
  round1(emails.reduce((sum, email) => sum + value(email), 0) / emails.length);

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

const byCountThenName = (a: [string, number], b: [string, number]): number => b[1] - a[1] || a[0].localeCompare(b[0]);

export function computeInsights(brand: Brand, emails: readonly Email[]) {
  const sent = emails.map((email) => email.sentAtMs);
  const first = Math.min(...sent);
  const last = Math.max(...sent);
  const weeks = Math.max(1, (last - first) / (7 * DAY_MS));
  const words = emails.flatMap((email) =>
    email.subject.toLowerCase().split(/[^\p{L}\p{N}']+/u).filter((word) => word.length > 2 && !STOP_WORDS.has(word)),
  );
  const byDay: Record<string, number> = {};
  for (let day = 0; day < 7; day++) byDay[dayAbbreviation(day)] = 0;
  const byHour: Record<string, number> = {};
  for (let hour = 0; hour < 24; hour++) byHour[String(hour)] = 0;
  for (const at of sent) {
    const d = new Date(at);
    byDay[dayAbbreviation(d.getUTCDay())]! += 1;
    byHour[String(d.getUTCHours())]! += 1;
  }
  return {
    brand: { slug: brand.slug, name: brand.name, url: brandUrl(brand.slug) },
    frequency: {
      total_sent: emails.length,
      avg_per_week: round1(emails.length / weeks),
      first_send: formatYmdHms(first),
      last_send: formatYmdHms(last),
    },
    technology: {
      // Counts are strings, as in the document.
      esp_breakdown: [...countBy(emails, (email) => email.esp)].sort(byCountThenName).map(([name, count]) => ({ name, count: String(count) })),
      responsive_pct: pct(emails, (email) => email.responsive),
      amp_pct: pct(emails, (email) => email.amp),
      dark_mode_pct: pct(emails, (email) => email.darkMode),
      outlook_opt_pct: pct(emails, (email) => email.outlookOptimized),
    },
    subject_line: {
      avg_length: average(emails, (email) => [...email.subject].length),
      contains_emoji_pct: pct(emails, (email) => EMOJI_PATTERN.test(email.subject)),
      top_words: [...countBy(words, (word) => word)].sort(byCountThenName).slice(0, 10).map(([word, count]) => ({ word, count })),
    },
    send_patterns: { by_day_of_week: byDay, by_hour: byHour },
    content: {
      avg_word_count: average(emails, (email) => email.wordCount),
      avg_image_count: average(emails, (email) => email.imageCount),
      animated_gif_pct: pct(emails, (email) => email.animatedGif),
    },
    deliverability: {
      spf_pass_pct: pct(emails, (email) => email.spfPass),
      dkim_pass_pct: pct(emails, (email) => email.dkimPass),
      dmarc_pass_pct: pct(emails, (email) => email.dmarcPass),
    },
    senders: [...countBy(emails, (email) => email.fromEmail)].sort(byCountThenName).map(([from_email, count]) => ({ from_email, count: String(count) })),
    dashboard_url: `${SITE_URL}/brands/${brand.slug}/dashboard`,
  };
}
