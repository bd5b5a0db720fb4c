// A request the sandbox never answers: the UI gives up after the bridge's default 15 s and says
// so in words. The playground holds the UI's messages to simulate a busy plugin.
import { beforeAll, expect, it } from 'vitest';
import { messageProblems } from '../support/message-rules';
import { bridgeText } from '../../src/shared/bridge/bridge-text';
import { evaluateHooks, useHarness, textNowAsync, textOf } from './support/playground-harness';

const h = useHarness();

beforeAll(async () => {
  // Opened from the Settings menu command: these tests start on Settings.
  await h.openAsync('?command=settings');
});

it('times out a request the sandbox does not answer (a frozen sandbox), with one clear message', async () => {
  const ui = await h.uiFrameAsync();
  await ui.getByTestId('settings-library-base-url').waitFor();
  await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(true));
  await ui.getByTestId('settings-library-base-url').fill(h.emulator.libraryUrl);
  await ui.getByTestId('settings-library-save').click();
  await expect
    .poll(() => textOf(ui.getByTestId('settings-library-error')), { timeout: 25_000, interval: 500 })
    .toBe(bridgeText.timeout(15_000));
  // One message, in words: no internal request name, nothing said twice.
  expect(messageProblems((await textOf(ui.getByTestId('settings-library-error'))) ?? '')).toEqual([]);
  expect(await textNowAsync(ui.getByTestId('settings-library-result'))).toBe('');

  // Once the plugin is free again the held request runs, and the UI works as before.
  await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(false));
  await ui.getByTestId('settings-library-save').click();
  await expect.poll(() => textOf(ui.getByTestId('settings-library-result')), { timeout: 10_000 }).toContain('address saved');
});
