// A brand's insights as chart data a designer reads at a glance: bars in a natural order (days
// Monday first, hours 0–23), shares that add up, and one sentence per chart for screen readers.
import { shortDate } from '../search/search-query';
import { plural } from '../../components/count-words';
import type { BrandInsights } from '../../../src/shared/api/library/schemas';

export interface Bar {
  label: string;
  value: number;
}

export interface ShareRow extends Bar {
  /** Share of the total, 0–100, rounded. */
  percent: number;
}

/** Labelled by their first three letters ("Mon"), said in full. */
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((name) => ({ name, label: name.slice(0, 3) }));

/** Days Monday first (keys matched on their first three letters); days not sent on count 0. */
export function dayBars(byDay: Record<string, number>): Bar[] {
  const counts = new Map<string, number>();
  for (const [key, value] of Object.entries(byDay)) {
    const day = DAYS.find(({ label }) => label.toLowerCase() === key.trim().slice(0, 3).toLowerCase())?.label;
    if (day) counts.set(day, (counts.get(day) ?? 0) + value);
  }
  return DAYS.map(({ label }) => ({ label, value: counts.get(label) ?? 0 }));
}

/** Hours 0–23 ("7" and "07" are the same hour); hours not sent in count 0. */
export function hourBars(byHour: Record<string, number>): Bar[] {
  const counts = new Array<number>(24).fill(0);
  for (const [key, value] of Object.entries(byHour)) {
    const hour = Number(key.trim());
    if (Number.isInteger(hour) && hour >= 0 && hour < 24) counts[hour]! += value;
  }
  return counts.map((value, hour) => ({ label: String(hour), value }));
}

const DAY_MS = 86_400_000;
/** Beyond this many weeks, weekly bars are too thin to read: months instead. */
const MOST_WEEKS = 26;

/**
 * Emails over time from capture dates (`YYYY-MM-DD…`): per week (Monday to Sunday, UTC, labelled
 * "3 Nov") when they span up to half a year, per month ("Nov 2026") when longer; every period
 * from the oldest to the newest, quiet ones at 0. `partialOldest`: older emails are still
 * unloaded, so the oldest period may be short: it is left out.
 */
export function sendsOverTime(dates: readonly string[], partialOldest: boolean): { unit: 'week' | 'month'; bars: Bar[] } {
  const days = dates.map((date) => Date.parse(date.slice(0, 10))).filter((ms) => !Number.isNaN(ms));
  if (days.length === 0) return { unit: 'week', bars: [] };
  // 1 Jan 1970 was a Thursday: shift so weeks start on Monday.
  const monday = (ms: number) => ms - ((Math.floor(ms / DAY_MS) + 3) % 7) * DAY_MS;
  const weekly = (monday(Math.max(...days)) - monday(Math.min(...days))) / (7 * DAY_MS) < MOST_WEEKS;
  // A period's start: its Monday, or the first of its month.
  const start = weekly ? monday : (ms: number) => Date.UTC(new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth(), 1);
  const next = weekly ? (ms: number) => ms + 7 * DAY_MS : (ms: number) => Date.UTC(new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth() + 1, 1);
  const counts = new Map<number, number>();
  for (const ms of days) counts.set(start(ms), (counts.get(start(ms)) ?? 0) + 1);
  const last = Math.max(...counts.keys());
  let period = Math.min(...counts.keys());
  if (partialOldest) period = next(period);
  const bars: Bar[] = [];
  for (; period <= last; period = next(period)) {
    const date = shortDate(new Date(period).toISOString());
    bars.push({ label: weekly ? date.replace(/ \d{4}$/, '') : date.replace(/^\d+ /, ''), value: counts.get(period) ?? 0 });
  }
  return { unit: weekly ? 'week' : 'month', bars };
}

/** The largest `top` items by count with their share of all; the rest as one "Other" row. */
export function shareRows(items: ReadonlyArray<{ name: string; count: number }>, top = 5): ShareRow[] {
  const total = items.reduce((sum, item) => sum + item.count, 0);
  if (total <= 0) return [];
  const sorted = [...items].sort((a, b) => b.count - a.count);
  const shown = sorted.slice(0, top).map((item) => ({ label: item.name, value: item.count }));
  const rest = sorted.slice(top).reduce((sum, item) => sum + item.count, 0);
  if (rest > 0) shown.push({ label: 'Other', value: rest });
  return shown.map((row) => ({ ...row, percent: Math.round((row.value / total) * 100) }));
}

/**
 * The `top` most used by count, each bar measured against the most used. For counts that overlap
 * (a subject line has several words), where a share of their sum means nothing a reader can check.
 */
export function countRows(items: ReadonlyArray<{ name: string; count: number }>, top = 10): ShareRow[] {
  const sorted = [...items].filter((item) => item.count > 0).sort((a, b) => b.count - a.count).slice(0, top);
  const most = sorted[0]?.count ?? 0;
  return sorted.map((item) => ({ label: item.name, value: item.count, percent: Math.round((item.count / most) * 100) }));
}

/** A column's short label as said in a sentence ("on Tuesday", "at 13:00"): the text alternative is read, not glanced at. */
export const whenSaid = {
  day: (label: string) => `on ${DAYS.find((day) => day.label === label)?.name ?? label}`,
  hour: (label: string) => `at ${label.padStart(2, '0')}:00`,
  week: (label: string) => `in the week of ${label}`,
  month: (label: string) => `in ${label}`,
};

/**
 * "Most sends on Tuesday: 12 of 40."; columns level at the top all named ("on Monday and on
 * Tuesday: 3 each, of 6": the first alone read as the one busiest), more than three not (the
 * counts follow); or a sentence for an empty chart.
 */
export function barsSummary(bars: readonly Bar[], unit: string, said: (label: string) => string): string {
  const total = bars.reduce((sum, bar) => sum + bar.value, 0);
  if (total === 0) return `No ${unit} yet.`;
  const top = Math.max(...bars.map((bar) => bar.value));
  const most = bars.filter((bar) => bar.value === top).map((bar) => said(bar.label));
  if (most.length > 3) return `${total} ${unit} in all.`;
  const last = most.pop()!;
  return most.length === 0 ? `Most ${unit} ${last}: ${top} of ${total}.` : `Most ${unit} ${most.join(', ')} and ${last}: ${top} each, of ${total}.`;
}

/**
 * Every column's count, in the chart's order ("1 on Monday, 3 on Tuesday; none otherwise."): the
 * busiest alone told a screen reader nothing of the rest, and the columns carry no numbers.
 */
export function barsEach(bars: readonly Bar[], said: (label: string) => string): string {
  const counted = bars.filter((bar) => bar.value > 0);
  if (counted.length === 0) return '';
  return `${counted.map((bar) => `${bar.value} ${said(bar.label)}`).join(', ')}${counted.length < bars.length ? '; none otherwise' : ''}.`;
}

/**
 * A bar row's value as read: a percentage alone ("72%"), a share with its count and the count's
 * noun ("90% (129 emails)": a bare "(129)" named nothing), or with `alone`, the count ("34 times").
 */
export function barRowValue(row: { percent: number; value?: number }, unit?: string, alone?: boolean): string {
  if (row.value === undefined || unit === undefined) return percentText(row.percent);
  return alone ? plural(row.value, unit) : `${percentText(row.percent)} (${plural(row.value, unit)})`;
}

/**
 * The sentence above the charts: all the brand sent, as the library counts it (not said when it is
 * the "N emails in the library" above), and what an email averages; every count with its noun right.
 */
export function insightsText({ frequency, content }: Pick<BrandInsights, 'frequency' | 'content'>, inLibrary?: number): string {
  const sent = frequency.total_sent === inLibrary ? 'Sent' : `${plural(frequency.total_sent, 'email')} sent in all,`;
  return `${sent} ${perWeekText(frequency.avg_per_week)}, from ${shortDate(frequency.first_send)} to ${shortDate(frequency.last_send)}. Emails average ${plural(Math.round(content.avg_word_count), 'word')} and ${plural(Math.round(content.avg_image_count), 'image')}.`;
}

/**
 * The title of the sends over time: it counts only the emails the page lists, not all the brand
 * sent; with fewer `charted` than `listed`, older ones are still unloaded and the oldest period,
 * perhaps partial, is left out. Said plainly ("19 of the 20 …, not their oldest week, perhaps
 * incomplete" was hard to follow).
 */
export function overTimeTitle(unit: 'week' | 'month', charted: number, listed: number): string {
  return `Sends per ${unit}, in the ${listed} emails listed below${charted === listed ? '' : ` (the oldest, partial ${unit} left out)`}`;
}

/** The top of a column chart's scale with what it counts ("3 emails"): a bare "3" named nothing. */
export function scaleTopText(top: number): string {
  return plural(top, 'email');
}

/** "about 1.4 a week": the library's average to one decimal (it sent 1.4285714); a few a year is not "about 0". */
export function perWeekText(average: number): string {
  const rounded = Math.round(average * 10) / 10;
  return rounded === 0 && average > 0 ? 'fewer than 0.1 a week' : `about ${rounded} a week`;
}

/** A percentage for display, kept inside 0–100. */
export function percentText(value: number): string {
  return `${Math.round(Math.min(100, Math.max(0, value)))}%`;
}
