// support/emulator-faults.ts: a test that goes on past its end (as one past its timeout does: Vitest
// starts the next test without stopping it) cannot clear or set the next test's faults; and what
// a test set is cleared when it ends. Before, each test cleared the faults in its `finally`, which
// could run during the next test and take its faults away. No browser: the emulator alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../emulator/index';
import { emulatorFaults } from './support/emulator-faults';

let emulator: RunningEmulator;
/** The library's first email: its id and full-length screenshot (read before any fault). */
let first: { id: number; preview_url: string };

beforeAll(async () => {
  emulator = await startEmulator({ limits: 'relaxed' });
  first = ((await (await fetch(`${emulator.libraryUrl}/v1/emails?per_page=1`)).json()) as { data: Array<{ id: number; preview_url: string }> }).data[0]!;
});

afterAll(async () => {
  await emulator?.close();
});

const faultsNowAsync = async () => (await (await fetch(`${emulator.libraryUrl}/_emulator/faults`)).json()) as { rate: number; kinds: string[] };
/** The status of the first email's full-length screenshot (its fault makes it 404). */
const previewStatusAsync = async () => (await fetch(first.preview_url)).status;

let releaseLate!: () => void;
const late = new Promise<void>((resolve) => (releaseLate = resolve));
let lateDone: Promise<void> = Promise.resolve();

describe('a test’s faults', () => {
  it('a test sets faults and ends with part of it still going (its finally to come)', async () => {
    const faults = emulatorFaults(emulator);
    await faults.setAsync({ rate: 1, kinds: ['503'] });
    await faults.previewAsync(first.id, '404');
    lateDone = (async () => {
      try {
        await late;
        await faults.setAsync({ rate: 1, kinds: ['drop'] });
        await faults.previewAsync(first.id, null);
      } finally {
        await faults.clearAsync();
      }
    })();
    expect((await faultsNowAsync()).rate).toBe(1);
  });

  it('the next test starts without them, and the first one’s late steps and finally leave its own faults alone', async () => {
    expect((await faultsNowAsync()).rate).toBe(0);
    expect(await previewStatusAsync()).toBe(200);
    const faults = emulatorFaults(emulator);
    await faults.setAsync({ rate: 1, kinds: ['429'] });
    await faults.previewAsync(first.id, '404');
    releaseLate();
    await lateDone;
    expect(await faultsNowAsync()).toMatchObject({ rate: 1, kinds: ['429'] });
    expect(await previewStatusAsync()).toBe(404);
    await faults.clearAsync();
    expect((await faultsNowAsync()).rate).toBe(0);
    expect(await previewStatusAsync()).toBe(200);
  });
});
