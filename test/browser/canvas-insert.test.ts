// Library emails on the canvas, through the playground as a designer does it: Insert in an email,
// a thumbnail dragged onto a frame, several cards selected and inserted as a grid, a journey as a
// board, a broken screenshot named in the summary. What lands is read back from the fake
// document; tiles are reassembled and compared pixel by pixel with the emulator's screenshot.
import { mkdirSync } from 'node:fs';
import type { Frame, JSHandle, Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolationsAsync } from './support/axe';
import { openBrowseOnCurrentPageAsync, placedReferencesAsync, topLevelBoxesAsync, type PlacedReference } from './support/canvas-references';
import { nodeOnCanvasAsync } from './support/canvas-targets';
import { holdRequestsAsync } from './support/hold-requests';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { smallestWindowAsync } from './support/window-steps';
import { emulatorFaults, type PreviewFault } from './support/emulator-faults';
import { markImageRequestsAsync } from './support/emulator-image-requests';
import { demoLibraryKeyAsync, readLibraryAsync } from './support/library-read';

const h = useHarness();
let key: string;
const SHOTS = 'test-results/screenshots';
/** Emails with a 600 × 12,000 px screenshot: id % 200 = 13 (test/emulator/README.md). */
const TALL_EMAIL_IDS = [1013, 1213, 1413, 1613, 1813];
/** Emails with a 600 × 20,000 px screenshot: id % 200 = 17 (test/emulator/README.md). */
const TALLEST_EMAIL_IDS = [1017, 1217, 1417, 1617, 1817];

interface EmailBody {
  data: { id: number; subject_line: string; brand: { name: string; slug: string }; preview_url: string; mailvault_url: string; captured_date: string };
  meta: { attribution: { source: string; url: string } };
}

/** The screenshot's size: its tiles' extent (the frame holds the caption beneath it too). */
function screenshotSize(reference: PlacedReference): [number, number] {
  return [Math.max(...reference.tiles.map((tile) => tile.x + tile.width)), Math.max(...reference.tiles.map((tile) => tile.y + tile.height))];
}

beforeAll(async () => {
  key = await demoLibraryKeyAsync(h.emulator.libraryUrl);
  mkdirSync(SHOTS, { recursive: true });
});

const libraryAsync = <T>(path: string) => readLibraryAsync<T>(h.emulator.libraryUrl, path, key);

/** What has the focus in the plugin's window: its accessible name, or `data-index` for a grid card. */
function focusedAsync(ui: Frame): Promise<string | null> {
  return ui.evaluate(() => {
    const active = document.activeElement;
    const card = active?.getAttribute('data-index');
    return typeof card === 'string' ? `card ${card}` : (active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? null);
  });
}

async function waitForSummaryAsync(ui: Frame, pattern: RegExp): Promise<string> {
  const status = ui.getByTestId('insert-status');
  await expect.poll(() => textOf(status), { timeout: 90_000 }).toMatch(pattern);
  return (await textOf(status)) ?? '';
}

/**
 * Reassembles the reference's tiles from the images Figma holds, at the tiles' places, and
 * compares every pixel with the emulator's screenshot (both decoded by the browser, unconverted).
 */
function differingPixelsAsync(reference: PlacedReference, sourceUrl: string): Promise<{ width: number; height: number; differing: number; tileSizes: Array<[number, number]> }> {
  return evaluateHooks(
    h.page,
    async (hooks, { tiles, sourceUrl: url, width, height }) => {
      const options = { premultiplyAlpha: 'none', colorSpaceConversion: 'none' } as const;
      const source = await createImageBitmap(await (await fetch(url)).blob(), options);
      const expected = new OffscreenCanvas(source.width, source.height).getContext('2d')!;
      expected.drawImage(source, 0, 0);
      const assembled = new OffscreenCanvas(width, height).getContext('2d')!;
      const tileSizes: Array<[number, number]> = [];
      for (const tile of tiles) {
        const bytes = await hooks.inspect().image(tile.hash)!.getBytesAsync();
        const bitmap = await createImageBitmap(new Blob([bytes as BlobPart]), options);
        tileSizes.push([bitmap.width, bitmap.height]);
        assembled.drawImage(bitmap, tile.x, tile.y);
      }
      const a = expected.getImageData(0, 0, source.width, source.height).data;
      const b = assembled.getImageData(0, 0, source.width, source.height).data;
      let differing = 0;
      for (let index = 0; index < a.length; index += 4) {
        if (a[index] !== b[index] || a[index + 1] !== b[index + 1] || a[index + 2] !== b[index + 2] || a[index + 3] !== b[index + 3]) differing += 1;
      }
      return { width: source.width, height: source.height, differing, tileSizes };
    },
    { tiles: reference.tiles, sourceUrl, width: reference.width, height: reference.height },
  );
}

/** An email the search finds as the only one of its brand with its subject (so its card is known). */
async function findableEmailAsync(ids: readonly number[]): Promise<EmailBody> {
  for (const id of ids) {
    const email = await libraryAsync<EmailBody>(`/v1/emails/${id}`);
    const found = await libraryAsync<{ data: Array<{ brand: string; subject_line: string }> }>(`/v1/emails?per_page=50&q=${encodeURIComponent(email.data.subject_line)}`);
    if (found.data.filter((other) => other.brand === email.data.brand.name && other.subject_line === email.data.subject_line).length === 1) return email;
  }
  throw new Error(`none of emails ${ids.join(', ')} is the only one of its brand with its subject`);
}

/** Finds one email by its subject in the search and opens its card (the one of its brand). */
async function openEmailAsync(ui: Frame, email: EmailBody['data']): Promise<void> {
  await ui.getByLabel('Search emails').fill(email.subject_line);
  // Until the typing pause has passed, the grid still shows the previous results.
  const found = (await libraryAsync<{ data: unknown[] }>(`/v1/emails?per_page=50&q=${encodeURIComponent(email.subject_line)}`)).data.length;
  await expect.poll(() => textOf(ui.getByTestId('library-status')), { timeout: 20_000 }).toBe(`${found} email${found === 1 ? '' : 's'}.`);
  const card = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem').filter({ hasText: email.brand.name }).filter({ hasText: email.subject_line }).getByRole('button');
  await card.click({ timeout: 20_000 });
  await ui.getByRole('heading', { level: 2, name: email.subject_line }).waitFor({ timeout: 20_000 });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Playwright cannot drag out of an iframe: the card gets the drag's events as Chromium gives them,
 * dragend with the pointer's place (`at`, in the page) in the iframe's coordinates.
 */
async function dragOntoCanvasAsync(card: Locator, at: { x: number; y: number }, dataTransfer?: JSHandle<DataTransfer>): Promise<void> {
  const iframeBox = await h.page.locator('iframe[data-role="plugin-iframe"]').boundingBox();
  if (!iframeBox) throw new Error('the plugin window is not visible');
  await card.dispatchEvent('dragstart', dataTransfer === undefined ? undefined : { dataTransfer });
  await card.dispatchEvent('dragend', { clientX: at.x - iframeBox.x, clientY: at.y - iframeBox.y });
}

describe('Browse: library emails on the canvas', () => {
  it('places a normal and a 600 × 12,000 px email as named, captioned frames whose tiles reproduce the screenshot exactly', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    // Decoding and encoding run off the window's thread: each screenshot starts a worker.
    let workers = 0;
    h.page.on('worker', () => (workers += 1));
    const recent = (await libraryAsync<{ data: Array<{ id: number }> }>('/v1/emails?per_page=20')).data.map((email) => email.id);
    const normal = await findableEmailAsync(recent);
    const tall = await findableEmailAsync(TALL_EMAIL_IDS);
    for (const email of [normal, tall]) {
      const id = email.data.id;
      await openEmailAsync(ui, email.data);
      await ui.getByRole('button', { name: 'Insert on canvas' }).click();
      await waitForSummaryAsync(ui, /^Placed 1 reference on the canvas\./);
      const reference = (await placedReferencesAsync(h.page)).find((candidate) => candidate.record?.emailId === id);
      if (!reference) throw new Error(`no reference for email ${id}`);
      expect(reference.name).toBe(`${email.data.brand.name} — ${email.data.subject_line}`);
      expect(reference.record!.url).toBe(email.data.mailvault_url);
      expect(reference.caption!.text).toContain(`${email.data.brand.name} — ${email.data.subject_line}\nCaptured `);
      expect(reference.caption!.text).toContain(`View on ${email.meta.attribution.source}`);
      expect(reference.caption!.link).toEqual({ type: 'URL', value: email.data.mailvault_url });
      const compared = await differingPixelsAsync(reference, email.data.preview_url);
      expect(screenshotSize(reference)).toEqual([compared.width, compared.height]);
      expect(compared.differing).toBe(0);
      // The caption beneath the screenshot, inside the reference's frame: a frame clipping its content still shows it.
      expect(reference.caption!.bottom).toBeGreaterThan(compared.height);
      expect(reference.caption!.bottom).toBeLessThanOrEqual(reference.height);
      // Every tile within Figma's limit, locked, drawn 1:1 (its image is its own size), together the whole area.
      expect(reference.tiles.every((tile) => tile.width <= 4096 && tile.height <= 4096 && tile.locked && tile.scaleMode === 'FILL')).toBe(true);
      expect(compared.tileSizes).toEqual(reference.tiles.map((tile) => [tile.width, tile.height]));
      expect(reference.tiles.reduce((sum, tile) => sum + tile.width * tile.height, 0)).toBe(compared.width * compared.height);
      expect(reference.tiles.length).toBe(email === tall ? 3 : Math.ceil(compared.height / 4096));
      // Selected and in view, as a placed layer is.
      const selection = await evaluateHooks(h.page, (hooks) => hooks.fake().figma.currentPage.selection.map((node) => node.id));
      expect(selection).toEqual([reference.id]);
      await ui.getByRole('button', { name: /Back to results/ }).click();
    }
    expect(screenshotSize((await placedReferencesAsync(h.page)).find((reference) => reference.record?.emailId === tall.data.id)!)[1]).toBe(12_000);
    expect(workers).toBeGreaterThanOrEqual(2);
    // Each went beside what was on the page (the components in view, the email placed before), over nothing.
    const onPage = await topLevelBoxesAsync(h.page);
    const placedIds = new Set((await placedReferencesAsync(h.page)).map((reference) => reference.id));
    const covered = onPage.filter((layer) => placedIds.has(layer.id)).flatMap((layer) =>
      onPage.filter((other) => other.id !== layer.id && layer.x < other.x + other.width && other.x < layer.x + layer.width && layer.y < other.y + other.height && other.y < layer.y + layer.height).map((other) => `${layer.name} over ${other.name}`),
    );
    expect(onPage.length).toBeGreaterThan(2);
    expect(covered).toEqual([]);
  });

  it('gives a placed reference an “Open email in Envelope” button that reopens the plugin on its email', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    const recent = (await libraryAsync<{ data: Array<{ id: number }> }>('/v1/emails?per_page=20')).data.map((email) => email.id);
    const email = await findableEmailAsync(recent.slice(3));
    await openEmailAsync(ui, email.data);
    await ui.getByRole('button', { name: 'Insert on canvas' }).click();
    await waitForSummaryAsync(ui, /^Placed 1 reference on the canvas\./);
    // The placed reference is selected: Figma shows its relaunch button in the properties panel.
    const button = h.page.locator('[data-role="relaunch-buttons"] button', { hasText: 'Open email in Envelope' });
    await button.waitFor({ timeout: 10_000 });
    await button.click();
    const relaunched = await h.uiFrameAsync();
    await relaunched.getByRole('heading', { level: 2, name: email.data.subject_line }).waitFor({ timeout: 20_000 });
    expect(await relaunched.getByRole('button', { name: 'Browse' }).getAttribute('aria-current')).toBe('page');
    // Back goes to the search, the Browse screen's home.
    await relaunched.getByRole('button', { name: /Back to results/ }).click();
    await relaunched.getByRole('list', { name: 'Emails' }).waitFor({ timeout: 20_000 });
  });

  it('offers “Check email references” on the file once an email is placed, with nothing selected, and it opens the reference check; removing the last reference takes the button away', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    const documentButton = h.page.locator('[data-role="relaunch-buttons"] button', { hasText: 'Check email references' });
    const recent = (await libraryAsync<{ data: Array<{ id: number }> }>('/v1/emails?per_page=20')).data.map((email) => email.id);
    const email = await findableEmailAsync(recent.slice(5));
    await openEmailAsync(ui, email.data);
    await ui.getByRole('button', { name: 'Insert on canvas' }).click();
    await waitForSummaryAsync(ui, /^Placed 1 reference on the canvas\./);
    // The person opens another page, where nothing is selected: Figma shows the file's buttons.
    const placedOn = await evaluateHooks(h.page, (hooks) => hooks.inspect().currentPage.id);
    await h.page.locator(`[data-role="pages"] li:not([data-page="${placedOn}"])`).first().click();
    await expect.poll(() => evaluateHooks(h.page, (hooks) => hooks.inspect().currentPage.selection.length)).toBe(0);
    await documentButton.waitFor({ timeout: 10_000 });
    // Meanwhile the brand asked the library to remove the email.
    const removal = await fetch(`${h.emulator.libraryUrl}/_emulator/library/emails/${email.data.id}/remove`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(removal.ok).toBe(true);
    await documentButton.click();
    const relaunched = await h.uiFrameAsync();
    await expect.poll(() => textOf(relaunched.getByTestId('references-summary')), { timeout: 30_000 }).toBe('1 reference to 1 email; 1 removed from the library.');
    expect(await relaunched.getByRole('button', { name: 'Browse' }).getAttribute('aria-current')).toBe('page');

    // The designer removes the reference, confirming.
    await relaunched.getByRole('button', { name: 'Remove 1 reference' }).click();
    await relaunched.getByRole('group', { name: /^Remove 1 reference from this file\?/ }).getByRole('button', { name: 'Remove 1 reference' }).click();
    await expect.poll(() => textOf(relaunched.getByTestId('references-removal')), { timeout: 10_000 }).toBe('Removed 1 reference (one undo step in Figma).');
    // The file holds no reference now: it no longer offers a check with nothing to check.
    await expect.poll(() => evaluateHooks(h.page, (hooks) => hooks.inspect().relaunchButtons(hooks.inspect().root).map((button) => button.command)), { timeout: 10_000 }).toEqual([]);
    await expect.poll(() => documentButton.count(), { timeout: 10_000 }).toBe(0);
  });

  it('places a 600 × 20,000 px email as five tiles of at most 4,096 px that reproduce the screenshot exactly', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    const tallest = await findableEmailAsync(TALLEST_EMAIL_IDS);
    await openEmailAsync(ui, tallest.data);
    await ui.getByRole('button', { name: 'Insert on canvas' }).click();
    await waitForSummaryAsync(ui, /^Placed 1 reference on the canvas\./);
    const reference = (await placedReferencesAsync(h.page)).find((candidate) => candidate.record?.emailId === tallest.data.id);
    if (!reference) throw new Error(`no reference for email ${tallest.data.id}`);
    expect(screenshotSize(reference)).toEqual([600, 20_000]);
    expect(reference.tiles.length).toBe(5);
    expect(reference.tiles.every((tile) => tile.width <= 4096 && tile.height <= 4096 && tile.locked && tile.scaleMode === 'FILL')).toBe(true);
    // Stacked without gap or overlap, top to bottom.
    expect(reference.tiles.map((tile) => [tile.x, tile.y])).toEqual([0, 4000, 8000, 12_000, 16_000].map((y) => [0, y]));
    const compared = await differingPixelsAsync(reference, tallest.data.preview_url);
    expect([compared.width, compared.height]).toEqual([600, 20_000]);
    expect(compared.tileSizes).toEqual(reference.tiles.map((tile) => [tile.width, tile.height]));
    expect(compared.differing).toBe(0);
  });

  it('cuts on the window’s thread, a tile at a time, where workers cannot draw (no OffscreenCanvas), still exactly', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    // A browser without OffscreenCanvas: the fallback path.
    await ui.evaluate(() => Reflect.deleteProperty(window, 'OffscreenCanvas'));
    let workers = 0;
    const countWorker = () => (workers += 1);
    h.page.on('worker', countWorker);
    const tall = await findableEmailAsync([...TALL_EMAIL_IDS].reverse());
    await openEmailAsync(ui, tall.data);
    await ui.getByRole('button', { name: 'Insert on canvas' }).click();
    await waitForSummaryAsync(ui, /^Placed 1 reference on the canvas\./);
    // Busy while placing, never disabled: the focus stayed on the button.
    expect(await focusedAsync(ui)).toBe('Insert on canvas');
    // Dismiss hides the bar with its button: the focus goes back to Insert.
    await ui.getByTestId('insert-status').getByRole('button', { name: 'Dismiss' }).focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => focusedAsync(ui)).toBe('Insert on canvas');
    h.page.off('worker', countWorker);
    const reference = (await placedReferencesAsync(h.page)).find((candidate) => candidate.record?.emailId === tall.data.id)!;
    expect(reference.tiles.length).toBe(3);
    expect((await differingPixelsAsync(reference, tall.data.preview_url)).differing).toBe(0);
    expect(workers).toBe(0);
  });

  it('places a thumbnail dragged onto a frame at the drop point, inside that frame', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    // The page has components only: a frame to drop on, left of them, as a designer's layout.
    await evaluateHooks(h.page, (hooks) => {
      hooks.inspect().run(() => {
        const frame = hooks.fake().figma.createFrame();
        frame.name = 'Campaign layout';
        frame.resize(1200, 1600);
        frame.x = -1600;
        frame.y = 0;
      });
      hooks.redraw();
    });
    const target = await nodeOnCanvasAsync(h.page, ['FRAME']);
    const px = Math.round(target.rect.left + target.rect.width * 0.25);
    const py = Math.round(target.rect.top + target.rect.height * 0.3);
    const card = ui.getByRole('list', { name: 'Emails' }).getByRole('button').first();
    const subject = await card.locator('.email-card-subject').textContent();
    const dataTransfer = await ui.evaluateHandle(() => new DataTransfer());
    await dragOntoCanvasAsync(card, { x: px, y: py }, dataTransfer);
    await waitForSummaryAsync(ui, /^Placed 1 reference on the canvas\./);
    const placed = (await placedReferencesAsync(h.page)).find((reference) => reference.name.endsWith(`— ${subject}`));
    if (!placed) throw new Error(`no reference named after “${subject}”`);
    // Attributed as Insert's references are: brand and subject, the caption's service and link, the record's page.
    const email = await libraryAsync<EmailBody>(`/v1/emails/${placed.record!.emailId}`);
    expect(placed.name).toBe(`${email.data.brand.name} — ${email.data.subject_line}`);
    expect(placed.record!.url).toBe(email.data.mailvault_url);
    expect(placed.caption!.text).toContain(`${email.data.brand.name} — ${email.data.subject_line}\nCaptured `);
    expect(placed.caption!.text).toContain(`View on ${email.meta.attribution.source}`);
    expect(placed.caption!.link).toEqual({ type: 'URL', value: email.data.mailvault_url });
    // Dropped anywhere else (a chat, a document), the card's text says where it came from: named
    // as the reference is, with its public page and the service (it was the subject alone).
    expect(await dataTransfer.evaluate((data) => data.getData('text/plain'))).toBe(`${placed.name}\n${email.data.mailvault_url}\nVia ${email.meta.attribution.source} (${email.meta.attribution.url})`);
    expect(placed.parentId).toBe(target.id);
    const scaleX = target.box.width / target.rect.width;
    const scaleY = target.box.height / target.rect.height;
    expect(Math.abs(placed.x - (px - target.rect.left) * scaleX)).toBeLessThanOrEqual(Math.ceil(scaleX));
    expect(Math.abs(placed.y - (py - target.rect.top) * scaleY)).toBeLessThanOrEqual(Math.ceil(scaleY));
  });

  it('Cancel stops a dropped thumbnail’s placing too: nothing lands and the bar says so', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    const card = ui.getByRole('list', { name: 'Emails' }).getByRole('button').first();
    const subject = (await card.locator('.email-card-subject').textContent()) ?? '';
    const brand = (await card.locator('.email-card-brand').textContent()) ?? '';
    // The library's answers are held until Cancel is pressed: the dropped email is still on its way
    // then, however slow the machine (answers slowed by 3 s could come first, and it landed).
    const library = await holdRequestsAsync(h.page, h.emulator.libraryUrl);
    try {
      const target = await nodeOnCanvasAsync(h.page, ['FRAME', 'COMPONENT']);
      await dragOntoCanvasAsync(card, { x: target.rect.left + 10, y: target.rect.top + 10 });
      // Named as Insert names it, brand and subject (the bar said the subject alone).
      const placing = `Placing on the canvas: ${brand} — ${subject}…`;
      await expect.poll(() => textOf(ui.getByTestId('insert-status').locator('p'))).toBe(placing);
      const cancel = ui.getByTestId('insert-status').getByRole('button', { name: 'Cancel' });
      await cancel.focus();
      // Still placing, its email still on its way, as Cancel is pressed.
      await expect.poll(() => textOf(ui.getByTestId('insert-status').locator('p')), { timeout: 10_000 }).toBe(placing);
      await h.page.keyboard.press('Enter');
      await waitForSummaryAsync(ui, /^Cancelled: nothing was placed\./);
    } finally {
      await library.releaseAsync();
    }
    expect((await placedReferencesAsync(h.page)).filter((reference) => reference.name.endsWith(`— ${subject}`))).toEqual([]);
    // Dismiss by keyboard hides the bar with its button: the focus goes to the card the drag
    // started from (it went to the page, or to a button of an earlier insert).
    expect(await focusedAsync(ui)).toBe('Dismiss');
    await h.page.keyboard.press('Enter');
    await expect.poll(() => focusedAsync(ui)).toBe(`card ${(await card.getAttribute('data-index')) ?? ''}`);
  });

  it('Cancel stops every drop under way, not only the last: two thumbnails dropped in quick succession, nothing lands and the bar says nothing was placed', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('button');
    const subjects = [(await cards.nth(0).locator('.email-card-subject').textContent()) ?? '', (await cards.nth(1).locator('.email-card-subject').textContent()) ?? ''];
    const firstBrand = (await cards.nth(0).locator('.email-card-brand').textContent()) ?? '';
    // The library's answers are held until Cancel is pressed: both dropped emails are still on their
    // way then, however slow the machine (answers slowed by 3 s could come first, and the first landed).
    const library = await holdRequestsAsync(h.page, h.emulator.libraryUrl);
    try {
      const target = await nodeOnCanvasAsync(h.page, ['FRAME', 'COMPONENT']);
      for (const index of [0, 1]) await dragOntoCanvasAsync(cards.nth(index), { x: target.rect.left + 10 + index * 20, y: target.rect.top + 10 });
      // Which of how many, named after the first (it named the latest alone: “Placing on the canvas: <second>…”).
      const placing = `Placing 1 of 2 on the canvas: ${firstBrand} — ${subjects[0]}…`;
      await expect.poll(() => textOf(ui.getByTestId('insert-status').locator('p'))).toBe(placing);
      // Still placing the first as Cancel is pressed.
      await expect.poll(() => textOf(ui.getByTestId('insert-status').locator('p')), { timeout: 10_000 }).toBe(placing);
      await ui.getByTestId('insert-status').getByRole('button', { name: 'Cancel' }).click();
      await waitForSummaryAsync(ui, /^Cancelled: nothing was placed\./);
    } finally {
      await library.releaseAsync();
    }
    // The held answers let go: the first drop did not go on to land after all.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await expect.poll(() => textOf(ui.getByTestId('insert-status').locator('p')), { timeout: 10_000 }).toMatch(/^Cancelled: nothing was placed\./);
    expect((await placedReferencesAsync(h.page)).filter((reference) => subjects.some((subject) => reference.name.endsWith(`— ${subject}`)))).toEqual([]);
  });

  it('inserts several selected emails as a grid in one step, naming the one whose screenshot fails while the rest are placed', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem');
    await cards.first().waitFor();
    const subjects = (await cards.locator('.email-card-subject').allTextContents()).slice(0, 4);
    const ids = (await libraryAsync<{ data: Array<{ id: number; subject_line: string; brand: string }> }>('/v1/emails?per_page=4')).data;
    expect(ids.map((email) => email.subject_line)).toEqual(subjects);
    const broken = ids[2]!;
    await emulatorFaults(h.emulator).previewAsync(broken.id, '404');
    for (let index = 0; index < 4; index++) await cards.nth(index).getByRole('checkbox', { name: `Select “${subjects[index]!}”` }).check();
    // Shift-click toggles too: one off and on again.
    await cards.nth(1).getByRole('button').click({ modifiers: ['Shift'] });
    await expect.poll(() => textOf(ui.getByRole('group', { name: 'Selected emails' }))).toContain('3 selected');
    await cards.nth(1).getByRole('button').click({ modifiers: ['Shift'] });
    await checkAxeAsync(ui, 'the grid with a selection (light)');
    await ui.getByRole('button', { name: 'Insert 4' }).click();
    const summary = await waitForSummaryAsync(ui, /^Placed 3 references on the canvas\./);
    // The placed three leave the selection; the failed one stays chosen, to try again, and the
    // button (busy meanwhile, never disabled) kept the focus.
    await expect.poll(() => textOf(ui.getByRole('group', { name: 'Selected emails' })), { timeout: 10_000 }).toContain('1 selected');
    expect(await cards.nth(2).getByRole('checkbox').isChecked()).toBe(true);
    expect(await focusedAsync(ui)).toBe('Insert 1');
    await ui.getByRole('button', { name: 'Clear selection' }).click();
    // The selection's bar went with its buttons: the focus is back on the grid's card.
    await expect.poll(() => focusedAsync(ui)).toMatch(/^card \d+$/);
    expect(summary).toContain(`1 could not be placed: ${broken.brand} — ${broken.subject_line}: The screenshot could not be loaded: the library has no screenshot at its address.`);
    await checkAxeAsync(ui, 'the summary (light)');
    const placed = (await placedReferencesAsync(h.page)).filter((reference) => ids.some((email) => email.id === reference.record?.emailId));
    expect(placed.map((reference) => reference.record!.emailId).sort()).toEqual([ids[0]!.id, ids[1]!.id, ids[3]!.id].sort());
    // A grid of two columns: the first two share a top, the third starts under the taller of them.
    const [a, b, c] = [ids[0]!, ids[1]!, ids[3]!].map((email) => placed.find((reference) => reference.record!.emailId === email.id)!);
    expect(a!.y).toBe(b!.y);
    expect(b!.x).toBeGreaterThan(a!.x + a!.width);
    expect(c!.x).toBe(a!.x);
    expect(c!.y).toBeGreaterThan(a!.y + Math.max(a!.height, b!.height));
    // One undo step takes the whole grid away.
    await evaluateHooks(h.page, (hooks) => hooks.fake().figma.triggerUndo());
    expect((await placedReferencesAsync(h.page)).filter((reference) => ids.some((email) => email.id === reference.record?.emailId))).toEqual([]);
  });

  it('a screenshot whose download stalls (headers, then nothing) ends in words; the others are placed and it stays chosen to try again', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem');
    await cards.first().waitFor();
    const ids = (await libraryAsync<{ data: Array<{ id: number; subject_line: string; brand: string }> }>('/v1/emails?per_page=3')).data;
    const stalled = ids[1]!;
    const scope = emulatorFaults(h.emulator);
    const previewFault = (fault: PreviewFault | null) => scope.previewAsync(stalled.id, fault);
    await previewFault('stall');
    try {
      for (let index = 0; index < 3; index++) await cards.nth(index).getByRole('checkbox').check();
      await ui.getByRole('button', { name: 'Insert 3' }).click();
      const summary = await waitForSummaryAsync(ui, /^Placed 2 references on the canvas\./);
      expect(summary).toContain(`1 could not be placed: ${stalled.brand} — ${stalled.subject_line}: The screenshot could not be loaded: the library stopped sending it (nothing came for 15 seconds). Try placing it again.`);
      await expect.poll(() => textOf(ui.getByRole('group', { name: 'Selected emails' })), { timeout: 10_000 }).toContain('1 selected');
    } finally {
      await previewFault(null);
    }
    // Trying again once the connection is back places it beside the two.
    await ui.getByRole('button', { name: 'Insert 1' }).click();
    await waitForSummaryAsync(ui, /^Placed 1 reference on the canvas\./);
    const placed = (await placedReferencesAsync(h.page)).filter((reference) => ids.some((email) => email.id === reference.record?.emailId));
    expect(placed.map((reference) => reference.record!.emailId).sort()).toEqual(ids.map((email) => email.id).sort());
  });

  it('waits out the image host’s “slow down” for a screenshot, saying the wait in words, and places it (it failed with “Try placing it again in a minute”)', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem');
    await cards.first().waitFor();
    const [first] = (await libraryAsync<{ data: Array<{ id: number; subject_line: string; brand: string }> }>('/v1/emails?per_page=1')).data;
    const scope = emulatorFaults(h.emulator);
    const previewFault = (fault: PreviewFault | null) => scope.previewAsync(first!.id, fault);
    // Refused until its 2 seconds have passed on the emulator's clock (which ticks in real time, as the
    // window's does here): asked again sooner, it is refused again, so one 429 then one 200 in the log
    // says the plugin waited. (The one-off "429" answered a plugin that asked again at once.)
    await previewFault('429_until_waited');
    const log = await markImageRequestsAsync(h.emulator);
    const screenshotsAsync = async () =>
      (await log.sinceAsync()).filter((request) => request.kind === 'screenshot').map(({ path, status, fault }) => ({ path, status, fault }));
    // What the library was asked: the screenshot once, refused, then once more after the wait, and
    // answered (not given up on, nor downloaded again, nor asked again before the wait was over).
    const refusedThenAnswered = [
      { path: `/images/emails/${first!.id}/preview.png`, status: 429, fault: '429_until_waited' },
      { path: `/images/emails/${first!.id}/preview.png`, status: 200, fault: null },
    ];
    try {
      await cards.first().getByRole('checkbox').check();
      await ui.getByRole('button', { name: 'Insert 1' }).click();
      const status = ui.getByTestId('insert-status');
      await expect.poll(() => textOf(status), { timeout: 20_000 }).toMatch(/^The library asked us to slow down: placing goes on in [12] seconds?/);
      // Read before the summary: a plugin that asked again too soon is refused again, and the log says
      // so here, where the summary would only time out.
      await expect.poll(async () => (await screenshotsAsync()).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      expect(await screenshotsAsync()).toEqual(refusedThenAnswered);
      await waitForSummaryAsync(ui, /^Placed 1 reference on the canvas\./);
    } finally {
      await previewFault(null);
    }
    expect((await placedReferencesAsync(h.page)).map((reference) => reference.record?.emailId)).toContain(first!.id);
    expect(await screenshotsAsync()).toEqual(refusedThenAnswered);
  });

  it('has the placing’s live region in place before it speaks, so “Placing…” is read out (it appeared already filled, which screen readers skip)', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    const liveRegionShown = () =>
      ui.getByTestId('insert-status').evaluate((element) => {
        const region = element.closest('[aria-live]') ?? element.querySelector('[aria-live]');
        return region !== null && region.closest('[hidden]') === null;
      });
    expect(await liveRegionShown()).toBe(true);
  });

  it('Cancel stops the placing, says nothing was placed (it said “3 not tried”, the first under way), and the focus stays on the bar’s one button (now Dismiss)', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem');
    await cards.first().waitFor();
    for (let index = 0; index < 3; index++) await cards.nth(index).getByRole('checkbox').check();
    // The library's answers are held until Cancel is pressed: the first email is still on its way
    // then, however slow the machine (answers slowed by 3 s could come first, and it landed).
    const library = await holdRequestsAsync(h.page, h.emulator.libraryUrl);
    try {
      await ui.getByRole('button', { name: 'Insert 3' }).click();
      const cancel = ui.getByTestId('insert-status').getByRole('button', { name: 'Cancel' });
      await cancel.focus();
      // Still placing, the first email on its way, as Cancel is pressed.
      await expect.poll(() => library.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await expect.poll(() => textOf(ui.getByTestId('insert-status').locator('p')), { timeout: 10_000 }).toMatch(/^Placing/);
      await h.page.keyboard.press('Enter');
      await waitForSummaryAsync(ui, /^Cancelled: nothing was placed\./);
    } finally {
      await library.releaseAsync();
    }
    expect(await focusedAsync(ui)).toBe('Dismiss');
    // Nothing was placed: the three stay chosen.
    await expect.poll(() => textOf(ui.getByRole('group', { name: 'Selected emails' })), { timeout: 10_000 }).toContain('3 selected');
  });

  it('inserts a journey as a board: a labelled column per stage, the emails in the emulator’s order', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    const journeys = await libraryAsync<{ data: Array<{ brand: string; brand_slug: string }> }>('/v1/journeys?per_page=50');
    const chosen = journeys.data[0]!;
    const journey = await libraryAsync<{ data: { stages: Array<{ stage: string; emails: Array<{ id: number }> }> } }>(`/v1/journeys/${chosen.brand_slug}?emails_per_stage=3`);
    // The list, the board and its captions name the brand as the library's brand page does, not by the journey's slug.
    const name = (await libraryAsync<{ data: { brand: { name: string } } }>(`/v1/brands/${chosen.brand_slug}?per_page=1`)).data.brand.name;
    await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
    await ui.getByRole('list', { name: 'Brands with a journey' }).getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}`) }).click();
    await ui.getByRole('heading', { name: `${name}: journey` }).waitFor();
    await ui.getByRole('button', { name: 'Insert journey as board' }).click();
    await waitForSummaryAsync(ui, new RegExp(`^Placed the journey board “${escapeRegExp(name)} — journey” with \\d+ references on the canvas\\.`));
    expect(await focusedAsync(ui)).toBe('Insert journey as board');
    const board = await evaluateHooks(
      h.page,
      (hooks, title) =>
        hooks.inspect().run(() => {
          const frame = hooks.inspect().allNodes().find((node) => node.type === 'FRAME' && node.name === title) as FrameNode;
          const children = hooks.inspect().children(frame);
          return {
            labels: children.filter((child) => child.type === 'TEXT').map((child) => ({ text: (child as TextNode).characters, x: child.x })),
            references: children
              .filter((child) => child.type === 'FRAME')
              .map((child) => ({ emailId: (JSON.parse((child as FrameNode).getPluginData('reference')) as { emailId: number }).emailId, x: child.x, y: child.y })),
          };
        }),
      `${name} — journey`,
    );
    expect(board.labels.map((label) => label.text)).toEqual(journey.data.stages.map((stage) => stage.stage));
    const columns = board.labels.map((label) =>
      board.references
        .filter((reference) => reference.x === label.x)
        .sort((p, q) => p.y - q.y)
        .map((reference) => reference.emailId),
    );
    expect(columns).toEqual(journey.data.stages.map((stage) => stage.emails.map((email) => email.id)));
    await h.page.locator('[data-role="canvas"]').screenshot({ path: `${SHOTS}/canvas-references-light.png` });
  });

  it('says a journey stage without emails has none now, and draws no empty column for it on the board', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    const chosen = (await libraryAsync<{ data: Array<{ brand_slug: string }> }>('/v1/journeys?per_page=50')).data[1]!;
    const journeyAsync = async () => (await libraryAsync<{ data: { stages: Array<{ stage: string; email_count: number; emails: Array<{ id: number }> }> } }>(`/v1/journeys/${chosen.brand_slug}?emails_per_stage=10`)).data.stages;
    const emptied = (await journeyAsync())[1]!;
    // The library removed every email of the second stage (the brand asked it to).
    for (const email of emptied.emails) expect((await fetch(`${h.emulator.libraryUrl}/_emulator/library/emails/${email.id}/remove`, { method: 'POST' })).ok).toBe(true);
    const stages = await journeyAsync();
    expect(stages.find((stage) => stage.stage === emptied.stage)).toMatchObject({ email_count: 0, emails: [] });
    const name = (await libraryAsync<{ data: { brand: { name: string } } }>(`/v1/brands/${chosen.brand_slug}?per_page=1`)).data.brand.name;
    await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
    await ui.getByRole('list', { name: 'Brands with a journey' }).getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}`) }).click();
    await ui.getByRole('heading', { name: `${name}: journey` }).waitFor();
    const stage = ui.getByRole('region', { name: emptied.stage });
    await expect.poll(() => textOf(stage), { timeout: 10_000 }).toContain('The library has no emails in this stage now.');
    expect(await stage.getByRole('list').count()).toBe(0);
    await ui.getByRole('button', { name: 'Insert journey as board' }).click();
    await waitForSummaryAsync(ui, new RegExp(`^Placed the journey board “${escapeRegExp(name)} — journey” with \\d+ references on the canvas\\.`));
    const labels = await evaluateHooks(
      h.page,
      (hooks, title) =>
        hooks.inspect().run(() => {
          const frame = hooks.inspect().allNodes().find((node) => node.type === 'FRAME' && node.name === title) as FrameNode;
          return hooks.inspect().children(frame).filter((child) => child.type === 'TEXT').map((child) => (child as TextNode).characters);
        }),
      `${name} — journey`,
    );
    expect(labels).toEqual(stages.filter((each) => each.emails.length > 0).map((each) => each.stage));
  });

  it('inserts from a row of liked emails, with the brand read from the library where the list does not name it', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    const likes = await libraryAsync<{ data: Array<{ id: number; subject_line?: string; title: string }> }>('/v1/me/likes?per_page=20');
    const liked = likes.data[0]!;
    const detail = await libraryAsync<EmailBody>(`/v1/emails/${liked.id}`);
    await ui.getByRole('button', { name: 'Me', exact: true }).click();
    await ui.getByRole('button', { name: 'Likes', exact: true }).click();
    const subject = liked.subject_line ?? liked.title;
    await ui.getByRole('list', { name: 'Liked emails' }).getByRole('button', { name: `Insert “${subject}” on canvas` }).first().click();
    await waitForSummaryAsync(ui, /^Placed 1 reference on the canvas\./);
    expect(await focusedAsync(ui)).toBe(`Insert “${subject}” on canvas`);
    const placed = (await placedReferencesAsync(h.page)).find((reference) => reference.record?.emailId === liked.id);
    expect(placed?.name).toBe(`${detail.data.brand.name} — ${subject}`);
    await checkAxeAsync(ui, 'liked emails with Insert (light)');
  });

  it('is clean under axe in dark, with Insert in an email and the summary showing', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'dark');
    const email = await findableEmailAsync((await libraryAsync<{ data: Array<{ id: number }> }>('/v1/emails?per_page=20')).data.map((each) => each.id));
    await openEmailAsync(ui, email.data);
    await ui.getByRole('button', { name: 'Insert on canvas' }).click();
    await waitForSummaryAsync(ui, /^Placed 1 reference/);
    await checkAxeAsync(ui, 'an email with its Insert and summary (dark)');
    await ui.getByRole('button', { name: /Back to results/ }).click();
    await ui.getByRole('checkbox').first().check();
    await checkAxeAsync(ui, 'the grid with a selection (dark)');
  });

  it('in the smallest window, keeps what placing says and its Dismiss in sight (it was at the end of the grid, thousands of pixels below)', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    await smallestWindowAsync(h.page, ui);
    const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem');
    await cards.first().getByRole('checkbox').check();
    await ui.getByRole('button', { name: /^Insert 1/ }).click();
    await waitForSummaryAsync(ui, /^Placed 1 reference on the canvas\./);
    const dismiss = ui.getByTestId('insert-status').getByRole('button', { name: 'Dismiss' });
    /** How much of the element is out of the scrolling screen's sight, in px (0: all of it shows). */
    const hiddenPx = () =>
      dismiss.evaluate((element) => {
        const shown = element.getBoundingClientRect();
        const view = element.closest('main')!.getBoundingClientRect();
        return Math.max(0, view.top - shown.top) + Math.max(0, shown.bottom - view.bottom);
      });
    expect(await hiddenPx()).toBe(0);
    // Still in sight with the grid scrolled back to its first row.
    await ui.locator('main').evaluate((main) => main.scrollTo(0, 0));
    expect(await hiddenPx()).toBe(0);
  });

  it('in the smallest window, keeps the bar steady at two lines while it counts down the library’s “slow down”, the full words still naming the progress (it grew to five lines)', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    await smallestWindowAsync(h.page, ui);
    const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem');
    await cards.first().waitFor();
    const [first] = (await libraryAsync<{ data: Array<{ id: number; subject_line: string; brand: string }> }>('/v1/emails?per_page=1')).data;
    const scope = emulatorFaults(h.emulator);
    const previewFault = (fault: PreviewFault | null) => scope.previewAsync(first!.id, fault);
    // Every drawing while it places: the words, how many lines they take, and the bar's height.
    await ui.evaluate(() => {
      const seen: Array<{ text: string; lines: number; barPx: number }> = [];
      (window as unknown as { seen: typeof seen }).seen = seen;
      const record = () => {
        const words = document.querySelector<HTMLElement>('.insert-progress p');
        if (words) seen.push({ text: words.textContent ?? '', lines: Math.round(words.getBoundingClientRect().height / parseFloat(getComputedStyle(words).lineHeight)), barPx: document.querySelector('.insert-bar')!.getBoundingClientRect().height });
        requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
    });
    await previewFault('429');
    try {
      await cards.first().getByRole('checkbox').check();
      await ui.getByRole('button', { name: 'Insert 1' }).click();
      // The whole subject names the progress, for a screen reader, though the line shows part of it.
      await ui.getByRole('progressbar', { name: new RegExp(`^The library asked us to slow down: placing goes on in [12] seconds? \\(${escapeRegExp(first!.brand)} — ${escapeRegExp(first!.subject_line)}\\)\\.$`) }).waitFor({ timeout: 20_000 });
      await h.page.locator('iframe[data-role="plugin-iframe"]').screenshot({ path: `${SHOTS}/insert-bar-slow-down-320.png` });
      await waitForSummaryAsync(ui, /^Placed 1 reference on the canvas\./);
    } finally {
      await previewFault(null);
    }
    const seen = await ui.evaluate(() => (window as unknown as { seen: Array<{ text: string; lines: number; barPx: number }> }).seen);
    const waiting = seen.filter((sample) => sample.text.startsWith('The library asked us to slow down'));
    expect(new Set(waiting.map((sample) => sample.text)).size).toBeGreaterThanOrEqual(2);
    expect(Math.max(...seen.map((sample) => sample.lines))).toBeLessThanOrEqual(2);
    const heights = waiting.map((sample) => sample.barPx);
    expect(Math.max(...heights) - Math.min(...heights)).toBeLessThanOrEqual(1);
  });

  it('in the smallest window, keeps a long summary of several reasons to a part of the window, scrolling inside by keyboard, with Dismiss in sight (it covered the window)', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    await smallestWindowAsync(h.page, ui);
    const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem');
    await cards.first().waitFor();
    const ids = (await libraryAsync<{ data: Array<{ id: number }> }>('/v1/emails?per_page=4')).data;
    // Three emails fail, each for its own reason: the summary names them all, with their reasons.
    const faults = ['404', 'not_image', 'stall'] as const;
    const scope = emulatorFaults(h.emulator);
    const previewFault = (id: number, fault: PreviewFault | null) => scope.previewAsync(id, fault);
    for (const [index, fault] of faults.entries()) await previewFault(ids[index + 1]!.id, fault);
    try {
      for (let index = 0; index < 4; index++) await cards.nth(index).getByRole('checkbox').check();
      await ui.getByRole('button', { name: 'Insert 4' }).click();
      await waitForSummaryAsync(ui, /^Placed 1 reference on the canvas\. 3 could not be placed: .*15 seconds/);
    } finally {
      for (const index of [1, 2, 3]) await previewFault(ids[index]!.id, null);
    }
    const bar = ui.getByTestId('insert-status');
    const dismiss = bar.getByRole('button', { name: 'Dismiss' });
    const sizes = () =>
      dismiss.evaluate((element) => {
        const view = element.closest('main')!.getBoundingClientRect();
        const shown = element.getBoundingClientRect();
        return {
          dismissHiddenPx: Math.max(0, view.top - shown.top) + Math.max(0, shown.bottom - view.bottom),
          barShare: document.querySelector('[data-testid="insert-status"]')!.getBoundingClientRect().height / view.height,
        };
      });
    const { dismissHiddenPx, barShare } = await sizes();
    expect(dismissHiddenPx).toBe(0);
    // The grid stays in sight above it.
    expect(barShare).toBeLessThanOrEqual(0.5);
    // The whole summary is there, read by scrolling it with the keyboard: Shift+Tab from Dismiss reaches it.
    const text = bar.locator('.insert-text');
    await dismiss.focus();
    await h.page.keyboard.press('Shift+Tab');
    expect(await text.evaluate((element) => [element.scrollHeight > element.clientHeight, element === document.activeElement])).toEqual([true, true]);
    await h.page.keyboard.press('End');
    await expect.poll(() => text.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    await h.page.keyboard.press('Tab');
    expect(await focusedAsync(ui)).toBe('Dismiss');
    expect((await sizes()).dismissHiddenPx).toBe(0);
    await checkAxeAsync(ui, 'a long summary in the smallest window (light)');
  });

  it('in the smallest window, keeps Insert on canvas in sight above the summary of its failed placing, by keyboard (the bar covered it, focus and all)', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'dark');
    const email = await findableEmailAsync(TALL_EMAIL_IDS);
    await openEmailAsync(ui, email.data);
    await smallestWindowAsync(h.page, ui);
    const scope = emulatorFaults(h.emulator);
    const previewFault = (fault: PreviewFault | null) => scope.previewAsync(email.data.id, fault);
    await previewFault('404');
    try {
      const insert = ui.getByRole('button', { name: 'Insert on canvas' });
      await insert.focus();
      await h.page.keyboard.press('Enter');
      // One email: which one failed and why, plainly (it said “Nothing was placed on the canvas. 1 could not be placed: …”).
      await waitForSummaryAsync(ui, new RegExp(`^${escapeRegExp(`${email.data.brand.name} — ${email.data.subject_line} could not be placed. The screenshot could not be loaded: the library has no screenshot at its address.`)}Dismiss$`));
      expect(await focusedAsync(ui)).toBe('Insert on canvas');
      // A one-email summary fits whole, without scrolling, so it is no Tab stop of its own (it scrolled by 40 px or so).
      const summary = ui.getByTestId('insert-status').locator('.insert-text');
      expect(await summary.evaluate((element) => ({ overflowPx: element.scrollHeight - element.clientHeight, tabIndex: element.tabIndex }))).toEqual({ overflowPx: 0, tabIndex: -1 });
      /** How much of the focused element the bar or the screen's edges hide, in px (0: all of it shows). */
      const hiddenPx = () =>
        ui.evaluate(() => {
          const shown = document.activeElement!.getBoundingClientRect();
          const view = document.querySelector('main')!.getBoundingClientRect();
          const bar = document.querySelector('[data-testid="insert-status"]')!.getBoundingClientRect();
          return Math.max(0, view.top - shown.top) + Math.max(0, shown.bottom - Math.min(view.bottom, bar.top));
        });
      expect(await hiddenPx()).toBe(0);
      // Shift+Tab back from Dismiss to the screenshot's controls: they show above the bar too.
      await ui.getByTestId('insert-status').getByRole('button', { name: 'Dismiss' }).focus();
      await h.page.keyboard.press('Shift+Tab');
      expect(await ui.evaluate(() => document.activeElement!.closest('[data-testid="insert-status"]') !== null)).toBe(false);
      expect(await hiddenPx()).toBe(0);
      // And it can be tried again from there once the screenshot is back.
      await previewFault(null);
      await insert.focus();
      await h.page.keyboard.press('Enter');
      await waitForSummaryAsync(ui, /^Placed 1 reference on the canvas\./);
      expect(await hiddenPx()).toBe(0);
    } finally {
      await previewFault(null);
    }
  });

  it('Dismiss after placing every selected email gives the focus back to the grid’s card, where the placing left it (it fell out of the window: Insert 1 had gone)', async () => {
    const ui = await openBrowseOnCurrentPageAsync(h, 'light');
    const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem');
    await cards.nth(1).getByRole('checkbox').focus();
    await h.page.keyboard.press('Space');
    const insert = ui.getByRole('group', { name: 'Selected emails' }).getByRole('button', { name: 'Insert 1' });
    // A busy machine (as in CI): the window's next frame comes seconds late. The focus must not wait
    // for it: meanwhile it sat on the page, where a key pressed was lost (seen once in CI).
    await ui.evaluate(() => {
      const frame = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (callback) => frame(() => setTimeout(() => callback(performance.now()), 3000));
    });
    await insert.focus();
    await h.page.keyboard.press('Enter');
    await waitForSummaryAsync(ui, /^Placed 1 reference on the canvas\./);
    // Placed: the selection and its Insert 1 are gone, and the focus is back on the grid.
    expect(await insert.count()).toBe(0);
    const whereLeft = await focusedAsync(ui);
    expect(whereLeft).toMatch(/^card \d+$/);
    // The person goes on to the bar's Dismiss, then presses it.
    const dismiss = ui.getByTestId('insert-status').getByRole('button', { name: 'Dismiss' });
    await dismiss.focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => dismiss.isVisible()).toBe(false);
    expect(await focusedAsync(ui)).toBe(whereLeft);
  });
});

async function checkAxeAsync(ui: Frame, what: string): Promise<void> {
  expect(await axeViolationsAsync(ui), what).toEqual([]);
}

