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
});
