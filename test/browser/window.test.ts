// The plugin window's resize grip, through the real build in the playground: dragging it or
// using its arrow keys resizes the window within limits, and the next launch opens at the size
// the person left it.
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { IN_PROCESS_IFRAMES_ARGS } from '../support/chromium';
import { holdRequestsAsync } from './support/hold-requests';
import { evaluateHooks, useHarness } from './support/playground-harness';
import { emulatorFaults, type EmulatorFaults, type FaultConfig } from './support/emulator-faults';
import { addRouteAsync } from './support/own-route';

const h = useHarness({ chromiumArgs: IN_PROCESS_IFRAMES_ARGS });

beforeAll(async () => {
  // The page's clock runs as usual; a test moves it past a 429's wait once its checks are done (a
  // wait of real seconds could end during a slow check on a loaded machine).
  await h.context.clock.install();
});

/** Opens the playground unless a test before this one did (each test also runs alone). */
async function ensureOpenAsync(): Promise<void> {
  if (h.page.url() === 'about:blank') await h.openAsync();
}

function windowSizeAsync(): Promise<[number, number]> {
  return h.page.locator('[data-role="plugin-body"]').evaluate((body: HTMLElement) => [parseFloat(body.style.width), parseFloat(body.style.height)] as [number, number]);
}

/** Drags the grip by (dx, dy) in one quick gesture: the pointer outruns the window, as a person's does. */
async function dragGripAsync(dx: number, dy: number): Promise<void> {
  const ui = await h.uiFrameAsync();
  const box = await ui.getByTestId('resize-handle').boundingBox();
  if (!box) throw new Error('the resize grip is not visible');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await h.page.mouse.move(x, y);
  await h.page.mouse.down();
  await h.page.mouse.move(x + dx, y + dy, { steps: 8 });
  await h.page.mouse.up();
}

describe('the plugin window', () => {
  it('opens at 400 × 600, grows and shrinks with the grip, and keeps within its limits', async () => {
    // A fresh start: no size kept from an earlier test (the playground keeps clientStorage).
    await h.openFreshAsync();
    await expect.poll(windowSizeAsync).toEqual([400, 600]);
    await dragGripAsync(60, 40);
    await expect.poll(windowSizeAsync).toEqual([460, 640]);
    await dragGripAsync(-400, -600);
    await expect.poll(windowSizeAsync).toEqual([320, 240]);
  });

  it('resizes from the keyboard: arrows by 16 px, with Shift by 64 px', async () => {
    await ensureOpenAsync();
    const [width, height] = await windowSizeAsync();
    const grip = (await h.uiFrameAsync()).getByTestId('resize-handle');
    await grip.focus();
    await grip.press('ArrowRight');
    await expect.poll(windowSizeAsync).toEqual([width + 16, height]);
    await grip.press('Shift+ArrowDown');
    await expect.poll(windowSizeAsync).toEqual([width + 16, height + 64]);
    expect(await grip.getAttribute('aria-label')).toMatch(/arrow keys/);
  });

  it('opens the next time at the size it was left at (kept in clientStorage, not in the document)', async () => {
    await ensureOpenAsync();
    const [width, height] = await windowSizeAsync();
    await dragGripAsync(120, 300);
    const left = [width + 120, height + 300];
    await expect.poll(windowSizeAsync).toEqual(left);
    // The resize is saved when the drag ends, before a person can run the plugin again.
    await expect
      .poll(() => evaluateHooks(h.page, (hooks) => hooks.clientStorageValueAsync('envelope.window.size')))
      .toEqual({ width: left[0], height: left[1] });
    await evaluateHooks(h.page, (hooks) => hooks.relaunchAsync());
    await h.uiFrameAsync();
    await expect.poll(windowSizeAsync).toEqual(left);
  });

  it('counts every arrow press, even presses quicker than the window answers (a key held down)', async () => {
    await ensureOpenAsync();
    const [width, height] = await windowSizeAsync();
    const grip = (await h.uiFrameAsync()).getByTestId('resize-handle');
    await grip.focus();
    for (let press = 0; press < 5; press += 1) await h.page.keyboard.press('ArrowRight');
    await expect.poll(windowSizeAsync).toEqual([width + 5 * 16, height]);
    // Held past the widest: the next press back is seen at once (no presses lost beyond the limit).
    for (let press = 0; press < 10; press += 1) await h.page.keyboard.press('Shift+ArrowRight');
    await h.page.keyboard.press('ArrowLeft');
    await expect.poll(windowSizeAsync).toEqual([800 - 16, height]);
  });

  it('shrinks to 320 × 240 with quick presses while the plugin is busy, also when the focus leaves the grip and comes back (it stopped short, at 320 × 408 here or 320 × 280: presses after the return stepped from the window’s old size)', async () => {
    await h.openFreshAsync();
    await expect.poll(windowSizeAsync).toEqual([400, 600]);
    const ui = await h.uiFrameAsync();
    const grip = ui.getByTestId('resize-handle');
    await grip.focus();
    // A busy sandbox: the window answers every resize only later (as during a long comparison).
    await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(true));
    try {
      for (let press = 0; press < 12; press += 1) await h.page.keyboard.press('ArrowUp');
      await h.page.keyboard.press('Shift+Tab');
      await h.page.keyboard.press('Tab');
      expect(await grip.evaluate((element) => element === document.activeElement)).toBe(true);
      for (let press = 0; press < 12; press += 1) await h.page.keyboard.press('ArrowUp');
      for (let press = 0; press < 5; press += 1) await h.page.keyboard.press('ArrowLeft');
      expect(await windowSizeAsync()).toEqual([400, 600]);
    } finally {
      await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(false));
    }
    await expect.poll(windowSizeAsync).toEqual([320, 240]);
    await expect.poll(() => evaluateHooks(h.page, (hooks) => hooks.clientStorageValueAsync('envelope.window.size'))).toEqual({ width: 320, height: 240 });
  });

  it('drags on from where quick presses will land, not from the window’s old size (the presses still on their way were undone)', async () => {
    await h.openFreshAsync();
    await expect.poll(windowSizeAsync).toEqual([400, 600]);
    const grip = (await h.uiFrameAsync()).getByTestId('resize-handle');
    await grip.focus();
    await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(true));
    try {
      for (let press = 0; press < 2; press += 1) await h.page.keyboard.press('Shift+ArrowRight');
      await dragGripAsync(20, 40);
    } finally {
      await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(false));
    }
    await expect.poll(windowSizeAsync).toEqual([548, 640]);
  });
});

describe('the smallest window', () => {
  it('shows what Save and Test connection answered, not below the window’s edge (the answer appeared out of sight, under the button)', async () => {
    await h.openFreshAsync('?demo-keys=1&command=settings');
    await dragGripAsync(-400, -600);
    await expect.poll(windowSizeAsync).toEqual([320, 240]);
    const ui = await h.uiFrameAsync();
    /** How much of the element is out of the scrolling screen's sight, in px (0: all of it shows). */
    const hiddenPx = (testId: string) =>
      ui.getByTestId(testId).evaluate((element) => {
        const shown = element.getBoundingClientRect();
        const view = element.closest('main')!.getBoundingClientRect();
        return Math.max(0, view.top - shown.top) + Math.max(0, shown.bottom - view.bottom);
      });
    for (const [section, button, result] of [
      ['Email builder', 'Save', 'settings-builder-result'],
      ['Email library', 'Test connection', 'settings-library-result'],
      ['Design system for this file', 'Save for this file', 'settings-design-system-result'],
    ] as const) {
      // By keyboard: the focused button scrolls into sight, its answer comes below it.
      await ui.getByRole('region', { name: section }).getByRole('button', { name: button, exact: true }).focus();
      await h.page.keyboard.press('Enter');
      await expect.poll(() => ui.getByTestId(result).textContent(), { timeout: 15_000 }).toMatch(/saved|Connected|syncs to/);
      await expect.poll(() => hiddenPx(result), { message: `${section}: ${button}` }).toBe(0);
    }
  });

  it('shows a connection test the builder asks to slow down whole, its countdown line too (that line was cut off under the edge)', async () => {
    await h.openFreshAsync('?demo-keys=1&command=settings');
    await dragGripAsync(-400, -600);
    await expect.poll(windowSizeAsync).toEqual([320, 240]);
    const ui = await h.uiFrameAsync();
    const result = ui.getByTestId('settings-builder-result');
    const scope = emulatorFaults(h.emulator);
    const faults = (body: FaultConfig) => scope.setAsync(body);
    // Longer than the checks take, even on a loaded machine; moved past once they are done.
    const waitSeconds = 45;
    await faults({ rate: 1, kinds: ['429'], seed: 3, retry_after: waitSeconds });
    try {
      await ui.getByRole('region', { name: 'Email builder' }).getByRole('button', { name: 'Test connection' }).focus();
      await h.page.keyboard.press('Enter');
      const countdown = ui.getByTestId('settings-builder-countdown');
      await expect.poll(() => countdown.textContent(), { timeout: 15_000 }).toMatch(/^Test again in \d+ seconds\.$/);
      const hiddenPx = (line: typeof result) =>
        line.evaluate((element) => {
          const shown = element.getBoundingClientRect();
          const view = element.closest('main')!.getBoundingClientRect();
          return Math.max(0, view.top - shown.top) + Math.max(0, shown.bottom - view.bottom);
        });
      await expect.poll(() => hiddenPx(countdown)).toBe(0);
      expect(await hiddenPx(result)).toBe(0);
      await faults({ rate: 0 });
      await h.context.clock.fastForward(waitSeconds * 1_000);
    } finally {
      await scope.clearAsync();
    }
  });

  it('shows what saving a template answered, a failure or the save, not below the window’s edge (Enter in the name field left both out of sight, under the form)', async () => {
    // The page's clock runs as usual; the test moves it past the builder's wait (Save is held until then).
    await h.context.clock.install();
    await h.openFreshAsync('?demo-keys=1&command=templates');
    await dragGripAsync(-400, -600);
    await expect.poll(windowSizeAsync).toEqual([320, 240]);
    await h.page.locator('[data-role="pages"] li', { hasText: 'Emails' }).click();
    await h.page.locator('[data-role="layers"] li[data-depth="0"]', { hasText: 'Spring sale' }).click();
    const ui = await h.uiFrameAsync();
    const name = ui.getByLabel('Template name');
    await expect.poll(() => name.inputValue()).toMatch(/^Spring sale/);
    /** How much of the element is out of the scrolling screen's sight, in px (0: all of it shows). */
    const hiddenPx = (element: Locator) =>
      element.evaluate((shownElement) => {
        const shown = shownElement.getBoundingClientRect();
        const view = shownElement.closest('main')!.getBoundingClientRect();
        return Math.max(0, view.top - shown.top) + Math.max(0, shown.bottom - view.bottom);
      });
    const scope = emulatorFaults(h.emulator);
    const faults = (body: FaultConfig) => scope.setAsync(body);

    // The builder asks to slow down: what it said shows, and the name typed stays.
    await faults({ rate: 1, kinds: ['429'], seed: 5 });
    await name.focus();
    await h.page.keyboard.press('Enter');
    const alert = ui.getByRole('alert');
    await expect.poll(() => alert.textContent(), { timeout: 30_000 }).toContain('it still asks Envelope to slow down');
    await expect.poll(() => hiddenPx(alert)).toBe(0);
    await faults({ rate: 0 });
    // The minute the builder counts, said by when it ends, is over: Save is back.
    await h.context.clock.fastForward(61_000);
    await expect.poll(() => ui.getByRole('button', { name: 'Save as template' }).getAttribute('aria-disabled')).not.toBe('true');

    // Saved: the form gives way to Update template, and the sentence that says so shows.
    await name.focus();
    await h.page.keyboard.press('Enter');
    const result = ui.getByTestId('templates-save-result');
    await expect.poll(() => result.textContent(), { timeout: 30_000 }).toMatch(/^Saved “Spring sale/);
    await expect.poll(() => hiddenPx(result)).toBe(0);
  });
});

describe('the smallest window on Templates', () => {
  /** How much of the element is out of the scrolling screen's sight, in px (0: all of it shows). */
  const hiddenPxAsync = (element: Locator) =>
    element.evaluate((shownElement) => {
      const shown = shownElement.getBoundingClientRect();
      const view = shownElement.closest('main')!.getBoundingClientRect();
      return Math.max(0, view.top - shown.top) + Math.max(0, shown.bottom - view.bottom);
    });
  /** Templates in the smallest window, its list read. */
  async function smallestTemplatesAsync() {
    await h.openFreshAsync('?demo-keys=1&command=templates');
    await dragGripAsync(-400, -600);
    await expect.poll(windowSizeAsync).toEqual([320, 240]);
    const ui = await h.uiFrameAsync();
    await ui.getByRole('list', { name: 'Templates in the workspace' }).waitFor({ timeout: 20_000 });
    return ui;
  }
  /** The builder refuses every request, asking for a wait too long to be waited out: said at once. */
  const refuseAllAsync = (faults: EmulatorFaults) => faults.setAsync({ rate: 1, kinds: ['429'], seed: 3, retry_after: 120 });

  it('shows the busy Save as template while a slow save runs (Enter in the name field seemed to do nothing: the button was below the edge)', async () => {
    const ui = await smallestTemplatesAsync();
    await h.page.locator('[data-role="pages"] li', { hasText: 'Emails' }).click();
    await h.page.locator('[data-role="layers"] li[data-depth="0"]', { hasText: 'Spring sale' }).click();
    const name = ui.getByLabel('Template name');
    await expect.poll(() => name.inputValue()).toMatch(/^Spring sale/);
    // The builder's answers are held until the busy button has been looked at, so the save still
    // runs however slow the machine (answers slowed by 4 s could come first).
    const builder = await holdRequestsAsync(h.page, h.emulator.builderUrl);
    try {
      await name.focus();
      await h.page.keyboard.press('Enter');
      const button = ui.getByRole('button', { name: 'Save as template' });
      await expect.poll(() => button.getAttribute('aria-busy')).toBe('true');
      expect(await hiddenPxAsync(button)).toBe(0);
      // Still saving after the checks.
      expect(await button.getAttribute('aria-busy')).toBe('true');
      await builder.releaseAsync();
      await expect.poll(() => ui.getByTestId('templates-save-result').textContent(), { timeout: 30_000 }).toMatch(/^Saved “Spring sale/);
    } finally {
      await builder.releaseAsync();
    }
  });

  it('shows why a rename or a deletion of a template failed, by keyboard, not below the edge (the row’s problem line was out of sight)', async () => {
    const faults = emulatorFaults(h.emulator);
    const ui = await smallestTemplatesAsync();
    const item = ui.getByRole('list', { name: 'Templates in the workspace' }).getByRole('listitem').filter({ has: ui.getByText('Welcome email', { exact: true }) });
    await item.getByRole('button', { name: 'Rename “Welcome email”' }).focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => ui.evaluate(() => document.activeElement?.id ?? '')).toMatch(/^rename-/);
    await h.page.keyboard.type(' (v2)');
    await refuseAllAsync(faults);
    try {
      await h.page.keyboard.press('Enter');
      const alert = item.getByRole('alert');
      await expect.poll(() => alert.count(), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => hiddenPxAsync(alert)).toBe(0);
      await h.page.keyboard.press('Escape');
      // Escape closes the form and gives the keyboard back to the row's Rename, once the window has drawn
      // it: waited for, or that late focus took it back from the Delete focused next (seen in CI).
      const focusedLabel = () => ui.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
      const focusedGroup = () => ui.evaluate(() => document.activeElement?.closest('[role="group"]')?.getAttribute('aria-label') ?? '');
      await expect.poll(focusedLabel).toBe('Rename “Welcome email”');
      // The builder's wait is not over: the confirmation's Delete is held, and the line saying why shows beside it.
      await item.getByRole('button', { name: 'Delete “Welcome email”' }).focus();
      await h.page.keyboard.press('Enter');
      // The confirmation's own Delete, not the row's (same name, focused before the confirmation showed).
      await expect.poll(focusedGroup).toBe('Delete “Welcome email”?');
      expect(await focusedLabel()).toBe('Delete “Welcome email”');
      await h.page.keyboard.press('Enter');
      await expect.poll(() => alert.count(), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => hiddenPxAsync(alert)).toBe(0);
    } finally {
      await faults.clearAsync();
    }
  });

  it('keeps both Delete and Keep it in sight when a template with a long name is to be deleted (the name in the red button made it so tall that Keep it was below the edge)', async () => {
    await smallestTemplatesAsync();
    const name = 'Spring sale for the loyal customers of the northern stores, second reminder with the free shipping banner and the new footer links, final version for review';
    const state = (await (await fetch(`${h.emulator.builderUrl}/_emulator/state`)).json()) as { builder: { keys: { demo: string } } };
    await fetch(`${h.emulator.builderUrl}/api/templates`, { method: 'POST', headers: { authorization: `Bearer ${state.builder.keys.demo}`, 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
    await evaluateHooks(h.page, (hooks) => hooks.relaunchAsync());
    const ui = await h.uiFrameAsync();
    const item = ui.getByRole('list', { name: 'Templates in the workspace' }).getByRole('listitem').filter({ has: ui.getByText(name, { exact: true }) });
    await item.getByRole('button', { name: `Delete “${name}”` }).focus({ timeout: 20_000 });
    await h.page.keyboard.press('Enter');
    const confirm = item.getByRole('group', { name: `Delete “${name}”?` });
    await expect.poll(() => confirm.getByRole('button', { name: `Delete “${name}”` }).evaluate((button) => button === document.activeElement)).toBe(true);
    for (const button of [confirm.getByRole('button', { name: `Delete “${name}”` }), confirm.getByRole('button', { name: 'Keep it' })]) {
      await expect.poll(() => hiddenPxAsync(button)).toBe(0);
    }
    await confirm.getByRole('button', { name: 'Keep it' }).click();
  });

  it('keeps Try again in sight with the line that says why Show more failed, by keyboard (the focused button was pushed below the edge)', async () => {
    const faults = emulatorFaults(h.emulator);
    await smallestTemplatesAsync();
    const state = (await (await fetch(`${h.emulator.builderUrl}/_emulator/state`)).json()) as { builder: { keys: { demo: string } } };
    for (let i = 1; i <= 55; i++) {
      await fetch(`${h.emulator.builderUrl}/api/templates`, { method: 'POST', headers: { authorization: `Bearer ${state.builder.keys.demo}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: `Campaign ${i}` }) });
    }
    await evaluateHooks(h.page, (hooks) => hooks.relaunchAsync());
    const ui = await h.uiFrameAsync();
    const list = ui.getByRole('region', { name: 'Templates in the workspace' });
    await list.getByRole('button', { name: 'Show more' }).focus({ timeout: 20_000 });
    // A wait of hours keeps Try again (one of up to five minutes is counted down instead, with no button).
    await faults.setAsync({ rate: 1, kinds: ['429'], seed: 3, retry_after: 3_600 });
    try {
      await h.page.keyboard.press('Enter');
      await expect.poll(() => list.getByRole('alert').count(), { timeout: 15_000 }).toBe(1);
      const tryAgain = list.getByRole('button', { name: 'Try again' });
      await expect.poll(() => tryAgain.evaluate((button) => button === document.activeElement)).toBe(true);
      await expect.poll(() => hiddenPxAsync(tryAgain)).toBe(0);
      expect(await hiddenPxAsync(list.getByRole('alert'))).toBe(0);
    } finally {
      await faults.clearAsync();
    }
  });

  it('shows a refused key’s line under the list with its Open Settings button, not below the edge (the button wrapped under the line, out of sight)', async () => {
    const ui = await smallestTemplatesAsync();
    await ui.getByRole('button', { name: 'Settings' }).first().click();
    const builder = ui.getByRole('region', { name: 'Email builder' });
    await builder.getByRole('button', { name: /^Replace key/ }).click();
    await builder.getByLabel(/API key/).fill('ef_not_a_real_key_123');
    await builder.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => ui.getByTestId('settings-builder-result').textContent()).not.toBe('');
    await ui.getByRole('button', { name: 'Templates' }).first().click();
    const list = ui.getByRole('region', { name: 'Templates in the workspace' });
    await expect.poll(() => list.getByRole('alert').textContent(), { timeout: 20_000 }).toContain('key was not accepted');
    await expect.poll(() => hiddenPxAsync(list.getByRole('button', { name: 'Open Settings' }))).toBe(0);
    expect(await hiddenPxAsync(list.getByRole('alert'))).toBe(0);
  });

  it('keeps what a save answered in sight when the list cannot be read again after it, at the default size and the smallest (the list’s failure scrolled the save’s answer out of sight)', { timeout: 120_000 }, async () => {
    // Every read of the list is refused from now on (a wait of hours, said at once); the save itself goes through.
    const listRead = (url: URL) => url.pathname === '/api/templates' && url.searchParams.has('page');
    const stopListReadAsync = await addRouteAsync(h.page, listRead, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 429, headers: { 'content-type': 'application/json', 'retry-after': '3600' }, body: JSON.stringify({ error: 'rate_limited', message: 'Too many requests.' }) })
        : route.continue(),
    );
    try {
      for (const smallest of [false, true]) {
        await h.openFreshAsync('?demo-keys=1&command=templates');
        if (smallest) await dragGripAsync(-400, -600);
        await expect.poll(windowSizeAsync).toEqual(smallest ? [320, 240] : [400, 600]);
        const ui = await h.uiFrameAsync();
        await h.page.locator('[data-role="pages"] li', { hasText: 'Emails' }).click();
        await h.page.locator('[data-role="layers"] li[data-depth="0"]', { hasText: 'Spring sale' }).click();
        const name = ui.getByLabel('Template name');
        await expect.poll(() => name.inputValue()).toMatch(/^Spring sale/);
        await name.focus();
        await h.page.keyboard.press('Enter');
        const result = ui.getByTestId('templates-save-result');
        await expect.poll(() => result.textContent(), { timeout: 30_000 }).toMatch(/^Saved “Spring sale/);
        // The list's read after the save failed, and says so (heard as an alert), below.
        const listAlert = ui.getByRole('region', { name: 'Templates in the workspace' }).getByRole('alert');
        await expect.poll(() => listAlert.count(), { timeout: 15_000 }).toBe(1);
        await ui.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        expect(await hiddenPxAsync(result), smallest ? 'the smallest window' : 'the default size').toBe(0);
      }
    } finally {
      await stopListReadAsync();
    }
  });

  it('shows the list’s countdown of a builder wait over a minute, with its line, not below the edge (the countdown was out of sight under the alert)', async () => {
    const faults = emulatorFaults(h.emulator);
    await smallestTemplatesAsync();
    // Longer than the sandbox waits out itself (a minute): the list counts it down.
    await faults.setAsync({ rate: 1, kinds: ['429'], seed: 5, retry_after: 62 });
    try {
      await evaluateHooks(h.page, (hooks) => hooks.relaunchAsync());
      const ui = await h.uiFrameAsync();
      const countdown = ui.getByRole('region', { name: 'Templates in the workspace' }).getByText(/^Trying again in \d+ seconds\.$/);
      await countdown.waitFor({ timeout: 30_000 });
      await expect.poll(() => hiddenPxAsync(countdown)).toBe(0);
    } finally {
      await faults.clearAsync();
    }
  });

  it('shows why the list could not be read on opening, not below the edge (its problem line was out of sight under the save section)', async () => {
    const faults = emulatorFaults(h.emulator);
    await smallestTemplatesAsync();
    await refuseAllAsync(faults);
    try {
      await evaluateHooks(h.page, (hooks) => hooks.relaunchAsync());
      const ui = await h.uiFrameAsync();
      const alert = ui.getByRole('region', { name: 'Templates in the workspace' }).getByRole('alert');
      await expect.poll(() => alert.count(), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => hiddenPxAsync(alert)).toBe(0);
    } finally {
      await faults.clearAsync();
    }
  });
});

describe('the resize grip and the scrollbar', () => {
  it('leaves the bottom of the screen’s scrollbar in sight and clickable (the grip covered its last 16 px)', async () => {
    await h.openFreshAsync('?demo-keys=1&command=settings');
    await dragGripAsync(-400, -600);
    await expect.poll(windowSizeAsync).toEqual([320, 240]);
    const ui = await h.uiFrameAsync();
    const main = ui.getByRole('main');
    // Settings is taller than the smallest window: the screen scrolls, its scrollbar at its right edge.
    expect(await main.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    const corner = await main.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const grip = document.querySelector('[data-testid="resize-handle"]')!.getBoundingClientRect();
      // What a click on the scrollbar's last pixel reaches.
      const reached = document.elementFromPoint(box.right - 2, box.bottom - 2);
      return { scrollerBottom: box.bottom, gripTop: grip.top, reachesScroller: reached !== null && element.contains(reached) };
    });
    expect(corner.scrollerBottom).toBeLessThanOrEqual(corner.gripTop);
    expect(corner.reachesScroller).toBe(true);
    // The grip still resizes.
    await dragGripAsync(40, 40);
    await expect.poll(windowSizeAsync).toEqual([360, 280]);
  });
});
