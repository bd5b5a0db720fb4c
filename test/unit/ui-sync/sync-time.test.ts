import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../../ui/messages/relative-time';
import { progressText, secondsLeft, timeLeftText } from '../../../ui/sync/sync-time';
import { revealRow, rowsPerPage, virtualWindow } from '../../../ui/sync/virtual-window';

const now = Date.parse('2026-11-24T12:00:00Z');

describe('relative time', () => {
  it('reads like a person would say it', () => {
    expect(relativeTime('2026-11-24T11:59:50Z', now)).toBe('just now');
    expect(relativeTime('2026-11-24T12:00:20Z', now)).toBe('just now');
    expect(relativeTime('2026-11-24T11:57:00Z', now)).toBe('3 minutes ago');
    expect(relativeTime('2026-11-24T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-23T10:00:00Z', now)).toBe('yesterday');
    expect(relativeTime('2026-11-20T12:00:00Z', now)).toBe('4 days ago');
    expect(relativeTime('2025-10-01T12:00:00Z', now)).toBe('last year');
    expect(relativeTime('not a date', now)).toBe('at an unknown time');
  });

  it('says hours and minutes in short words for a narrow line, the rest as in full', () => {
    expect(relativeTime('2026-11-24T11:59:50Z', now, true)).toBe('just now');
    expect(relativeTime('2026-11-24T11:59:10Z', now, true)).toBe('1 min ago');
    expect(relativeTime('2026-11-24T11:57:00Z', now, true)).toBe('3 min ago');
    expect(relativeTime('2026-11-24T11:00:00Z', now, true)).toBe('1 h ago');
    expect(relativeTime('2026-11-24T09:00:00Z', now, true)).toBe('3 h ago');
    expect(relativeTime('2026-11-23T10:00:00Z', now, true)).toBe('yesterday');
    expect(relativeTime('2026-11-20T12:00:00Z', now, true)).toBe('4 days ago');
    expect(relativeTime('not a date', now, true)).toBe('at an unknown time');
  });
});

describe('time left', () => {
  it('estimates from the rate since the first sample', () => {
    expect(secondsLeft({ done: 0, atMs: 0 }, { done: 100, atMs: 10_000 }, 500)).toBe(40);
    expect(timeLeftText(40)).toBe('about 40 s left');
    expect(timeLeftText(150)).toBe('about 3 min left');
    expect(timeLeftText(4200)).toBe('about 1 h 10 min left');
    expect(timeLeftText(2)).toBe('a few seconds left');
  });

  it('says nothing until the rate means something', () => {
    expect(secondsLeft(null, { done: 10, atMs: 5000 }, 100)).toBeNull();
    expect(secondsLeft({ done: 0, atMs: 0 }, { done: 10, atMs: 500 }, 100)).toBeNull();
    expect(secondsLeft({ done: 10, atMs: 0 }, { done: 10, atMs: 5000 }, 100)).toBeNull();
    expect(secondsLeft({ done: 0, atMs: 0 }, { done: 10, atMs: 5000 }, null)).toBeNull();
    expect(timeLeftText(null)).toBeNull();
  });
});

describe('virtual window', () => {
  it('renders the visible rows and a few either side', () => {
    expect(virtualWindow(10_000, 32, 0, 320, 5)).toEqual({ start: 0, end: 15, offsetTop: 0, totalHeight: 320_000 });
    expect(virtualWindow(10_000, 32, 3200, 320, 5)).toEqual({ start: 95, end: 115, offsetTop: 3040, totalHeight: 320_000 });
  });

  it('reaches the last row and clamps past the end or an empty list', () => {
    const end = virtualWindow(10_000, 32, 10_000_000, 320, 5);
    expect(end.end).toBe(10_000);
    expect(end.start).toBe(10_000 - 10 - 5);
    expect(virtualWindow(0, 32, 100, 320)).toEqual({ start: 0, end: 0, offsetTop: 0, totalHeight: 0 });
    expect(virtualWindow(3, 32, 0, 320)).toMatchObject({ start: 0, end: 3 });
  });

  it('scrolls only as far as needed to show a row whole', () => {
    expect(revealRow(5, 32, 0, 320)).toBe(0);
    expect(revealRow(10, 32, 0, 320)).toBe(32);
    expect(revealRow(2, 32, 200, 320)).toBe(64);
    expect(rowsPerPage(32, 320)).toBe(9);
    expect(rowsPerPage(32, 10)).toBe(1);
  });
});

describe('progress in words', () => {
  it('adds the count where the label has none', () => {
    expect(progressText({ done: 340, total: 1200, label: 'Reading components…' })).toBe('Reading components… 340 of 1,200');
    expect(progressText({ done: 340, total: 1200, label: 'Pushing 340 of 1,200' })).toBe('Pushing 340 of 1,200');
    expect(progressText({ done: 0, total: null, label: 'Asking the design system for changes…' })).toBe('Asking the design system for changes…');
  });
});
