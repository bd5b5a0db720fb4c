// The emulator's faults as one test sets them up, for that test alone. Vitest does not stop a test
// past its timeout: it goes on during the next test of the file, and its `finally` cleared that
// test's faults (both APIs share one fault injector; a screenshot's fault is per email). A scope
// clears what it set when its test ends, however it ends, and from then on changes nothing.
import { expect, onTestFinished } from 'vitest';
import type { PreviewFault } from '../../emulator/library/model';

export interface FaultConfig {
  /** 0 clears them. */
  rate: number;
  kinds?: string[];
  seed?: number;
  slow_ms?: number;
  retry_after?: number;
  /** The status of an "html" fault's web page (200 unless given). */
  html_status?: number;
}

/** The emulator's screenshot faults, named where it defines them (test/emulator/README.md). */
export type { PreviewFault };

export interface EmulatorFaults {
  /** Sets the faults of both APIs (`{rate: 0}` clears them). */
  setAsync(faults: FaultConfig): Promise<void>;
  /** Breaks one email's full-length screenshot (null mends it). */
  previewAsync(emailId: number, fault: PreviewFault | null): Promise<void>;
  /** Clears what this scope set; for a `finally` (the test's end does it too). */
  clearAsync(): Promise<void>;
}

/** Call in the test itself (not in a hook): the scope ends with the test. */
export function emulatorFaults(emulator: { libraryUrl: string }): EmulatorFaults {
  let live = true;
  let faultsSet = false;
  const previews = new Set<number>();
  const postAsync = async (path: string, body: unknown) => {
    const response = await fetch(`${emulator.libraryUrl}/_emulator/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.ok, `POST /_emulator/${path}`).toBe(true);
  };
  const clearAsync = async () => {
    if (faultsSet) await postAsync('faults', { rate: 0 });
    faultsSet = false;
    for (const id of previews) await postAsync(`library/emails/${id}/preview-fault`, { fault: null });
    previews.clear();
  };
  onTestFinished(async () => {
    try {
      if (live) await clearAsync();
    } finally {
      live = false;
    }
  });
  return {
    async setAsync(faults) {
      if (!live) return;
      faultsSet = faults.rate > 0;
      await postAsync('faults', faults);
    },
    async previewAsync(emailId, fault) {
      if (!live) return;
      if (fault === null) previews.delete(emailId);
      else previews.add(emailId);
      await postAsync(`library/emails/${emailId}/preview-fault`, { fault });
    },
    async clearAsync() {
      if (live) await clearAsync();
    },
  };
}
