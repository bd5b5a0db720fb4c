// Asynchronous delivery without relying on host timers: QuickJS has no setTimeout, so the
// default task queue runs on promise jobs; tests and harnesses may inject their own.

export type ScheduleTask = (task: () => void) => void;

/** Runs `task` after the current synchronous code and already-queued promise jobs. */
export const microtaskScheduler: ScheduleTask = (task) => {
  void Promise.resolve()
    .then(() => undefined)
    .then(task);
};

/** Tracks outstanding deliveries so tests can wait until everything queued has run. */
export class TaskQueue {
  private pending = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly schedule: ScheduleTask) {}

  run(task: () => void): void {
    this.pending++;
    this.schedule(() => {
      try {
        task();
      } finally {
        this.pending--;
        if (this.pending === 0) this.wakeIdle();
      }
    });
  }

  private wakeIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const wake of waiters) wake();
  }

  /** Resolves once no delivery is queued (new ones queued by handlers are waited for too). */
  async settleAsync(): Promise<void> {
    for (let round = 0; round < 1000; round++) {
      if (this.pending === 0) {
        // Give handlers' own promise jobs a chance to queue further work.
        for (let i = 0; i < 5; i++) await Promise.resolve();
        if (this.pending === 0) return;
      }
      await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    }
    throw new Error('fake figma: deliveries kept queueing more deliveries (1000 rounds)');
  }
}
