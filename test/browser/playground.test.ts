// The playground itself: it draws the demo document, its edit controls change a component
// through the fake's figma API (visible in the drawing), and it looks right in both themes.
import { mkdir, writeFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { readImageHeader } from '../support/png';
import { evaluateHooks, useHarness, textOf, VIEWPORT } from './support/playground-harness';

const h = useHarness();
const SCREENSHOTS = 'test-results/screenshots';

beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
});

async function screenshotAsync(name: string): Promise<void> {
  // Toasts and the edit flash animate; wait until nothing on the page moves so the picture is stable.
  await expect.poll(() => h.page.evaluate(() => document.getAnimations().length), { timeout: 10_000 }).toBe(0);
  const bytes = await h.page.screenshot({ fullPage: false });
  const header = readImageHeader(bytes);
  expect(header).toMatchObject({ width: VIEWPORT.width, height: VIEWPORT.height });
  await writeFile(`${SCREENSHOTS}/${name}`, bytes);
}

/** The Settings screen with both keys saved and the builder connection tested: what the README shows. */
async function showConnectedSettingsAsync(ui: Awaited<ReturnType<typeof h.uiFrameAsync>>): Promise<void> {
  await expect.poll(() => textOf(ui.getByTestId('settings-builder-key-hint')), { timeout: 10_000 }).toMatch(/••••/);
  await ui.getByTestId('settings-builder-test').click();
  await expect.poll(() => textOf(ui.getByTestId('settings-builder-result')), { timeout: 10_000 }).toMatch(/Connected/);
}

describe('the playground', () => {
  it('draws the demo document: pages, layers and labelled boxes', async () => {
    await h.openAsync('?demo-keys=1');
    const pageNames = await h.page.locator('[data-role="pages"] li .name').allTextContents();
    const documentPages = await evaluateHooks(h.page, (hooks) => hooks.inspect().root.children.map((page) => page.name));
    expect(pageNames).toEqual(documentPages);
    const drawn = await h.page.locator('[data-role="drawing"] [data-node-id]').count();
    expect(drawn).toBeGreaterThan(5);
    expect(await h.page.locator('[data-role="drawing"] .node-component, [data-role="drawing"] .node-set').count()).toBeGreaterThan(0);
    expect(await h.page.locator('[data-role="layers"] li').count()).toBeGreaterThan(0);
  });

  it('renames a component, changes its fill and its text, and the drawing shows each change', async () => {
    const select = h.page.locator('[data-role="component-select"]');
    const id = await select.inputValue();
    expect(id).not.toBe('');

    await h.page.locator('[data-role="rename-input"]').fill('Renamed in the playground');
    await h.page.locator('[data-action="rename"]').click();
    await expect.poll(() => textOf(h.page.locator('[data-role="edit-note"]'))).toBe('Renamed.');
    const name = await evaluateHooks(h.page, (hooks, nodeId) => hooks.inspect().allNodes().find((node) => node.id === nodeId)?.name, id);
    expect(name).toBe('Renamed in the playground');
    await expect.poll(() => h.page.locator(`[data-role="drawing"] [title^="Renamed in the playground"]`).count()).toBeGreaterThan(0);

    await h.page.locator('[data-role="fill-input"]').fill('#ff0000');
    await h.page.locator('[data-action="fill"]').click();
    await expect.poll(() => textOf(h.page.locator('[data-role="edit-note"]'))).toBe('Fill changed.');
    await expect
      .poll(() => h.page.locator('[data-role="drawing"] [data-node-id]').evaluateAll((nodes) => nodes.some((node) => (node as HTMLElement).style.backgroundColor === 'rgb(255, 0, 0)')))
      .toBe(true);

    const textInput = h.page.locator('[data-role="text-input"]');
    if (await textInput.isEnabled()) {
      await textInput.fill('Changed text');
      await h.page.locator('[data-action="text"]').click();
      await expect.poll(() => textOf(h.page.locator('[data-role="edit-note"]'))).toBe('Text changed.');
      await expect.poll(() => h.page.locator('[data-role="drawing"] .node-text', { hasText: 'Changed text' }).count()).toBeGreaterThan(0);
    }
  });

  it('zooms in and out by Figma’s steps from the fitted scale, and fits the page again', async () => {
    const scale = h.page.locator('[data-role="zoom"]');
    const percent = async () => Number((await scale.textContent())?.replace('%', ''));
    const fitted = await percent();
    await h.page.getByRole('button', { name: 'Zoom in' }).click();
    const zoomedIn = await percent();
    expect(zoomedIn).toBeGreaterThan(fitted);
    expect([10, 25, 50, 75, 100, 150, 200, 300]).toContain(zoomedIn);
    await h.page.getByRole('button', { name: 'Zoom out' }).click();
    await h.page.getByRole('button', { name: 'Zoom out' }).click();
    expect(await percent()).toBeLessThan(zoomedIn);
    await h.page.getByRole('button', { name: 'Fit the page' }).click();
    expect(await percent()).toBe(fitted);
  });

  it('“Reset everything” rebuilds the document: the edits are gone', async () => {
    await h.page.locator('[data-action="reset"]').click();
    await expect.poll(() => textOf(h.page.locator('[data-role="edit-note"]')), { timeout: 10_000 }).toContain('Document rebuilt');
    const names = await evaluateHooks(h.page, (hooks) => hooks.inspect().allNodes().map((node) => node.name));
    expect(names).not.toContain('Renamed in the playground');
    expect(await h.page.locator('[data-role="drawing"] [title^="Renamed in the playground"]').count()).toBe(0);
    await expect.poll(() => h.page.getAttribute('[data-role="plugin-status"]', 'data-state')).toBe('running');
  });

  it('⌘Z right after “Reset everything” has nothing of the demo document to undo: it stays as built (it threw “not implemented by the fake”)', async () => {
    const names = () => evaluateHooks(h.page, (hooks) => hooks.inspect().allNodes().map((node) => node.name));
    const built = await names();
    const undone = await evaluateHooks(h.page, (hooks) => {
      try {
        hooks.fake().figma.triggerUndo();
        return 'undone';
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    });
    expect(undone).toBe('undone');
    expect(await names()).toEqual(built);
  });

  it('highlights nodes that were not in the document when the plugin started', async () => {
    await evaluateHooks(h.page, async (hooks) => {
      const figma = hooks.fake().figma;
      const page = hooks.inspect().root.children.find((candidate) => candidate.name === 'Components');
      if (page) await figma.setCurrentPageAsync(page);
      const frame = figma.createFrame();
      frame.name = 'Inserted frame';
      frame.resize(200, 120);
      frame.x = -400;
      hooks.redraw();
    });
    await expect.poll(() => textOf(h.page.locator('.node-label.inserted'))).toBe('Inserted frame · inserted');
    expect(await h.page.locator('[data-role="drawing"] .node-inserted').count()).toBe(1);
    expect(await h.page.locator('[data-role="layers"] li[data-inserted="true"] .name').allTextContents()).toEqual(['Inserted frame']);
  });

  it('“Use emulator demo keys” fills the plugin’s settings with the emulator’s keys and runs it again', async () => {
    // A first visit: nothing kept from earlier runs, no ?demo-keys flag.
    await h.openFirstVisitAsync();
    expect(await evaluateHooks(h.page, (hooks) => hooks.clientStorageKeysAsync())).toEqual([]);
    await h.page.locator('[data-action="use-demo-keys"]').click();
    await expect.poll(() => textOf(h.page.locator('[data-role="emulator-note"]')), { timeout: 10_000 }).toContain('Demo keys saved');
    const keys = await evaluateHooks(h.page, (hooks) => hooks.clientStorageKeysAsync());
    expect([...keys].sort()).toEqual(['envelope.builder.apiKey', 'envelope.builder.baseUrl', 'envelope.library.apiKey', 'envelope.library.baseUrl']);
    const ui = await h.uiFrameAsync();
    await ui.getByTestId('nav-settings').click();
    await expect.poll(() => textOf(ui.getByTestId('settings-library-key-hint')), { timeout: 10_000 }).toMatch(/••••/);
    expect(await ui.getByTestId('settings-builder-base-url').inputValue()).toBe(h.emulator.builderUrl);
  });

  it('looks right in the light theme', async () => {
    await h.openAsync('?demo-keys=1&command=settings');
    const ui = await h.uiFrameAsync();
    await ui.getByTestId('shell-file').waitFor();
    await showConnectedSettingsAsync(ui);
    expect(await ui.evaluate(() => document.documentElement.className)).toContain('figma-light');
    expect(await ui.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--figma-color-bg').trim())).toBe('#ffffff');
    await screenshotAsync('playground-light.png');
  });

  it('looks right in the dark theme, with Figma’s dark variables injected into the plugin', async () => {
    await h.openAsync('?demo-keys=1&theme=dark&command=settings');
    const ui = await h.uiFrameAsync();
    await ui.getByTestId('shell-file').waitFor();
    await showConnectedSettingsAsync(ui);
    expect(await ui.evaluate(() => document.documentElement.className)).toContain('figma-dark');
    expect(await ui.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--figma-color-bg').trim())).toBe('#2c2c2c');
    await screenshotAsync('playground-dark.png');
  });
});
