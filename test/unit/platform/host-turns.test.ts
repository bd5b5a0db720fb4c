import { describe, expect, it } from 'vitest';
import { createHostTurns } from '../../../src/platform/host-turns';

describe('createHostTurns', () => {
  it('is due once the interval has passed, and counts again from when the turn came back', async () => {
    let clock = 1_000;
    let given = 0;
    const turns = createHostTurns({
      intervalMs: 25,
      now: () => clock,
      yieldAsync: async () => {
        given += 1;
        clock += 5; // Figma ran for a while.
      },
    });
    clock += 24;
    expect(turns.due()).toBe(false);
    clock += 1;
    expect(turns.due()).toBe(true);
    await turns.giveAsync();
    expect(given).toBe(1);
    expect(turns.due()).toBe(false);
    clock += 25;
    expect(turns.due()).toBe(true);
  });

  it('runs afterTurn as each turn comes back, so a cancel check stops the work there', async () => {
    const seen: string[] = [];
    let cancelled = false;
    const turns = createHostTurns({
      yieldAsync: async () => void seen.push('turn'),
      afterTurn: () => {
        seen.push('after');
        if (cancelled) throw new Error('Cancelled.');
      },
    });
    await turns.giveAsync();
    cancelled = true;
    await expect(turns.giveAsync()).rejects.toThrow('Cancelled.');
    expect(seen).toEqual(['turn', 'after', 'turn', 'after']);
  });
});
