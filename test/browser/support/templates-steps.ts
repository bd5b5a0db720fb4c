// Steps shared by the Templates browser tests.
import type { BrowserContext, Frame, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { evaluateHooks, textOf, type Harness } from './playground-harness';
import { DEMO_EMAIL_NAME } from '../../fixtures/demo-document';
import { addressField, focusedAddressSelectionAsync } from './settings-steps';
import { builderSlowDownFor } from './builder-slow-down';
import { openPlaygroundWithClockAsync, pluginWindowAsync } from './clocked-window';
import { addRouteAsync } from './own-route';
import { maskKey } from '../../../src/shared/settings/validate-settings';

/** Which row of the templates' list has the keyboard (its first button), or what else has it ("the page"). */
export function focusedTemplatePlaceAsync(ui: Frame): Promise<string> {
  return ui.evaluate(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) return 'the page';
    const row = active.closest('li');
    const list = row?.parentElement;
    if (row && list && active === row.querySelector('button')) return `row ${Array.prototype.indexOf.call(list.children, row)}`;
    return `${active.tagName} ${active.getAttribute('aria-label') ?? active.textContent ?? ''}`;
  });
}

/** The emulator's builder keys: the demo one (the plugin's with `demo-keys=1`, and a teammate's integration's), and another for the same workspace. */
export async function builderKeysAsync(h: Pick<Harness, 'emulator'>): Promise<{ demo: string; other: string }> {
  return ((await (await fetch(`${h.emulator.builderUrl}/_emulator/state`)).json()) as { builder: { keys: { demo: string; other: string } } }).builder.keys;
}

/** The designer saves the builder key `key` in Settings and comes back to Templates. */
export async function saveBuilderKeyAsync(ui: Frame, key: string): Promise<void> {
  const tab = (name: string) => ui.getByRole('navigation', { name: 'Envelope screens' }).getByRole('button', { name });
  await tab('Settings').click();
  await ui.getByTestId('settings-builder-replace-key').click();
  await ui.getByTestId('settings-builder-key').fill(key);
  await ui.getByTestId('settings-builder-save').click();
  await expect.poll(() => textOf(ui.getByTestId('settings-builder-key-hint')), { timeout: 20_000 }).toBe(maskKey(key));
  await tab('Templates').click();
}

/**
 * The emulator's builder API, called directly with the demo key (another client, not the plugin):
 * the answer's status, its `data` and its `meta` (a 204 has no body: neither is read then).
 */
export async function builderAsync<T = unknown, M = { page: number; per_page: number; total: number }>(h: Harness, path: string, method = 'GET', body?: unknown): Promise<{ status: number; data: T; meta: M }> {
  const response = await fetch(`${h.emulator.builderUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${(await builderKeysAsync(h)).demo}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  const parsed = (text === '' ? { data: null, meta: null } : JSON.parse(text)) as { data: T; meta: M };
  return { status: response.status, data: parsed.data, meta: parsed.meta };
}

/** Tells the emulator's builder to change how it answers (`faults`) or its time (`clock`). */
export async function builderControlAsync(h: Harness, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${h.emulator.builderUrl}/_emulator/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.ok).toBe(true);
}

/**
 * A teammate renames the template named `from` in the builder, through its API with the emulator's
 * demo key (as their integration would); resolves to the template's id.
 */
export async function renameInBuilderAsync(h: Harness, from: string, to: string): Promise<string> {
  const templates = (await builderAsync<Array<{ id: string; name: string }>>(h, '/templates')).data;
  const id = templates.find((template) => template.name === from)!.id;
  expect((await builderAsync(h, `/templates/${id}`, 'PUT', { name: to })).status).toBe(200);
  return id;
}

/**
 * The person opens a page in the playground's pages list and clicks a layer in its layers list (a
 * click on Figma's canvas): a top-level one, or at `depth` 1 one inside a frame (`layerName` null: the first there).
 */
export async function selectLayerAsync(page: Page, pageName: string, layerName: string | null, depth = 0): Promise<void> {
  await page.locator('[data-role="pages"] li', { hasText: pageName }).click();
  const layers = page.locator(`[data-role="layers"] li[data-depth="${depth}"]`);
  await (layerName === null ? layers.first() : layers.filter({ hasText: layerName })).click();
}

/**
 * The person presses the Open Settings offered in `place` (a row, the save form) from the keyboard:
 * the keyboard lands in Settings' builder address field with the address selected, so what they
 * paste replaces it.
 */
export async function openSettingsOnBuilderAddressAsync(h: Harness, ui: Frame, place: Locator): Promise<void> {
  await place.getByRole('button', { name: 'Open Settings' }).focus();
  await h.page.keyboard.press('Enter');
  expect(await focusedAddressSelectionAsync(addressField(ui, 'Email builder'))).toBe(h.emulator.builderUrl);
}

/**
 * Templates opened fresh in `theme`, the demo's email frame selected and saved as a template (so
 * linked: Update template and Unlink are offered); the save section and its result line.
 */
export async function demoEmailSavedAsync(h: Harness, theme: 'light' | 'dark'): Promise<{ ui: Frame; section: Locator; result: Locator }> {
  await h.openFreshAsync(`?command=templates&theme=${theme}&demo-keys=1`);
  const ui = await h.uiFrameAsync();
  const section = ui.getByRole('region', { name: 'Save selection as template' });
  const result = ui.getByTestId('templates-save-result');
  await ui.getByRole('list', { name: 'Templates in the workspace' }).waitFor({ timeout: 20_000 });
  await selectLayerAsync(h.page, 'Emails', DEMO_EMAIL_NAME);
  await expect.poll(() => ui.getByLabel('Template name').inputValue(), { timeout: 20_000 }).toBe(DEMO_EMAIL_NAME);
  await section.getByRole('button', { name: 'Save as template' }).click();
  await expect.poll(() => textOf(result), { timeout: 30_000 }).toMatch(new RegExp(`^Saved “${DEMO_EMAIL_NAME}” as a template`));
  return { ui, section, result };
}

/** The demo email frame's fill changed in the playground's editor, as a designer edits it in Figma. */
export async function changeFrameFillAsync(page: Page, colour: string): Promise<void> {
  const select = page.locator('[data-role="component-select"]');
  const value = await select.locator('option', { hasText: `${DEMO_EMAIL_NAME} (frame)` }).getAttribute('value');
  await select.selectOption(value!);
  await page.locator('[data-role="fill-input"]').fill(colour);
  await page.locator('[data-action="fill"]').click();
  await expect.poll(() => textOf(page.locator('[data-role="edit-note"]'))).toBe('Fill changed.');
}

/**
 * Templates opened in `theme` in a browser of its own whose clock the test can move
 * (`context.clock`), the demo's email frame selected and `name` typed for its template: the save
 * section, Save as template one press away. Close the context after.
 */
export async function saveFormWithClockAsync(h: Pick<Harness, 'browser' | 'playground'>, theme: 'light' | 'dark', name: string): Promise<{ context: BrowserContext; page: Page; ui: Frame; section: Locator }> {
  const { context, page } = await openPlaygroundWithClockAsync(h, `?command=templates&theme=${theme}&demo-keys=1`);
  try {
    const ui = await pluginWindowAsync(page);
    await ui.getByRole('list', { name: 'Templates in the workspace' }).waitFor({ timeout: 20_000 });
    await selectLayerAsync(page, 'Emails', DEMO_EMAIL_NAME);
    const field = ui.getByLabel('Template name');
    await expect.poll(() => field.inputValue()).toBe(DEMO_EMAIL_NAME);
    await field.fill(name);
    return { context, page, ui, section: ui.getByRole('region', { name: 'Save selection as template' }) };
  } catch (error) {
    await context.close();
    throw error;
  }
}

/**
 * Every save (POST /api/templates) answered with the builder's "slow down", asking to wait
 * `seconds(answered)` (answered: how many saves it answered before); the list reads as usual.
 * Resolves to the route's removal.
 */
export function slowDownSavesAsync(h: Pick<Harness, 'emulator'>, page: Page, seconds: (answered: number) => number): Promise<() => Promise<void>> {
  const builderOrigin = new URL(h.emulator.builderUrl).origin;
  let answered = 0;
  return addRouteAsync(page, (url) => url.origin === builderOrigin && url.pathname === '/api/templates', (route, request) =>
    request.method() === 'POST' ? route.fulfill(builderSlowDownFor(seconds(answered++))) : route.fallback(),
  );
}

/** The Templates screen with its four demo templates listed: the window, the list's region, the list and its filter. */
export async function templatesListedAsync(h: Pick<Harness, 'openFreshAsync' | 'uiFrameAsync'>, theme: 'light' | 'dark') {
  await h.openFreshAsync(`?command=templates&theme=${theme}&demo-keys=1`);
  const ui = await h.uiFrameAsync();
  const region = ui.getByRole('region', { name: 'Templates in the workspace' });
  const list = region.getByRole('list', { name: 'Templates in the workspace' });
  await expect.poll(() => list.getByRole('listitem').count(), { timeout: 20_000 }).toBe(4);
  return { ui, region, list, filter: ui.getByRole('textbox', { name: 'Filter by name' }) };
}

/**
 * A change of a template sent (`sendAsync`, the person's click) while `held` holds it; then, while it
 * is on its way, the designer filters the list to another template ("Monthly"), hiding its row.
 */
export async function sentThenHiddenAsync(listed: { list: Locator; filter: Locator }, held: { count(): number }, sendAsync: () => Promise<void>): Promise<void> {
  await sendAsync();
  await expect.poll(() => held.count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await listed.filter.fill('Monthly');
  await expect.poll(() => listed.list.getByRole('listitem').count()).toBe(1);
}

/**
 * The demo email frame saved as a template (linked to it) in `theme`; a teammate then deletes that
 * template in the builder, and the designer opens its rename and types a new name. The rename's
 * Save, one press away, is refused: the template is gone, and a frame here is still linked to it.
 */
export async function linkedTemplateDeletedElsewhereAsync(h: Harness, theme: 'light' | 'dark') {
  const { ui, section } = await demoEmailSavedAsync(h, theme);
  const region = ui.getByRole('region', { name: 'Templates in the workspace' });
  const list = region.getByRole('list', { name: 'Templates in the workspace' });
  const row = list.getByRole('listitem').filter({ has: ui.getByText(DEMO_EMAIL_NAME, { exact: true }) });
  await row.waitFor({ timeout: 20_000 });
  expect(await textOf(row)).toContain('Linked to the frame');
  const id = (await builderAsync<Array<{ id: string; name: string }>>(h, '/templates')).data.find((template) => template.name === DEMO_EMAIL_NAME)!.id;
  expect((await builderAsync(h, `/templates/${id}`, 'DELETE')).status).toBe(204);
  await row.getByRole('button', { name: `Rename “${DEMO_EMAIL_NAME}”` }).click();
  const form = ui.getByRole('form', { name: `Rename “${DEMO_EMAIL_NAME}”` });
  const name = form.getByRole('textbox', { name: 'New name' });
  await name.fill('Spring sale, final');
  return { ui, section, region, list, row, name, save: form.getByRole('button', { name: 'Save name and description' }), filter: ui.getByRole('textbox', { name: 'Filter by name' }) };
}

/** The frame is no longer linked: the save section offers to save it anew, not Update. */
export async function frameUnlinkedAsync(ui: Frame): Promise<void> {
  const section = ui.getByRole('region', { name: 'Save selection as template' });
  await expect.poll(() => section.getByRole('button', { name: 'Save as template' }).count(), { timeout: 20_000 }).toBe(1);
  expect(await section.getByRole('button', { name: 'Update template' }).count()).toBe(0);
}

/** How many requests of `type` (templates/list, say) the window has sent the sandbox so far. */
export function requestsToSandboxAsync(h: Pick<Harness, 'page'>, type: string): Promise<number> {
  return evaluateHooks(h.page, (hooks, wanted) => hooks.messages().filter(({ direction, message }) => direction === 'to-plugin' && (message as { kind?: string; type?: string }).kind === 'request' && (message as { type?: string }).type === wanted).length, type);
}

/**
 * Resolves once the sandbox answered every request the window sent it, and the window has had the
 * time to take the last answer in and draw what it says (a frame, then a pause).
 */
export async function allAnsweredAsync(h: Pick<Harness, 'page'>, ui: Frame): Promise<void> {
  const unanswered = () =>
    evaluateHooks(h.page, (hooks) => {
      const asked = new Set<string>();
      for (const { direction, message } of hooks.messages()) {
        const { kind, id } = message as { kind?: string; id?: string };
        if (direction === 'to-plugin' && kind === 'request' && id !== undefined) asked.add(id);
        // One the window gave up on (cancelled) is not waited for.
        if (((direction === 'to-ui' && (kind === 'reply' || kind === 'failure')) || kind === 'cancel') && id !== undefined) asked.delete(id);
      }
      return asked.size;
    });
  await expect.poll(unanswered, { timeout: 30_000 }).toBe(0);
  await ui.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))));
}
