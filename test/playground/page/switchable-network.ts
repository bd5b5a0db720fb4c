// What sits behind the fake Figma's fetch in the playground: the real network, or a network that
// fails or hangs on purpose, switchable at run time (to show the plugin's error and timeout paths).

export type NetworkMode = 'normal' | 'fail' | 'hang';

export const NETWORK_MODES: readonly NetworkMode[] = ['normal', 'fail', 'hang'];

export function isNetworkMode(value: unknown): value is NetworkMode {
  return typeof value === 'string' && (NETWORK_MODES as readonly string[]).includes(value);
}

export interface SwitchableNetwork<Args extends unknown[], Result> {
  call(...args: Args): Promise<Result>;
  mode(): NetworkMode;
  setMode(mode: NetworkMode): void;
  /** How many calls are hanging right now. */
  hangingCount(): number;
}

export function createSwitchableNetwork<Args extends unknown[], Result>(
  base: (...args: Args) => Promise<Result>,
): SwitchableNetwork<Args, Result> {
  let current: NetworkMode = 'normal';
  let hanging = 0;
  return {
    call(...args) {
      if (current === 'fail') {
        // What a browser's fetch does when no response arrives at all.
        return Promise.reject(new TypeError('Failed to fetch (the playground network is set to fail)'));
      }
      if (current === 'hang') {
        hanging += 1;
        return new Promise<Result>(() => {});
      }
      return base(...args);
    },
    mode: () => current,
    setMode(mode) {
      if (!isNetworkMode(mode)) throw new Error(`Unknown network mode "${String(mode)}"; use normal, fail or hang.`);
      current = mode;
    },
    hangingCount: () => hanging,
  };
}
