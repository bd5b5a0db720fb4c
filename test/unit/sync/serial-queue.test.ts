// The sandbox's queue of sync and templates work: one piece at a time, and a piece whose asker (the
// window's request) gave up before its turn came is not started.
import { expect, it, vi } from 'vitest';
import { createCancelSource } from '../../../src/shared/api/http/cancel-signal';
import { handlerContext } from '../../../src/shared/bridge/endpoint';
import { createSerialQueue } from '../../../src/sync/serial-queue';

it('runs one piece at a time, the next after the last whether it failed or not', async () => {
  const queue = createSerialQueue();
  const order: string[] = [];
  const noop = () => undefined;
  let release: () => void = noop;
  const first = queue(() => new Promise<void>((resolve) => (release = resolve)).then(() => void order.push('first')));
  const second = queue(() => Promise.reject(new Error('refused')).finally(() => order.push('second')));
  const third = queue(() => Promise.resolve(order.push('third')));
  await vi.waitFor(() => expect(release).not.toBe(noop));
  expect(order).toEqual([]);
  release();
  await first;
  await expect(second).rejects.toThrow('refused');
  await third;
  expect(order).toEqual(['first', 'second', 'third']);
});

it('does not start a piece whose asker gave up while it waited; one that gave up once started runs on', async () => {
  const queue = createSerialQueue();
  const started: string[] = [];
  let release: () => void = () => undefined;
  const gaveUpWaiting = createCancelSource();
  const gaveUpRunning = createCancelSource();
  const running = queue(
    () => {
      started.push('running');
      gaveUpRunning.cancel();
      return new Promise<string>((resolve) => (release = () => resolve('done')));
    },
    handlerContext({ signal: gaveUpRunning.signal }),
  );
  const waiting = queue(() => Promise.resolve(started.push('waiting')), handlerContext({ signal: gaveUpWaiting.signal }));
  await vi.waitFor(() => expect(started).toEqual(['running']));
  gaveUpWaiting.cancel();
  release();
  await expect(running).resolves.toBe('done');
  await expect(waiting).rejects.toMatchObject({ code: 'cancelled' });
  expect(started).toEqual(['running']);
});
