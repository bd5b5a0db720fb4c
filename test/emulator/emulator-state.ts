// Everything both hosts share: the clock, the data of both APIs, limits and faults.
import { createRollingWindowLimiter, type RollingWindowLimiter } from './core/rate-limiter';
import { createFaultInjector, type FaultInjector } from './core/faults';
import type { EmulatorClock } from './core/clock';
import { createDemoBuilderStore } from './builder/demo-workspace';
import type { BuilderStore } from './builder/model';
import type { ImageLog } from './http/image-requests';
import { createPngCache, type PngCache } from './images/png-cache';
import { generateLibraryData } from './library/demo-data';
import type { LibraryData } from './library/model';

export type LimitsMode = 'real' | 'relaxed';

export const RATE_LIMITS = {
  libraryAnonymousPerMinute: 20,
  libraryKeyedPerMinute: 1200,
  builderPerKeyPerMinute: 100,
} as const;

/** The image log (`imageRequests`, `imageRequestsDropped`) is emptied by `reset`. */
export interface EmulatorState extends ImageLog {
  readonly seed: number;
  readonly clock: EmulatorClock;
  readonly faults: FaultInjector;
  readonly images: PngCache;
  limits: LimitsMode;
  library: LibraryData;
  builder: BuilderStore;
  urls: { library: string; builder: string };
  limiters: { libraryAnonymous: RollingWindowLimiter; libraryKeyed: RollingWindowLimiter; builder: RollingWindowLimiter };
  /** API requests each host was sent since the last reset (`/v1`, `/api`: not pre-flights, images or the control surface), faulted ones too. */
  apiRequests: { library: number; builder: number };
  /** Re-seeds the demo data relative to the clock's current time; clears counters and faults. */
  reset(): void;
}

/** `startMs` anchors the demo data (two years of emails before it); the clock by default. */
export function createEmulatorState(seed: number, clock: EmulatorClock, limits: LimitsMode, startMs = clock.nowMs()): EmulatorState {
  const state: EmulatorState = {
    seed,
    clock,
    faults: createFaultInjector(),
    images: createPngCache(),
    limits,
    library: generateLibraryData(seed, startMs),
    builder: createDemoBuilderStore(seed, startMs),
    urls: { library: '', builder: '' },
    limiters: {
      libraryAnonymous: createRollingWindowLimiter(RATE_LIMITS.libraryAnonymousPerMinute, 60_000),
      libraryKeyed: createRollingWindowLimiter(RATE_LIMITS.libraryKeyedPerMinute, 60_000),
      builder: createRollingWindowLimiter(RATE_LIMITS.builderPerKeyPerMinute, 60_000),
    },
    apiRequests: { library: 0, builder: 0 },
    imageRequests: [],
    imageRequestsDropped: 0,
    reset() {
      const nowMs = clock.nowMs();
      state.library = generateLibraryData(seed, nowMs);
      state.builder = createDemoBuilderStore(seed, nowMs);
      for (const limiter of Object.values(state.limiters)) limiter.reset();
      state.faults.clear();
      state.images.clear();
      state.apiRequests = { library: 0, builder: 0 };
      state.imageRequests = [];
      state.imageRequestsDropped = 0;
    },
  };
  return state;
}
