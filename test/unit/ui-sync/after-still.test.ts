import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterStill } from '../../../ui/sync/after-still';

describe('afterStill', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('acts once, after the value has been still for the whole wait since its last move', () => {
    const action = vi.fn();
    const still = afterStill(800, action);
    still.poke();
    vi.advanceTimersByTime(700);
    still.poke();
    vi.advanceTimersByTime(700);
    still.poke();
    vi.advanceTimersByTime(799);
    expect(action).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(action).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5_000);
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('acts again for a move after it acted', () => {
    const action = vi.fn();
    const still = afterStill(800, action);
    still.poke();
    vi.advanceTimersByTime(800);
    still.poke();
    vi.advanceTimersByTime(800);
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('does nothing once cancelled, until the next move', () => {
    const action = vi.fn();
    const still = afterStill(800, action);
    still.poke();
    vi.advanceTimersByTime(400);
    still.cancel();
    vi.advanceTimersByTime(5_000);
    expect(action).not.toHaveBeenCalled();
    still.poke();
    vi.advanceTimersByTime(800);
    expect(action).toHaveBeenCalledTimes(1);
  });
});
