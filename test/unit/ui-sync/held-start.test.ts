import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { heldStart } from '../../../ui/sync/held-start';

describe('heldStart', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 11, 1, 12, 5, 40));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts at once with no wait, or one already over', () => {
    let until: number | null = null;
    const start = vi.fn();
    const held = heldStart(() => until);
    held.ask(start);
    expect(start).toHaveBeenCalledTimes(1);
    until = Date.now() - 1;
    held.ask(start);
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('holds the starts asked for during the wait and runs the last one once, when it is over', () => {
    const until = Date.now() + 90_000;
    const first = vi.fn();
    const last = vi.fn();
    const held = heldStart(() => until);
    held.ask(first);
    vi.advanceTimersByTime(30_000);
    held.ask(last);
    vi.advanceTimersByTime(59_999);
    expect(first).not.toHaveBeenCalled();
    expect(last).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(first).not.toHaveBeenCalled();
    expect(last).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(600_000);
    expect(last).toHaveBeenCalledTimes(1);
  });

  it('runs a held start once the wait is gone (recheck), and none once cancelled', () => {
    let until: number | null = Date.now() + 90_000;
    const start = vi.fn();
    const held = heldStart(() => until);
    held.ask(start);
    until = null;
    held.recheck();
    expect(start).toHaveBeenCalledTimes(1);
    until = Date.now() + 90_000;
    held.ask(start);
    held.cancel();
    vi.advanceTimersByTime(600_000);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
