// A plugin run's timers: the host's setTimeout / setInterval, remembered so that closing the run
// cancels them, as Figma does ("any setTimeout or setInterval timers will be cancelled").
import { PLUGIN_CLOSED_MESSAGE, type RunLife } from './run-gate';

export interface HostTimers {
  setTimeout: (callback: () => void, ms?: number) => unknown;
  setInterval: (callback: () => void, ms?: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  clearInterval: (handle: unknown) => void;
}

/** The host's own handles are returned (numbers in a browser, Timeout objects in Node). */
export interface RunTimers {
  setTimeout: (callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => unknown;
  setInterval: (callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => unknown;
  clearTimeout: (handle: unknown) => void;
  clearInterval: (handle: unknown) => void;
  /** Cancels every timer the run set (the run has ended). */
  cancelAll: () => void;
  /** How many timers the run has waiting. */
  pendingCount: () => number;
}

/** The host's timers as they are now (null in a host without them, such as bare QuickJS). */
export function hostTimersNow(): HostTimers | null {
  const host = globalThis as Partial<HostTimers>;
  if (typeof host.setTimeout !== 'function' || typeof host.clearTimeout !== 'function') return null;
  const { setTimeout, setInterval, clearTimeout, clearInterval } = host as HostTimers;
  return {
    setTimeout: (callback, ms) => setTimeout.call(globalThis, callback, ms),
    setInterval: (callback, ms) => setInterval.call(globalThis, callback, ms),
    clearTimeout: (handle) => clearTimeout.call(globalThis, handle),
    clearInterval: (handle) => clearInterval.call(globalThis, handle),
  };
}

export function createRunTimers(run: RunLife, host: HostTimers | null): RunTimers {
  // The host's handle → whether it repeats, for every timer still waiting.
  const live = new Map<unknown, boolean>();
  const start = (api: string, repeat: boolean, callback: unknown, ms: unknown, args: unknown[]): unknown => {
    if (typeof callback !== 'function') throw new TypeError(`${api}: the callback must be a function`);
    if (run.closed) throw new Error(`in ${api}: ${PLUGIN_CLOSED_MESSAGE}`);
    if (!host) throw new Error(`${api}: this host has no timers`);
    // `fire` runs only after the host handed the handle back, so it can read it.
    const fire = () => {
      if (run.closed) return;
      if (!repeat) live.delete(handle);
      (callback as (...a: unknown[]) => void)(...args);
    };
    const delay = typeof ms === 'number' && Number.isFinite(ms) ? Math.max(0, ms) : 0;
    const handle: unknown = repeat ? host.setInterval(fire, delay) : host.setTimeout(fire, delay);
    live.set(handle, repeat);
    return handle;
  };
  const stop = (handle: unknown) => {
    const repeat = live.get(handle);
    if (repeat === undefined) return;
    live.delete(handle);
    if (repeat) host?.clearInterval(handle);
    else host?.clearTimeout(handle);
  };
  return {
    setTimeout: (callback, ms, ...args) => start('setTimeout', false, callback, ms, args),
    setInterval: (callback, ms, ...args) => start('setInterval', true, callback, ms, args),
    clearTimeout: stop,
    clearInterval: stop,
    cancelAll() {
      for (const handle of [...live.keys()]) stop(handle);
    },
    pendingCount: () => live.size,
  };
}
