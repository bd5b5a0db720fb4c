// Local emulator of the library API and the builder API, on two loopback ports. Tests start it
// with `startEmulator({libraryPort: 0, builderPort: 0})`; `npm run emulator` runs cli.ts.
import { createBuilderHost } from './builder/builder-app';
import { builderErrorResponse } from './builder/context';
import { BUILDER_KEYS, DESIGN_SYSTEM_IDS } from './builder/model';
import { createClock, type EmulatorClock } from './core/clock';
import { parseDateOrDateTime } from './core/dates';
import { createEmulatorState, type LimitsMode } from './emulator-state';
import { startHostServerAsync } from './http/host-server';
import { libraryErrorResponse } from './library/context';
import { createLibraryHost } from './library/library-app';
import { LIBRARY_KEYS } from './library/model';

export interface EmulatorOptions {
  libraryPort?: number;
  builderPort?: number;
  limits?: LimitsMode;
  /** Start instant of the emulator clock (ISO 8601); it ticks in real time from there. */
  now?: string;
  /** Seed of the demo data (default 1). */
  seed?: number;
}

export interface RunningEmulator {
  libraryUrl: string;
  builderUrl: string;
  close(): Promise<void>;
  /** The emulator clock, for tests that move time without HTTP. */
  clock: EmulatorClock;
  keys: { library: typeof LIBRARY_KEYS; builder: typeof BUILDER_KEYS };
  designSystemIds: typeof DESIGN_SYSTEM_IDS;
}

export { LIBRARY_KEYS, BUILDER_KEYS, DESIGN_SYSTEM_IDS };

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  let startMs: number | undefined;
  if (options.now !== undefined) {
    const parsed = parseDateOrDateTime(options.now);
    if (parsed === null) throw new Error(`startEmulator: now must be an ISO 8601 date-time (got "${options.now}").`);
    startMs = parsed;
  }
  const seed = options.seed ?? 1;
  if (!Number.isInteger(seed)) throw new Error(`startEmulator: seed must be an integer (got ${seed}).`);
  if (options.limits !== undefined && options.limits !== 'real' && options.limits !== 'relaxed') {
    throw new Error(`startEmulator: limits must be 'real' or 'relaxed' (got ${String(options.limits)}).`);
  }
  for (const [name, port] of [['libraryPort', options.libraryPort], ['builderPort', options.builderPort]] as const) {
    if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
      throw new Error(`startEmulator: ${name} must be a port number from 0 to 65535 (got ${port}).`);
    }
  }
  const clock = createClock(startMs);
  const state = createEmulatorState(seed, clock, options.limits ?? 'real', startMs);
  // While a "drop" may be drawn no connection is kept open between requests (host-server.ts).
  const keepAlive = () => !state.faults.mayDrop();
  const library = await startHostServerAsync(
    options.libraryPort ?? 0,
    createLibraryHost(state),
    (message) => libraryErrorResponse(500, 'internal_error', message),
    keepAlive,
  );
  let builder;
  try {
    builder = await startHostServerAsync(options.builderPort ?? 0, createBuilderHost(state), (message) => builderErrorResponse(500, 'internal_error', message), keepAlive);
  } catch (error) {
    await library.closeAsync();
    throw error;
  }
  state.urls = { library: library.url, builder: builder.url };
  // The connections a browser holds open from before a "drop" was set are closed too, so its next request goes on a new one.
  const hosts = [library, builder];
  state.faults.onChange(() => {
    if (state.faults.mayDrop()) for (const host of hosts) host.closeIdleConnections();
  });
  return {
    libraryUrl: library.url,
    builderUrl: builder.url,
    clock,
    keys: { library: LIBRARY_KEYS, builder: BUILDER_KEYS },
    designSystemIds: DESIGN_SYSTEM_IDS,
    close: async () => {
      await Promise.all([library.closeAsync(), builder.closeAsync()]);
    },
  };
}
