import { describe, expect, it } from 'vitest';
import { waitProgress } from '../../../src/sync/sync-link';

describe('a builder wait on the progress line', () => {
  it('keeps the count reached and its bar, said before the wait', () => {
    const pushing = { done: 8, total: 1262, label: 'Pushing 8 of 1,262' };
    expect(waitProgress(pushing, 20, { what: 'the sync', countedAs: 'Pushed' })).toEqual({
      done: 8,
      total: 1262,
      label: 'Pushed 8 of 1,262. The builder asked Envelope to wait 20 seconds; the sync goes on after that.',
      waitSeconds: 20,
    });
  });

  it('says the wait alone when nothing is counted yet', () => {
    const asking = { done: 0, total: null, label: 'Asking the design system for changes…' };
    expect(waitProgress(asking, 1, { what: 'the check' })).toEqual({ done: 0, total: null, label: 'The builder asked Envelope to wait a second; the check goes on after that.', waitSeconds: 1 });
    expect(waitProgress(null, 3, { what: 'the sync', countedAs: 'Pushed' }).label).toBe('The builder asked Envelope to wait 3 seconds; the sync goes on after that.');
  });

  it('says the wait alone before anything was pushed, keeping the bar at 0 of the total', () => {
    const starting = { done: 0, total: 262, label: 'Pushing 0 of 262' };
    expect(waitProgress(starting, 20, { what: 'the sync', countedAs: 'Pushed', before: 'before pushing' })).toEqual({
      done: 0,
      total: 262,
      label: 'The builder asked Envelope to wait 20 seconds before pushing; the sync starts after that.',
      waitSeconds: 20,
    });
  });

  it('a retry Envelope makes by itself is said calmly, never as the builder asking to slow down', () => {
    const pushing = { done: 8, total: 262, label: 'Pushing 8 of 262' };
    expect(waitProgress(pushing, 4, { what: 'the sync', countedAs: 'Pushed' }, 'busy')).toEqual({
      done: 8,
      total: 262,
      label: 'Pushed 8 of 262. The builder is busy; Envelope tries again in 4 seconds.',
      waitSeconds: 4,
    });
    const asking = { done: 0, total: null, label: 'Asking the design system for changes…' };
    expect(waitProgress(asking, 1, { what: 'the check' }, 'busy').label).toBe('The builder is busy; Envelope tries again in a second.');
    expect(waitProgress(asking, 2, { what: 'the check' }, 'no-answer').label).toBe('The builder did not answer; Envelope tries again in 2 seconds.');
    const starting = { done: 0, total: 262, label: 'Pushing 0 of 262' };
    expect(waitProgress(starting, 2, { what: 'the sync', countedAs: 'Pushed', before: 'before pushing' }, 'busy')).toEqual({
      done: 0,
      total: 262,
      label: 'The builder is busy; Envelope tries again in 2 seconds.',
      waitSeconds: 2,
    });
  });
});
