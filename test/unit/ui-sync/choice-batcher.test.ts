import { describe, expect, it, vi } from 'vitest';
import type { SyncItem } from '../../../src/shared/bridge/messages';
import { createChoiceBatcher, keepPendingChoices, type Choices } from '../../../ui/sync/choice-batcher';

function fakeTimers() {
  let next: (() => void) | null = null;
  return {
    timers: {
      setTimeout: (callback: () => void) => {
        next = callback;
        return 1;
      },
      clearTimeout: () => {
        next = null;
      },
    },
    fire: () => next?.(),
    get armed() {
      return next !== null;
    },
  };
}

describe('choice batcher', () => {
  it('sends many quick choices as one batch after the delay', async () => {
    const clock = fakeTimers();
    const sent: Choices[] = [];
    const saved = vi.fn();
    const batcher = createChoiceBatcher({ sendAsync: async (choices) => (sent.push(choices), []), onSaved: saved, onFailed: vi.fn(), timers: clock.timers });
    batcher.set('a', 'skip', 'push');
    batcher.set('b', 'skip', 'push');
    batcher.set('c', 'take', 'skip');
    expect(sent).toEqual([]);
    expect(batcher.pending).toBe(3);
    clock.fire();
    await batcher.flushAsync();
    expect(sent).toEqual([{ a: 'skip', b: 'skip', c: 'take' }]);
    expect(saved).toHaveBeenCalledTimes(1);
    expect(batcher.pending).toBe(0);
  });

  it('sends nothing for a choice toggled back before the batch left', async () => {
    const clock = fakeTimers();
    const send = vi.fn(async () => [] as SyncItem[]);
    const batcher = createChoiceBatcher({ sendAsync: send, onSaved: vi.fn(), onFailed: vi.fn(), timers: clock.timers });
    batcher.set('a', 'skip', 'push');
    batcher.set('a', 'push', 'skip');
    expect(clock.armed).toBe(false);
    await batcher.flushAsync();
    expect(send).not.toHaveBeenCalled();
  });

  it('hands back a failed batch with the choices it replaced, so the screen can put them back', async () => {
    const clock = fakeTimers();
    const failed = vi.fn();
    const batcher = createChoiceBatcher({ sendAsync: () => Promise.reject(new Error('offline')), onSaved: vi.fn(), onFailed: failed, timers: clock.timers });
    batcher.set('a', 'skip', 'push');
    batcher.set('a', 'push', 'skip');
    batcher.set('a', 'skip', 'push');
    batcher.set('b', 'take', 'skip');
    await batcher.flushAsync();
    expect(failed).toHaveBeenCalledWith({ a: 'skip', b: 'take' }, { a: 'push', b: 'skip' }, expect.objectContaining({ message: 'offline' }));
    expect(batcher.pending).toBe(0);
  });

  it('counts a choice on its way as pending until its reply, not only while it waits to be sent', async () => {
    const clock = fakeTimers();
    let answer: (items: SyncItem[]) => void = () => undefined;
    const pendingAtReply: boolean[] = [];
    const batcher = createChoiceBatcher({
      sendAsync: () => new Promise<SyncItem[]>((resolve) => (answer = resolve)),
      onSaved: () => pendingAtReply.push(batcher.isPending('a')),
      onFailed: vi.fn(),
      timers: clock.timers,
    });
    batcher.set('a', 'skip', 'push');
    expect(batcher.isPending('a')).toBe(true);
    clock.fire();
    // Sent, its reply not in yet: an older answer must still not undo it.
    expect(batcher.isPending('a')).toBe(true);
    expect(batcher.isPending('b')).toBe(false);
    answer([]);
    await batcher.flushAsync();
    // Its own reply is handled with the key no longer pending.
    expect(pendingAtReply).toEqual([false]);
    expect(batcher.isPending('a')).toBe(false);
  });

  // Sync pressed just after a tick waits for that tick's batch; a tick made during that wait went out
  // 250 ms later, after the sync/run, which used the old choice (the late choose was then dropped).
  it('waits, when flushed, for choices made while it waited too', async () => {
    const clock = fakeTimers();
    const answers: Array<() => void> = [];
    const sent: Choices[] = [];
    const batcher = createChoiceBatcher({
      sendAsync: (choices) => (sent.push(choices), new Promise<SyncItem[]>((resolve) => answers.push(() => resolve([])))),
      onSaved: vi.fn(),
      onFailed: vi.fn(),
      timers: clock.timers,
    });
    batcher.set('a', 'skip', 'push');
    let flushed = false;
    const flushing = batcher.flushAsync().then(() => (flushed = true));
    // While a's batch is on its way, b is unticked.
    batcher.set('b', 'skip', 'push');
    answers.shift()!();
    // Every promise settled that can be (a real turn: the batcher's timers are the fake ones).
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(flushed).toBe(false);
    expect(sent).toEqual([{ a: 'skip' }, { b: 'skip' }]);
    answers.shift()!();
    await flushing;
    expect(batcher.pending).toBe(0);
  });

  it('keeps the shown choice of a pending key in a list that predates it, and takes the rest from the list', () => {
    const item = (key: string, choice: SyncItem['choice']) => ({ key, choice, name: key }) as SyncItem;
    const next = [item('a', 'push'), item('b', 'push'), item('c', 'push')];
    const shown = [item('a', 'skip'), item('b', 'skip')];
    expect(keepPendingChoices(next, shown, (key) => key === 'a' || key === 'c').map((entry) => entry.choice)).toEqual(['skip', 'push', 'push']);
  });
});
