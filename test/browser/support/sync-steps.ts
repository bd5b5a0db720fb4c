// Steps the sync browser tests share, each as a person does it in the playground.
import type { Frame, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { evaluateHooks, textOf, type Harness } from './playground-harness';

/**
 * The plugin's iframe once its UI has started (after a reset or a new run the iframe is made anew).
 *
 * Now and then (twice in CI, and 9 of 360 openings in probes with the CPU kept busy, December
 * 2026) a new window in a context with Playwright's clock installed does not finish starting: it
 * says "Envelope could not start … Try again" (the bridge log shows the sandbox got app/init, and
 * mostly answered it, but the window never took the answer), or it stays at "Opening Envelope…"
 * with Playwright's clock in it left stopped. The cause is not found. A person there presses Try
 * again, or runs the plugin again: so do these steps, once each, saying so in the test's output.
 */
export async function readyUiAsync(h: Harness): Promise<Frame> {
  const nav = (ui: Frame) => ui.getByRole('navigation', { name: 'Envelope screens' });
  for (let attempt = 0; ; attempt++) {
    const ui = await h.uiFrameAsync();
    try {
      await nav(ui).waitFor({ timeout: 10_000 });
      return ui;
    } catch (error) {
      const shown = await whatWasShownAsync(h);
      if (attempt >= 2) throw new Error(`The plugin window showed no screens: ${shown}`, { cause: error });
      console.warn(`readyUiAsync: the plugin window showed no screens after 10 s (attempt ${attempt + 1}); ${attempt === 0 ? 'pressing Try again if shown, else running the plugin again' : 'running the plugin again'}.\n${shown}`);
      const tryAgain = ui.getByRole('button', { name: 'Try again' });
      if (attempt === 0 && (await tryAgain.isVisible().catch(() => false))) await tryAgain.click();
      else await h.page.getByRole('button', { name: 'Run the plugin again' }).click();
    }
  }
}

/** What the playground and the plugin's window showed, and the bridge's last messages: for a failure's message. */
async function whatWasShownAsync(h: Harness): Promise<string> {
  const status = await h.page.textContent('[data-role="plugin-status"]', { timeout: 1_000 }).catch(() => null);
  const frames = await h.page.$$('iframe[data-role="plugin-iframe"]');
  const shown = await Promise.all(frames.map(async (element) => (await (await element.contentFrame())?.evaluate(() => `${document.body.innerText} (document ${document.readyState})`).catch(() => null)) ?? '(no document)'));
  const messages = await evaluateHooks(h.page, (hooks) =>
    hooks.messages().slice(-12).map(({ direction, message }) => `${direction} ${JSON.stringify(message).slice(0, 160)}`),
  ).catch((error: unknown) => [`(messages not read: ${String(error)})`]);
  return [`playground status ${status ?? 'unknown'}`, `${frames.length} plugin window(s): ${JSON.stringify(shown)}`, 'last bridge messages:', ...messages].join('\n');
}

/** Links the file to the emulator's empty design system: the demo keys, then Settings, then the Sync tab. */
export async function linkToEmptyDesignSystemAsync(h: Harness): Promise<Frame> {
  const before = await h.page.$('iframe[data-role="plugin-iframe"]');
  await h.page.getByRole('button', { name: 'Use emulator demo keys' }).click();
  // The playground runs the plugin again to pick the keys up: wait for the new window.
  await h.page.getByText('Demo keys saved').waitFor();
  await before?.waitForElementState('hidden', { timeout: 10_000 });
  const ui = await readyUiAsync(h);
  await ui.getByRole('button', { name: 'Settings' }).click();
  await ui.getByLabel('Design system id').fill('ds_empty');
  await ui.getByRole('button', { name: 'Save for this file' }).click();
  await expect.poll(() => ui.getByLabel('Design system id').inputValue()).toBe('ds_empty');
  // Saved with a key, the id is checked with the builder (one changes call): its answer is in
  // before Sync, so tests counting Sync's comparisons count only those.
  await ui.getByText(/The builder knows this design system\./).waitFor({ timeout: 30_000 });
  await ui.getByRole('button', { name: /^Sync/ }).first().click();
  return ui;
}

/**
 * A file of 420 generated components linked to the empty design system, its Sync button showing:
 * more than two batches of 100 to push, so a push can be stopped or failed part-way.
 */
export async function bigFileToPushAsync(h: Harness, theme?: 'light' | 'dark'): Promise<{ ui: Frame; run: Locator; total: number }> {
  await h.openFreshAsync(theme ? `?components=420&theme=${theme}` : '?components=420');
  const ui = await linkToEmptyDesignSystemAsync(h);
  const run = ui.getByRole('button', { name: /^Sync [\d,]+ changes$/ });
  await run.waitFor({ timeout: 60_000 });
  const total = Number(/Sync ([\d,]+) changes/.exec((await run.textContent()) ?? '')![1]!.replace(/,/g, ''));
  expect(total).toBeGreaterThan(200);
  return { ui, run, total };
}

/**
 * Synced to the empty design system, then Header's fill changed in the playground's controls and
 * compared again: Header's row is open with a picture on each side. Resolves to the detail's
 * group of ways to compare the pictures.
 */
export async function headerFillChangedDetailAsync(h: Harness, ui: Frame): Promise<Locator> {
  await syncEverythingAsync(ui);
  await changeFillAsync(h, 'Header', '#ff2200');
  return comparedAgainDetailAsync(ui, 'Header');
}

/**
 * A fresh file synced to the empty design system, then Header's and Icon/Heart's fills changed in
 * the playground's controls and compared again (Check again). Resolves to the plugin's window.
 */
export async function headerAndHeartChangedAsync(h: Harness): Promise<Frame> {
  await h.openFreshAsync('?theme=light');
  const ui = await linkToEmptyDesignSystemAsync(h);
  await syncEverythingAsync(ui);
  await changeFillAsync(h, 'Header', '#ff2200');
  await changeFillAsync(h, 'Icon/Heart', '#ff2200');
  await ui.getByRole('button', { name: 'Check again' }).click();
  return ui;
}

/** Sync pressed with all its changes; resolves once it says it is done. */
export async function syncEverythingAsync(ui: Frame): Promise<void> {
  await ui.getByRole('button', { name: /^Sync \d[\d,]* changes?$/ }).click();
  await expect.poll(() => textOf(ui.getByTestId('sync-outcome')), { timeout: 30_000 }).toMatch(/^Sync done/);
}

/** Changes a component's fill in the playground's controls. */
export async function changeFillAsync(h: Pick<Harness, 'page'>, component: string, colour: string): Promise<void> {
  await h.page.getByRole('combobox', { name: /^Component/ }).selectOption({ label: component });
  await h.page.locator('input[type="color"]').fill(colour);
  await h.page.getByRole('button', { name: 'Change fill' }).click();
}

/**
 * Sync opened fresh in `theme` at the window's opening size (400 × 600), everything synced, Hero's
 * fill changed (then whatever `changeMoreAsync` changes), checked again and Hero's row opened (a
 * square-ish picture, drawn up to 240 px tall): the window and the detail's ways to compare.
 */
export async function heroChangedAtOpeningSizeAsync(h: Harness, theme: 'light' | 'dark', changeMoreAsync?: () => Promise<void>): Promise<{ ui: Frame; modes: Locator }> {
  await h.openFreshAsync(`?theme=${theme}`);
  const ui = await linkToEmptyDesignSystemAsync(h);
  await syncEverythingAsync(ui);
  await changeFillAsync(h, 'Hero', '#ff2200');
  await changeMoreAsync?.();
  const modes = await comparedAgainDetailAsync(ui, 'Hero');
  expect(await ui.evaluate(() => [innerWidth, innerHeight])).toEqual([400, 600]);
  return { ui, modes };
}

/** After a change in the file: Check again, the component's row opened; resolves to its detail's group of ways to compare the pictures. */
export async function comparedAgainDetailAsync(ui: Frame, component: string): Promise<Locator> {
  await ui.getByRole('button', { name: 'Check again' }).click();
  return openRowDetailAsync(ui, component);
}

/** Opens a component's row; resolves to its detail's group of ways to compare the pictures. */
export async function openRowDetailAsync(ui: Frame, component: string): Promise<Locator> {
  const row = ui.getByTestId('sync-row').filter({ hasText: component });
  await row.waitFor({ timeout: 30_000 });
  await row.click();
  const modes = ui.getByTestId('sync-detail').getByRole('group', { name: 'Compare the pictures' });
  await modes.waitFor({ timeout: 15_000 });
  return modes;
}

/** The size, in CSS px, a picture (an image or the difference's canvas) is drawn at, whatever its element's box, border and object-fit. */
export function drawnPictureSizeAsync(picture: Locator): Promise<{ width: number; height: number; natural: { width: number; height: number } }> {
  return picture.evaluate(async (element) => {
    const image = element as HTMLImageElement | HTMLCanvasElement;
    if (image instanceof HTMLImageElement) await image.decode();
    const natural = image instanceof HTMLImageElement ? { width: image.naturalWidth, height: image.naturalHeight } : { width: image.width, height: image.height };
    const style = getComputedStyle(image);
    const box = image.getBoundingClientRect();
    const px = (value: string) => parseFloat(value) || 0;
    const width = box.width - px(style.borderLeftWidth) - px(style.paddingLeft) - px(style.borderRightWidth) - px(style.paddingRight);
    const height = box.height - px(style.borderTopWidth) - px(style.paddingTop) - px(style.borderBottomWidth) - px(style.paddingBottom);
    const fit = style.objectFit;
    const scale =
      fit === 'contain' || fit === 'scale-down'
        ? Math.min(width / natural.width, height / natural.height, fit === 'scale-down' ? 1 : Infinity)
        : fit === 'none'
          ? 1
          : NaN;
    return Number.isNaN(scale) ? { width, height, natural } : { width: natural.width * scale, height: natural.height * scale, natural };
  });
}

/** Sync pressed; once it pushes, a collaborator links the file to ds_demo and this window hears of it (Settings shows it). */
export async function syncWhileACollaboratorLinksDemoAsync(h: Pick<Harness, 'page'>, ui: Frame, syncButton: Locator): Promise<void> {
  const pushes = () => evaluateHooks(h.page, (hooks) => hooks.requests().filter((request) => request.method === 'POST' && request.url.endsWith('/sync')).length);
  await syncButton.click();
  await expect.poll(pushes, { timeout: 30_000 }).toBeGreaterThan(0);
  await evaluateHooks(
    h.page,
    (hooks, id) => {
      const fake = hooks.fake();
      fake.remoteEdit(() => fake.inspect.root.setSharedPluginData('envelope', 'designSystemId', id));
    },
    'ds_demo',
  );
  await expect.poll(() => ui.getByLabel('Design system id').inputValue(), { timeout: 10_000 }).toBe('ds_demo');
}

/** A collaborator links the file to design system `id`; resolves once this window has heard of it (Settings shows it). */
export async function collaboratorLinksAsync(h: Pick<Harness, 'page'>, ui: Frame, id: string): Promise<void> {
  await evaluateHooks(
    h.page,
    (hooks, id) => {
      const fake = hooks.fake();
      fake.remoteEdit(() => fake.inspect.root.setSharedPluginData('envelope', 'designSystemId', id));
    },
    id,
  );
  await expect.poll(() => ui.getByLabel('Design system id').inputValue(), { timeout: 10_000 }).toBe(id);
}

/**
 * After a sync: Hero's text changed here to `Mine` in the playground's controls and its
 * description to `Theirs` by a teammate in the builder app (the emulator's control surface);
 * Check again, until the list shows the one conflict.
 */
export async function heroConflictAsync(h: Pick<Harness, 'page' | 'emulator'>, ui: Frame): Promise<void> {
  await h.page.getByRole('combobox', { name: /^Component/ }).selectOption({ label: 'Hero' });
  await h.page.getByRole('textbox', { name: /^Text/ }).fill('Mine');
  await h.page.getByRole('button', { name: 'Change text' }).click();
  const heroKey = await evaluateHooks(h.page, (hooks) =>
    hooks.inspect().run(() => (hooks.inspect().allNodes().find((node) => node.type === 'COMPONENT' && node.name === 'Hero') as ComponentNode).key),
  );
  const edited = await fetch(`${h.emulator.builderUrl}/_emulator/design-systems/ds_empty/remote-edit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: heroKey, description: 'Theirs' }),
  });
  expect(edited.ok).toBe(true);
  await ui.getByRole('button', { name: 'Check again' }).click();
  await ui.getByRole('button', { name: 'Conflicts 1' }).waitFor({ timeout: 15_000 });
}

/** Swipe chosen among the picture modes, its slider given the keyboard and moved one step left (50 to 49). */
export async function swipeSliderMovedAsync(page: Page, within: Frame | Locator, modes: Locator): Promise<Locator> {
  await modes.getByRole('button', { name: 'Swipe' }).click();
  const slider = within.getByRole('slider', { name: /^Swipe between/ });
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  expect(await slider.inputValue()).toBe('49');
  return slider;
}

/** The designer unlinks the file in Settings, then looks at Sync; resolves once it says the file is not linked. Gives the problem's title. */
export async function unlinkInSettingsAsync(ui: Frame): Promise<Locator> {
  await ui.getByRole('button', { name: 'Settings' }).click();
  await ui.getByLabel('Design system id').fill('');
  await ui.getByRole('button', { name: 'Save for this file' }).click();
  await expect.poll(() => ui.getByText('This file is no longer linked to a design system.').count(), { timeout: 10_000 }).toBe(1);
  await ui.getByRole('button', { name: /^Sync/ }).first().click();
  const problem = ui.getByTestId('sync-link-problem').locator('strong');
  await expect.poll(() => textOf(problem), { timeout: 10_000 }).toBe('This file is not linked to a design system yet.');
  return problem;
}

/** Whether a Sync row's quiet line shows `words` whole, from its start (not cut by the ellipsis). */
export function subLineShowsWholeAsync(row: Locator, words: string): Promise<boolean> {
  return row.locator('.sync-sub').evaluate((sub, words) => {
    // Any text in the line (a part screen readers skip is in a span of its own).
    const walker = document.createTreeWalker(sub, NodeFilter.SHOW_TEXT);
    let text: Node | null = walker.nextNode();
    while (text && !(text.textContent ?? '').startsWith(words)) text = walker.nextNode();
    if (!text) return false;
    const range = document.createRange();
    range.setStart(text, 0);
    range.setEnd(text, words.length);
    return range.getBoundingClientRect().right <= sub.getBoundingClientRect().right + 0.5;
  }, words);
}

/**
 * Presses Copy summary and returns what was copied. The clipboard API is refused in the plugin's
 * null-origin iframe, as in Figma's, so the copy goes through the fallback's textarea, caught here;
 * `clipboard` makes it so in a stub page too ('refused': writeText rejects; 'missing': no API).
 */
export async function copySummaryAsync(ui: Frame | Page, clipboard: 'as-is' | 'refused' | 'missing' = 'as-is'): Promise<string> {
  await ui.evaluate((clipboard) => {
    if (clipboard !== 'as-is') {
      const value = clipboard === 'refused' ? { writeText: () => Promise.reject(new Error('denied')) } : undefined;
      Object.defineProperty(navigator, 'clipboard', { value, configurable: true });
    }
    const held = window as unknown as { copied?: string; copyCaught?: boolean };
    held.copied = undefined;
    if (held.copyCaught) return;
    held.copyCaught = true;
    document.addEventListener('copy', (event) => {
      held.copied = (event.target as HTMLTextAreaElement).value ?? '';
    });
  }, clipboard);
  await ui.getByRole('button', { name: 'Copy summary' }).click();
  const copied = () => ui.evaluate(() => (window as unknown as { copied?: string }).copied ?? null);
  await expect.poll(copied, { timeout: 10_000 }).not.toBeNull();
  return (await copied())!;
}

/**
 * The list's rows in view as a person sees their pictures: drawn (an image loaded and decoded),
 * still loading (the pulsing placeholder, or an image not yet complete), or none (a plain placeholder).
 */
export function rowPicturesAsync(ui: Frame): Promise<{ drawn: number; loading: number; none: number }> {
  return ui.getByTestId('sync-list').evaluate((list) => {
    const box = list.getBoundingClientRect();
    const counts = { drawn: 0, loading: 0, none: 0 };
    for (const row of list.querySelectorAll('[data-testid="sync-row"]')) {
      const at = row.getBoundingClientRect();
      if (at.bottom <= box.top || at.top >= box.bottom) continue;
      const thumb = row.querySelector('.sync-thumb');
      if (thumb instanceof HTMLImageElement) counts[thumb.complete && thumb.naturalWidth > 0 ? 'drawn' : 'loading']++;
      else counts[thumb?.classList.contains('sync-thumb-loading') ? 'loading' : 'none']++;
    }
    return counts;
  });
}
