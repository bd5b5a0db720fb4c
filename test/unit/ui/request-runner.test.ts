// The rules of useRequest, on its Preact-free core: pending, the answer or the failure in words,
// cancel, unmount, and late answers.
import { describe, expect, it, vi } from 'vitest';
import { BridgeError } from '../../../src/shared/bridge/bridge-error';
import { createRequestRunner, type RequestState, type Started } from '../../../ui/hooks/request-runner';

/** A request the test answers by hand; `cancel` records that the runner asked it to stop. */
function manualRequest<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  }) as Started<T>;
  const cancel = vi.fn();
  promise.cancel = cancel;
  return { promise, resolve, reject, cancel };
}

function recorder<T, Name extends string>() {
  const states: Array<RequestState<T, Name>> = [];
  return { states, publish: (state: RequestState<T, Name>) => states.push(state) };
}

describe('request runner', () => {
  it('says what is pending, then gives the answer to the screen and to its handler', async () => {
    const { states, publish } = recorder<string, 'save'>();
    const runner = createRequestRunner<string, 'save'>(publish);
    const request = manualRequest<string>();
    const onResult = vi.fn();
    const done = runner.run('save', () => request.promise, { onResult });
    expect(runner.state).toEqual({ pending: 'save', result: undefined, error: null });
    request.resolve('saved');
    await done;
    expect(runner.state).toEqual({ pending: null, result: 'saved', error: null });
    expect(onResult).toHaveBeenCalledWith('saved');
    expect(states.map((state) => state.pending)).toEqual(['save', null]);
  });

  it('puts a failure in words, and hands the error itself to the handler', async () => {
    const runner = createRequestRunner<string, 'test'>(() => {});
    const onError = vi.fn();
    const refusal = new BridgeError('timeout', 'No answer to "settings/test-connection" after 30 s.');
    await runner.run('test', () => Promise.reject(refusal), { onError });
    expect(runner.state).toEqual({ pending: null, result: undefined, error: 'No answer to "settings/test-connection" after 30 s.' });
    expect(onError).toHaveBeenCalledWith(refusal, 'No answer to "settings/test-connection" after 30 s.');
    await runner.run('test', () => {
      throw new Error('start failed at once');
    });
    expect(runner.state.error).toBe('start failed at once');
  });

  it('supersede (the default): a new request stops the old one, whose late answer is ignored', async () => {
    const runner = createRequestRunner<string, 'search'>(() => {});
    const first = manualRequest<string>();
    const second = manualRequest<string>();
    const firstResult = vi.fn();
    const firstError = vi.fn();
    const firstDone = runner.run('search', () => first.promise, { onResult: firstResult, onError: firstError });
    const secondDone = runner.run('search', () => second.promise);
    expect(first.cancel).toHaveBeenCalledOnce();
    second.resolve('new');
    await secondDone;
    first.resolve('old, late');
    await firstDone;
    expect(runner.state.result).toBe('new');
    expect(firstResult).not.toHaveBeenCalled();
    expect(firstError).not.toHaveBeenCalled();
  });

  it('ignore: while one request is pending, a new one is not started', async () => {
    const runner = createRequestRunner<string, 'save' | 'forget'>(() => {}, { whilePending: 'ignore' });
    const first = manualRequest<string>();
    const startSecond = vi.fn(() => Promise.resolve('second'));
    const firstDone = runner.run('save', () => first.promise);
    await runner.run('forget', startSecond);
    expect(startSecond).not.toHaveBeenCalled();
    expect(runner.state.pending).toBe('save');
    first.resolve('first');
    await firstDone;
    expect(runner.state).toEqual({ pending: null, result: 'first', error: null });
    await runner.run('forget', startSecond);
    expect(startSecond).toHaveBeenCalledOnce();
  });

  it('cancel stops the pending request: nothing pending, its answer ignored', async () => {
    const runner = createRequestRunner<string, 'test'>(() => {});
    const request = manualRequest<string>();
    const onError = vi.fn();
    const done = runner.run('test', () => request.promise, { onError });
    runner.cancel();
    expect(request.cancel).toHaveBeenCalledOnce();
    expect(runner.state.pending).toBeNull();
    request.reject(new BridgeError('cancelled', 'Cancelled.'));
    await done;
    expect(onError).not.toHaveBeenCalled();
    expect(runner.state.error).toBeNull();
  });

  it('after unmount: the request is cancelled and no state is set nor handler called', async () => {
    const { states, publish } = recorder<string, 'save'>();
    const runner = createRequestRunner<string, 'save'>(publish);
    const request = manualRequest<string>();
    const onResult = vi.fn();
    const done = runner.run('save', () => request.promise, { onResult });
    runner.dispose();
    expect(request.cancel).toHaveBeenCalledOnce();
    request.resolve('too late');
    await done;
    expect(onResult).not.toHaveBeenCalled();
    expect(states).toEqual([{ pending: 'save', result: undefined, error: null }]);
    const start = vi.fn(() => Promise.resolve('never'));
    await runner.run('save', start);
    expect(start).not.toHaveBeenCalled();
    expect(states).toHaveLength(1);
  });

  it('a promise without cancel is simply left to finish, its answer ignored', async () => {
    const runner = createRequestRunner<string, 'save'>(() => {});
    let resolve!: (value: string) => void;
    const plain = new Promise<string>((res) => (resolve = res));
    const onResult = vi.fn();
    const done = runner.run('save', () => plain, { onResult });
    runner.dispose();
    resolve('saved anyway');
    await done;
    expect(onResult).not.toHaveBeenCalled();
  });
});
