// One plugin run's end: Figma's closePlugin "disables callbacks and Figma APIs". A closed run's
// API objects throw on every member, and promises they handed out before the close never settle
// (nothing calls back into the closed run). Nodes are the document's, shared by every run; their
// writes check `FakeContext.pluginClosed` instead (nodes.ts).
import { figmaError } from './figma-errors';

export const PLUGIN_CLOSED_MESSAGE = 'the plugin was closed (figma.closePlugin or its window was closed); this run can no longer use the Figma API';

export interface RunLife {
  readonly closed: boolean;
}

/** A promise that settles as `promise` does, unless the run closed first: then never. */
export function untilClosed<T>(run: RunLife, promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    promise.then(
      (value) => {
        if (!run.closed) resolve(value);
      },
      (error: unknown) => {
        if (!run.closed) reject(error);
      },
    );
  });
}

function isProbe(prop: string): boolean {
  return prop === 'then' || prop === 'toJSON' || prop === 'asymmetricMatch' || prop === 'constructor' || prop.startsWith('$$') || prop.startsWith('@@') || prop.startsWith('_');
}

/**
 * `api` seen through the run: every member throws once the run is closed (`allowAfterClose`
 * excepted), and a method's returned promise never settles if the run closes before it does.
 */
export function gateRun<T extends object>(run: RunLife, api: T, name: string, allowAfterClose: readonly string[] = []): T {
  const wrappers = new WeakMap<object, unknown>();
  return new Proxy(api, {
    get(target, prop, receiver) {
      if (typeof prop === 'string' && run.closed && !allowAfterClose.includes(prop) && !isProbe(prop)) {
        throw figmaError(`${name}.${prop}`, PLUGIN_CLOSED_MESSAGE);
      }
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      const cached = wrappers.get(value);
      if (cached) return cached;
      const method = value as (...args: unknown[]) => unknown;
      const wrapped = function (this: unknown, ...args: unknown[]): unknown {
        const result = method.apply(this === receiver ? target : this, args);
        return result instanceof Promise ? untilClosed(run, result) : result;
      };
      wrappers.set(value, wrapped);
      return wrapped;
    },
    set(target, prop, value) {
      if (typeof prop === 'string' && run.closed) throw figmaError(`${name}.${prop}`, PLUGIN_CLOSED_MESSAGE);
      return Reflect.set(target, prop, value, target);
    },
  });
}
