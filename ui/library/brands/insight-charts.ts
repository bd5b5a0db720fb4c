// A brand's insights as chart data a designer reads at a glance: bars in a natural order (days
// Monday first, hours 0–23), shares that add up, and one sentence per chart for screen readers.
import { shortDate } from '../search/search-query';

export interface Bar {
  label: string;
  value: number;
}

export interface ShareRow extends Bar {
  /** Share of the total, 0–100, rounded. */
  percent: number;
}

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** Days Monday first (keys matched on their first three letters); days not sent on count 0. */
export function dayBars(byDay: Record<string, number>): Bar[] {
  const counts = new Map<string, number>();
  for (const [key, value] of Object.entries(byDay)) {
    const day = DAYS.find((name) => name.toLowerCase() === key.trim().slice(0, 3).toLowerCase());
    if (day) counts.set(day, (counts.get(day) ?? 0) + value);
  }
  return DAYS.map((label) => ({ label, value: counts.get(label) ?? 0 }));
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

const WEEK_MS = 7 * 86_400_000;

/**
 * Emails per week (weeks start on Monday, UTC) from capture dates (`YYYY-MM-DD…`), every week
 * from the oldest to the newest counted, quiet weeks at 0, labelled by their Monday ("3 Nov").
 * `partialOldest`: older emails are still unloaded, so the oldest week may be short: left out.
 */
export function weeklyBars(dates: readonly string[], partialOldest: boolean): Bar[] {
  const weeks = new Map<number, number>();
  for (const date of dates) {
    const ms = Date.parse(date.slice(0, 10));
    if (Number.isNaN(ms)) continue;
    // 1 Jan 1970 was a Thursday: shift so weeks start on Monday.
    const monday = ms - ((Math.floor(ms / 86_400_000) + 3) % 7) * 86_400_000;
    weeks.set(monday, (weeks.get(monday) ?? 0) + 1);
  }
  if (weeks.size === 0) return [];
  let first = Math.min(...weeks.keys());
  const last = Math.max(...weeks.keys());
  if (partialOldest) first += WEEK_MS;
  const bars: Bar[] = [];
  for (let week = first; week <= last; week += WEEK_MS) {
    bars.push({ label: shortDate(new Date(week).toISOString()).replace(/ \d{4}$/, ''), value: weeks.get(week) ?? 0 });
  }
  return bars;
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

/** "Most on Tue (12 of 40)", or a sentence for an empty chart. */
export function barsSummary(bars: readonly Bar[], unit: string): string {
  const total = bars.reduce((sum, bar) => sum + bar.value, 0);
  if (total === 0) return `No ${unit} yet.`;
  const most = bars.reduce((best, bar) => (bar.value > best.value ? bar : best));
  return `Most ${unit} at ${most.label}: ${most.value} of ${total}.`;
}

/** A percentage for display, kept inside 0–100. */
export function percentText(value: number): string {
  return `${Math.round(Math.min(100, Math.max(0, value)))}%`;
}
