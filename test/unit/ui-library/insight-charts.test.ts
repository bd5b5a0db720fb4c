// A brand's insights as chart data: days and hours in their natural order, shares that add up,
// and the sentence a screen reader hears.
import { describe, expect, it } from 'vitest';
import { barRowValue, barsEach, barsSummary, countRows, dayBars, hourBars, insightsText, overTimeTitle, percentText, perWeekText, scaleTopText, sendsOverTime, shareRows, whenSaid } from '../../../ui/library/brands/insight-charts';

describe('insight charts', () => {
  it('orders days Monday first, whatever the keys look like, with the missing days at 0', () => {
    expect(dayBars({ Sun: 2, tue: 5, Wednesday: 1, Funday: 9 })).toEqual([
      { label: 'Mon', value: 0 },
      { label: 'Tue', value: 5 },
      { label: 'Wed', value: 1 },
      { label: 'Thu', value: 0 },
      { label: 'Fri', value: 0 },
      { label: 'Sat', value: 0 },
      { label: 'Sun', value: 2 },
    ]);
  });

  it('gives 24 hours, "07" and "7" being one hour, out-of-range keys ignored', () => {
    const bars = hourBars({ '7': 2, '07': 1, '23': 4, '24': 9, x: 1 });
    expect(bars).toHaveLength(24);
    expect(bars[7]).toEqual({ label: '7', value: 3 });
    expect(bars[23]!.value).toBe(4);
    expect(bars.reduce((sum, bar) => sum + bar.value, 0)).toBe(7);
  });

  it('keeps the largest shares and puts the rest in Other', () => {
    const rows = shareRows([{ name: 'A', count: 6 }, { name: 'B', count: 2 }, { name: 'C', count: 1 }, { name: 'D', count: 1 }], 2);
    expect(rows).toEqual([
      { label: 'A', value: 6, percent: 60 },
      { label: 'B', value: 2, percent: 20 },
      { label: 'Other', value: 2, percent: 20 },
    ]);
    expect(shareRows([])).toEqual([]);
  });

  it('measures counts that overlap (words of subject lines) against the most used, not as shares of a whole', () => {
    expect(countRows([{ name: 'sale', count: 10 }, { name: 'sofas', count: 40 }, { name: 'new', count: 20 }, { name: 'edit', count: 5 }], 3)).toEqual([
      { label: 'sofas', value: 40, percent: 100 },
      { label: 'new', value: 20, percent: 50 },
      { label: 'sale', value: 10, percent: 25 },
    ]);
    expect(countRows([{ name: 'none', count: 0 }])).toEqual([]);
  });

  it('says what a chart shows', () => {
    expect(barsSummary(dayBars({ Mon: 1, Tue: 3 }), 'sends', whenSaid.day)).toBe('Most sends on Tuesday: 3 of 4.');
    expect(barsSummary([{ label: 'Mon', value: 0 }], 'sends', whenSaid.day)).toBe('No sends yet.');
  });

  it('names every column level at the top, not the first alone as the busiest (“Most sends in the week of 31 Aug” with 9 Nov as busy)', () => {
    expect(barsSummary(dayBars({ Mon: 3, Tue: 3, Wed: 1 }), 'sends', whenSaid.day)).toBe('Most sends on Monday and on Tuesday: 3 each, of 7.');
    expect(barsSummary(hourBars({ '7': 2, '9': 2, '13': 2, '14': 1 }), 'sends', whenSaid.hour)).toBe('Most sends at 07:00, at 09:00 and at 13:00: 2 each, of 7.');
    // More than three: the counts that follow say which.
    expect(barsSummary(dayBars({ Mon: 1, Tue: 1, Wed: 1, Thu: 1 }), 'sends', whenSaid.day)).toBe('4 sends in all.');
  });

  it('names the column of a chart’s text alternative as a person says it (it read “Most sends at 13”, “at Sat”)', () => {
    expect(barsSummary(hourBars({ '7': 1, '13': 36 }), 'sends', whenSaid.hour)).toBe('Most sends at 13:00: 36 of 37.');
    expect(barsSummary(hourBars({ '7': 2 }), 'sends', whenSaid.hour)).toBe('Most sends at 07:00: 2 of 2.');
    expect(barsSummary(sendsOverTime(['2026-11-02', '2026-11-03', '2026-11-23'], false).bars, 'sends', whenSaid.week)).toBe('Most sends in the week of 2 Nov: 2 of 3.');
    expect(barsSummary(sendsOverTime(['2026-04-02', '2026-11-03', '2026-11-23'], false).bars, 'sends', whenSaid.month)).toBe('Most sends in Nov 2026: 2 of 3.');
  });

  it('says every column’s count in the chart’s order, not the busiest alone (the other days and hours went unheard)', () => {
    expect(barsEach(dayBars({ Mon: 1, Tue: 3, Wed: 2, Thu: 4, Fri: 5, Sat: 6, Sun: 7 }), whenSaid.day)).toBe(
      '1 on Monday, 3 on Tuesday, 2 on Wednesday, 4 on Thursday, 5 on Friday, 6 on Saturday, 7 on Sunday.',
    );
    expect(barsEach(hourBars({ '13': 36, '7': 1 }), whenSaid.hour)).toBe('1 at 07:00, 36 at 13:00; none otherwise.');
    expect(barsEach([{ label: 'Mon', value: 0 }], whenSaid.day)).toBe('');
  });

  it('keeps percentages within 0–100', () => {
    expect(percentText(42.4)).toBe('42%');
    expect(percentText(140)).toBe('100%');
  });

  it('counts emails per week, Monday to Sunday, with the quiet weeks between at 0', () => {
    // 2026-11-02 is a Monday; 2026-11-08 the Sunday of that week; 2026-11-23 a Monday two weeks on.
    const dates = ['2026-11-23', '2026-11-08', '2026-11-02', '2026-11-04', 'not a date'];
    expect(sendsOverTime(dates, false)).toEqual({
      unit: 'week',
      bars: [
        { label: '2 Nov', value: 3 },
        { label: '9 Nov', value: 0 },
        { label: '16 Nov', value: 0 },
        { label: '23 Nov', value: 1 },
      ],
    });
    // Older emails not loaded yet: the oldest week may be short, so it is not drawn.
    expect(sendsOverTime(dates, true).bars.map((bar) => bar.label)).toEqual(['9 Nov', '16 Nov', '23 Nov']);
    // A week starting in one year and ending in the next; a Sunday belongs to the week before.
    expect(sendsOverTime(['2025-12-29', '2026-01-04', '2026-01-05'], false).bars).toEqual([
      { label: '29 Dec', value: 2 },
      { label: '5 Jan', value: 1 },
    ]);
    expect(sendsOverTime([], false).bars).toEqual([]);
  });

  it('counts per month when the emails span more than half a year', () => {
    const dates = ['2026-11-23', '2026-11-01', '2026-09-30', '2026-04-02'];
    const overTime = sendsOverTime(dates, false);
    expect(overTime.unit).toBe('month');
    expect(overTime.bars).toEqual([
      { label: 'Apr 2026', value: 1 },
      { label: 'May 2026', value: 0 },
      { label: 'Jun 2026', value: 0 },
      { label: 'Jul 2026', value: 0 },
      { label: 'Aug 2026', value: 0 },
      { label: 'Sep 2026', value: 1 },
      { label: 'Oct 2026', value: 0 },
      { label: 'Nov 2026', value: 2 },
    ]);
    expect(sendsOverTime([...dates, '2025-12-15'], true).bars[0]).toEqual({ label: 'Jan 2026', value: 0 });
  });

  it('names what a share row counts ("90% (129 emails)": it read a bare "(129)"), and a count alone or a percentage alone as before', () => {
    expect(barRowValue({ percent: 90, value: 129 }, 'email')).toBe('90% (129 emails)');
    expect(barRowValue({ percent: 1, value: 1 }, 'email')).toBe('1% (1 email)');
    expect(barRowValue({ percent: 100, value: 34 }, 'time', true)).toBe('34 times');
    expect(barRowValue({ percent: 72.4 })).toBe('72%');
  });

  it('says the average a week to one decimal (it read "about 1.4285714 a week")', () => {
    expect(perWeekText(1.4285714)).toBe('about 1.4 a week');
    expect(perWeekText(3)).toBe('about 3 a week');
    expect(perWeekText(2.96)).toBe('about 3 a week');
    // A brand sending a few times a year is not "about 0 a week".
    expect(perWeekText(0.02)).toBe('fewer than 0.1 a week');
    expect(perWeekText(0)).toBe('about 0 a week');
  });

  it('titles the sends over time by the emails listed, not all the brand sent (it read “from 19 of the 20 emails listed” beside “143 emails”)', () => {
    expect(overTimeTitle('week', 20, 20)).toBe('Sends per week, in the 20 emails listed below');
  });

  it('says plainly that the oldest, partial period is left out (it read “counting 19 of the 20 emails listed below (not their oldest week, perhaps incomplete)”)', () => {
    expect(overTimeTitle('week', 19, 20)).toBe('Sends per week, in the 20 emails listed below (the oldest, partial week left out)');
    expect(overTimeTitle('month', 17, 40)).toBe('Sends per month, in the 40 emails listed below (the oldest, partial month left out)');
  });

  it('gives the top of a column chart’s scale what it counts (a bare “3” named nothing)', () => {
    expect(scaleTopText(3)).toBe('3 emails');
    expect(scaleTopText(1)).toBe('1 email');
  });

  it('says one email, word and image as one (it read “1 emails sent in all”, “1 words and 1 images”)', () => {
    const insights = (sent: number, words: number, images: number) => ({
      frequency: { total_sent: sent, avg_per_week: 1, first_send: '2026-01-05', last_send: '2026-03-02' },
      content: { avg_word_count: words, avg_image_count: images, animated_gif_pct: 0 },
    });
    expect(insightsText(insights(1, 1, 0.6), 3)).toBe('1 email sent in all, about 1 a week, from 5 Jan 2026 to 2 Mar 2026. Emails average 1 word and 1 image.');
    expect(insightsText(insights(12, 240.4, 0), 3)).toBe('12 emails sent in all, about 1 a week, from 5 Jan 2026 to 2 Mar 2026. Emails average 240 words and 0 images.');
    // The count said above as “N emails in the library” is not said twice.
    expect(insightsText(insights(3, 2, 2), 3)).toMatch(/^Sent about 1 a week, /);
  });
});
