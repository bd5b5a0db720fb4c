// The sandbox runs on Figma's main thread: a long loop holds the whole editor. Loops over many
// components check the clock per item (one read; an await per item costs in the interpreter) and
// give Figma a timer turn once `intervalMs` have passed, as the snapshot does.

/** Lets Figma run: resolves on the next timer turn. */
export function yieldToHostAsync(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export interface HostTurns {
  /** Whether a turn is due: `intervalMs` since the last one (or since the start). */
  due(): boolean;
  /** Gives the turn, then counts again from when it came back. */
  giveAsync(): Promise<void>;
}

export interface HostTurnsOptions {
  readonly intervalMs?: number;
  readonly now?: () => number;
  readonly yieldAsync?: () => Promise<void>;
  /** Runs as each turn comes back, before the work goes on: a cancel check throws here, so a long loop stops within one interval. */
  readonly afterTurn?: () => void;
}

export function createHostTurns(options: HostTurnsOptions = {}): HostTurns {
  const intervalMs = options.intervalMs ?? 25;
  const now = options.now ?? (() => Date.now());
  const yieldAsync = options.yieldAsync ?? yieldToHostAsync;
  const afterTurn = options.afterTurn ?? (() => undefined);
  let last = now();
  return {
    due: () => now() - last >= intervalMs,
    async giveAsync() {
      await yieldAsync();
      last = now();
      afterTurn();
    },
  };
}
