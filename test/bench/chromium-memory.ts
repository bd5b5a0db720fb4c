// Resident memory of the Chromium processes this Node process started, sampled from /proc (Linux).
// RSS (VmRSS) counts every page a process has in RAM: its JS heaps (the page's, and its workers',
// which run in the same renderer process) and the native memory they never show, such as decoded
// ImageBitmaps, canvas backing stores and the PNG encoder's buffers; performance.memory and CDP's
// Runtime.getHeapUsage see the JS heap only, so they miss a decoded screenshot entirely. Pages
// shared between processes (libraries, shared memory) count in each; as figures above a baseline
// taken just before, what existed before cancels out. The sampling runs in a worker thread, so the
// bench's own work on Node's main thread (Playwright, the emulator) does not delay the samples.
import { Worker } from 'node:worker_threads';

export interface ChromiumProcess {
  pid: number;
  /** `browser`, or the `--type=` Chromium gave it: `renderer`, `gpu-process`, `utility`, `zygote`… */
  type: string;
}

export interface MemoryPeak {
  /** Median of the summed RSS over the quiet time just before `markBaselineAsync`. */
  baselineBytes: number;
  peakBytes: number;
  peakAboveBaselineBytes: number;
  /** Samples taken in the measured span, and the longest gap between two. */
  samples: number;
  longestGapMs: number;
}

type Request = { op: 'processes' } | { op: 'mark'; quietMs: number } | { op: 'peak'; pids: number[] };

/**
 * The worker's code, sent as its source (so it uses nothing from outside): samples the RSS of
 * every Chromium process below `rootPid` every `intervalMs`, refreshing the list every 10 samples.
 */
function samplerThread(): void {
  const { readdirSync, readFileSync } = process.getBuiltinModule('node:fs');
  const { parentPort, workerData } = process.getBuiltinModule('node:worker_threads');
  const { rootPid, intervalMs } = workerData as { rootPid: number; intervalMs: number };
  const readOr = (path: string): string | null => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return null; // the process ended between the listing and the read
    }
  };
  const chromiumProcesses = () => {
    const children = new Map<number, number[]>();
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const stat = readOr(`/proc/${name}/stat`);
      if (stat === null) continue;
      // The command name is in parentheses and may hold spaces; the parent's pid is the second field after it.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(name)]);
    }
    const found: Array<{ pid: number; type: string }> = [];
    const visit = (pid: number) => {
      for (const child of children.get(pid) ?? []) {
        // Chromium rewrites its children's command lines into one space-separated string.
        const command = (readOr(`/proc/${child}/cmdline`) ?? '').replaceAll('\0', ' ');
        if (command.includes('chromium')) found.push({ pid: child, type: /--type=([\w-]+)/.exec(command)?.[1] ?? 'browser' });
        visit(child);
      }
    };
    visit(rootPid);
    return found;
  };
  const residentBytes = (pid: number): number | null => {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readOr(`/proc/${pid}/status`) ?? '');
    return match ? Number(match[1]) * 1024 : null;
  };
  type Sample = { at: number; bytesByPid: Map<number, number> };
  let processes = chromiumProcesses();
  let samples: Sample[] = [];
  let baseline: Sample[] = [];
  let count = 0;
  const sample = () => {
    if (++count % 10 === 0) processes = chromiumProcesses();
    const bytesByPid = new Map<number, number>();
    for (const { pid } of processes) {
      const bytes = residentBytes(pid);
      if (bytes !== null) bytesByPid.set(pid, bytes);
    }
    samples.push({ at: performance.now(), bytesByPid });
    // Only the recent past can become a baseline.
    if (samples.length > 20_000) samples = samples.slice(-10_000);
  };
  const sum = (entry: Sample, pids: readonly number[]) => pids.reduce((total, pid) => total + (entry.bytesByPid.get(pid) ?? 0), 0);
  sample();
  setInterval(sample, intervalMs);
  parentPort!.on('message', (request: Request) => {
    if (request.op === 'processes') {
      processes = chromiumProcesses();
      parentPort!.postMessage(processes);
    } else if (request.op === 'mark') {
      const since = performance.now() - request.quietMs;
      baseline = samples.filter((entry) => entry.at >= since);
      samples = [];
      parentPort!.postMessage(null);
    } else {
      sample();
      const before = baseline.map((entry) => sum(entry, request.pids)).sort((a, b) => a - b);
      const baselineBytes = before[Math.floor(before.length / 2)] ?? 0;
      const peakBytes = Math.max(...samples.map((entry) => sum(entry, request.pids)));
      const longestGapMs = samples.slice(1).reduce((longest, entry, index) => Math.max(longest, entry.at - samples[index]!.at), 0);
      parentPort!.postMessage({ baselineBytes, peakBytes, peakAboveBaselineBytes: peakBytes - baselineBytes, samples: samples.length, longestGapMs: Math.round(longestGapMs) });
    }
  });
}

export interface MemorySampler {
  /** The Chromium processes now (Playwright starts the browser as this Node process's child). */
  processesAsync(): Promise<ChromiumProcess[]>;
  /** Starts a measured span; the samples of the `quietMs` before it are its baseline. */
  markBaselineAsync(quietMs?: number): Promise<void>;
  /** The peak of the summed RSS of `pids` since `markBaselineAsync`, against the samples just before it. */
  peakAsync(pids: readonly number[]): Promise<MemoryPeak>;
  stopAsync(): Promise<void>;
}

/** Samples the RSS of every Chromium process every `intervalMs` in a worker thread. */
export function startMemorySampler(intervalMs = 20): MemorySampler {
  const worker = new Worker(`(${samplerThread.toString()})()`, { eval: true, workerData: { rootPid: process.pid, intervalMs } });
  // One request at a time: each answer belongs to the request before it.
  let queue: Promise<unknown> = Promise.resolve();
  const ask = <T>(request: Request): Promise<T> => {
    const answer = queue.then(() => new Promise<T>((resolve) => {
      worker.once('message', resolve);
      worker.postMessage(request);
    }));
    queue = answer.catch(() => undefined);
    return answer;
  };
  return {
    processesAsync: () => ask<ChromiumProcess[]>({ op: 'processes' }),
    markBaselineAsync: (quietMs = 300) => ask<void>({ op: 'mark', quietMs }),
    peakAsync: (pids) => ask<MemoryPeak>({ op: 'peak', pids: [...pids] }),
    stopAsync: () => worker.terminate().then(() => undefined),
  };
}
