import { describe, expect, it } from 'vitest';
import { createPictureLoader } from '../../../ui/sync/picture-loader';

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
    fire: async () => {
      const callback = next;
      next = null;
      callback?.();
      // Let the request and its handlers settle.
      for (let index = 0; index < 5; index++) await Promise.resolve();
    },
    get armed() {
      return next !== null;
    },
  };
}

describe('picture loader', () => {
  it('asks once for the rows that stayed in view, not for rows scrolled past', async () => {
    const clock = fakeTimers();
    const asked: string[][] = [];
    const loader = createPictureLoader({ requestAsync: async (keys) => (asked.push(keys), Object.fromEntries(keys.map((key) => [key, `data:${key}`]))), timers: clock.timers });
    loader.show(['a', 'b']);
    loader.show(['c', 'd']);
    expect(loader.picture('c')).toBeUndefined();
    await clock.fire();
    expect(asked).toEqual([['c', 'd']]);
    expect(loader.picture('c')).toBe('data:c');
    expect(loader.picture('a')).toBeUndefined();
  });

  it('keeps what it has: rows seen again are not asked for again', async () => {
    const clock = fakeTimers();
    const asked: string[][] = [];
    const loader = createPictureLoader({ requestAsync: async (keys) => (asked.push(keys), { [keys[0]!]: null }), timers: clock.timers });
    loader.show(['a', 'b']);
    await clock.fire();
    loader.show(['a', 'b']);
    expect(clock.armed).toBe(false);
    expect(loader.picture('a')).toBeNull();
    expect(loader.picture('b')).toBeNull();
    expect(asked).toHaveLength(1);
  });

  it('splits a long view into batches and tells listeners after each', async () => {
    const clock = fakeTimers();
    const asked: string[][] = [];
    let told = 0;
    const loader = createPictureLoader({ requestAsync: async (keys) => (asked.push(keys), {}), batchSize: 2, timers: clock.timers });
    loader.subscribe(() => told++);
    loader.show(['a', 'b', 'c']);
    await clock.fire();
    await clock.fire();
    expect(asked).toEqual([['a', 'b'], ['c']]);
    expect(told).toBe(2);
  });

  it('shows no picture (not a never-ending loading pulse) after a failed request, and asks again when the view changes', async () => {
    const clock = fakeTimers();
    let fail = true;
    const loader = createPictureLoader({
      requestAsync: async (keys) => {
        if (fail) throw new Error('offline');
        return Object.fromEntries(keys.map((key) => [key, 'x']));
      },
      timers: clock.timers,
    });
    loader.show(['a']);
    expect(loader.picture('a')).toBeUndefined();
    await clock.fire();
    // No picture now, rather than a loading placeholder that never ends.
    expect(loader.picture('a')).toBeNull();
    expect(clock.armed).toBe(false);
    fail = false;
    loader.show(['a']);
    await clock.fire();
    expect(loader.picture('a')).toBe('x');
  });

  it('drops an answer that arrives after a new comparison cleared the pictures', async () => {
    const clock = fakeTimers();
    let resolve: (value: Record<string, string | null>) => void = () => undefined;
    const loader = createPictureLoader({ requestAsync: () => new Promise((done) => (resolve = done)), timers: clock.timers });
    loader.show(['a']);
    await clock.fire();
    loader.clear();
    resolve({ a: 'old' });
    for (let index = 0; index < 5; index++) await Promise.resolve();
    expect(loader.picture('a')).toBeUndefined();
    expect(clock.armed).toBe(true);
  });
  // Check again with nothing changed keeps the same rows in view: no new view asked for them, and
  // every thumbnail pulsed as loading until a scroll.
  it('asks again for the rows still in view when a new comparison clears the pictures', async () => {
    const clock = fakeTimers();
    const asked: string[][] = [];
    let round = 'first';
    const loader = createPictureLoader({ requestAsync: async (keys) => (asked.push(keys), Object.fromEntries(keys.map((key) => [key, `${round}:${key}`]))), timers: clock.timers });
    loader.show(['a', 'b']);
    await clock.fire();
    round = 'second';
    loader.clear();
    expect(loader.picture('a')).toBeUndefined();
    expect(clock.armed).toBe(true);
    await clock.fire();
    expect(asked).toEqual([
      ['a', 'b'],
      ['a', 'b'],
    ]);
    expect(loader.picture('b')).toBe('second:b');
  });

  it('asks for nothing on a new comparison while none are in view (the list hidden)', async () => {
    const clock = fakeTimers();
    const loader = createPictureLoader({ requestAsync: async (keys) => Object.fromEntries(keys.map((key) => [key, 'x'])), timers: clock.timers });
    loader.show(['a']);
    await clock.fire();
    loader.show([]);
    loader.clear();
    expect(clock.armed).toBe(false);
  });

  it('asks for rows that came into view while a request failed, not again for the failed ones alone', async () => {
    const clock = fakeTimers();
    const asked: string[][] = [];
    let fail: (error: Error) => void = () => undefined;
    const loader = createPictureLoader({
      requestAsync: (keys) => {
        asked.push(keys);
        return asked.length === 1 ? new Promise((_, reject) => (fail = reject)) : Promise.resolve(Object.fromEntries(keys.map((key) => [key, 'x'])));
      },
      timers: clock.timers,
    });
    loader.show(['a']);
    await clock.fire();
    // Scrolled on while the first request is on its way; its timer fires while that request still waits (and asks nothing).
    loader.show(['a', 'b']);
    await clock.fire();
    fail(new Error('offline'));
    for (let index = 0; index < 5; index++) await Promise.resolve();
    expect(loader.picture('a')).toBeNull();
    expect(clock.armed).toBe(true);
    await clock.fire();
    expect(loader.picture('b')).toBe('x');
    expect(asked).toEqual([['a'], ['a', 'b']]);
  });

  it('does not ask again on its own when only rows that failed are in view', async () => {
    const clock = fakeTimers();
    let asked = 0;
    const loader = createPictureLoader({ requestAsync: () => (asked++, Promise.reject(new Error('offline'))), timers: clock.timers });
    loader.show(['a', 'b']);
    await clock.fire();
    expect(clock.armed).toBe(false);
    expect(asked).toBe(1);
  });
});
