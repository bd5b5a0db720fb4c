// An accessibility sweep of the screens and states the other browser tests do not check under
// axe in both themes: Settings with each message, Sync before it is linked and when the builder
// fails, Templates (list, empty, rename, confirm delete, errors), Browse's states (no match,
// errors, the 429 wait, brands, journeys, Me, requests and their outcomes, an email that is gone,
// an email without its HTML) and the boot error. Each is reached as a person would (roles,
// labels, visible text); the emulator's fault hooks only set up the errors. Then a keyboard walk:
// Tab reaches every control of a screen, each with a visible focus.
import type { Frame } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolationsAsync } from './support/axe';
import { evaluateHooks, startHarnessAsync, textOf, type Harness } from './support/playground-harness';
import { readyUiAsync } from './support/sync-steps';

let h: Harness;

beforeAll(async () => {
  h = await startHarnessAsync();
});

afterAll(async () => {
  await h?.closeAsync();
});

type Theme = 'light' | 'dark';
type Api = 'library' | 'builder';

/** A fresh world (demo document, empty storage, the emulator's seed) opened on a menu command. */
async function openAsync(theme: Theme, query: string): Promise<Frame> {
  await h.openFreshAsync(`?theme=${theme}&${query}`);
  return readyUiAsync(h);
}

async function faultsAsync(api: Api, faults: { rate: number; kinds?: string[]; slow_ms?: number; seed?: number }): Promise<void> {
  const response = await fetch(`${api === 'library' ? h.emulator.libraryUrl : h.emulator.builderUrl}/_emulator/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(faults),
  });
  expect(response.ok).toBe(true);
}

/**
 * Messages a screen reader would hear twice: a live region (status, alert, aria-live) inside
 * another, or the same words in a status and in an alert.
 */
function doubleAnnouncementsAsync(ui: Frame): Promise<string[]> {
  return ui.evaluate(() => {
    const live = '[role="status"], [role="alert"], [role="log"], [aria-live]:not([aria-live="off"])';
    const regions = [...document.querySelectorAll(live)].filter((region) => region.getClientRects().length > 0 && (region.textContent ?? '').trim() !== '');
    const problems: string[] = [];
    for (const region of regions) {
      const outer = region.parentElement?.closest(live);
      if (outer) problems.push(`“${(region.textContent ?? '').trim().slice(0, 60)}” is in a live region inside another`);
    }
    const said = (role: string) => regions.filter((region) => region.getAttribute('role') === role).map((region) => (region.textContent ?? '').trim());
    const alerts = said('alert');
    for (const text of said('status')) if (alerts.includes(text)) problems.push(`“${text.slice(0, 60)}” is both a status and an alert`);
    return problems;
  });
}

/** axe's WCAG 2.2 AA violations and doubled announcements on what the window shows now, reported under the state's name (all states of a test are reported, not only the first). */
async function checkAxeAsync(ui: Frame, what: string): Promise<void> {
  expect.soft(await axeViolationsAsync(ui), what).toEqual([]);
  expect.soft(await doubleAnnouncementsAsync(ui), `announcements: ${what}`).toEqual([]);
}

/**
 * Text fields, menus and checkboxes whose edge does not stand out from what is behind them by
 * 3:1 (WCAG 1.4.11), neither by their border nor by their own fill. axe does not check this.
 */
function weakBoundariesAsync(ui: Frame): Promise<string[]> {
  return ui.evaluate(() => {
    type Rgba = [number, number, number, number];
    const probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    // The browser's own parser turns any computed colour (color(srgb …) from color-mix too) into pixels.
    const rgba = (css: string): Rgba => {
      probe.clearRect(0, 0, 1, 1);
      probe.fillStyle = '#000';
      probe.fillStyle = css;
      probe.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const over = (top: Rgba, below: Rgba): Rgba => [0, 1, 2].map((i) => top[i]! * top[3] + below[i]! * (1 - top[3])).concat(1) as Rgba;
    const behind = (element: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let at = element; at; at = at.parentElement) layers.push(rgba(getComputedStyle(at).backgroundColor));
      return layers.reverse().reduce((below, top) => over(top, below), [255, 255, 255, 1] as Rgba);
    };
    const luminance = ([r, g, b]: Rgba) => [r, g, b].map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)).reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
    const contrast = (a: Rgba, b: Rgba) => {
      const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (high! + 0.05) / (low! + 0.05);
    };
    const weak: string[] = [];
    document.querySelectorAll('input:not([type="checkbox"]):not([type="radio"]):not([type="range"]), select, textarea').forEach((element) => {
      if (element.getClientRects().length === 0 || (element as HTMLInputElement).disabled) return;
      const style = getComputedStyle(element);
      const outside = behind(element.parentElement);
      const fill = over(rgba(style.backgroundColor), outside);
      const edge = parseFloat(style.borderTopWidth) > 0 ? over(rgba(style.borderTopColor), outside) : fill;
      const best = Math.max(contrast(edge, outside), contrast(fill, outside));
      if (best < 3) weak.push(`${element.tagName.toLowerCase()}#${element.id} ${best.toFixed(2)}:1`);
    });
    return weak;
  });
}

async function checkBoundariesAsync(ui: Frame, what: string): Promise<void> {
  expect.soft(await weakBoundariesAsync(ui), `field boundaries: ${what}`).toEqual([]);
}

/** Where the keyboard is in the window: the element's tag and name, or "body" when the focus was lost. */
function focusedAsync(ui: Frame): Promise<string> {
  return ui.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    return `${active.tagName.toLowerCase()} ${active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40) ?? ''}`;
  });
}

interface WalkResult {
  /** Controls on screen that Tab never reached. */
  missed: string[];
  /** Controls Tab reached that showed no focus (no outline, no box-shadow). */
  unmarked: string[];
  /** What Tab reached, in order (to read a failure by). */
  order: string[];
}

/**
 * Starts from the top of the window and presses Tab until the focus leaves it or comes round
 * again, noting each control reached and whether it shows a focus ring; then compares with every
 * visible, enabled control in the window.
 */
async function keyboardWalkAsync(ui: Frame): Promise<WalkResult> {
  const controls = await ui.evaluate(() => {
    const selector = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden' && !element.closest('[hidden], [inert]');
    };
    const names: string[] = [];
    document.querySelectorAll(selector).forEach((element, index) => {
      element.removeAttribute('data-walk');
      if ((element as HTMLButtonElement).disabled || !visible(element)) return;
      if (element.matches('[tabindex="-1"]')) return;
      element.setAttribute('data-walk', String(index));
      names.push(`${index} ${element.tagName.toLowerCase()} ${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''}`);
    });
    // Tab starts after the focused element, even a blurred one: start from the window's top.
    const start = document.createElement('span');
    start.tabIndex = -1;
    start.setAttribute('data-walk-start', '');
    document.body.prepend(start);
    start.focus();
    return names;
  });
  const reached = new Set<string>();
  const unmarked: string[] = [];
  for (let press = 0; press < controls.length + 20; press++) {
    await h.page.keyboard.press('Tab');
    const at = await ui.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body || !document.hasFocus()) return null;
      const ringed = (element: Element) => {
        const style = getComputedStyle(element);
        return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
      };
      // A grid that keeps the focus itself marks its active cell or that cell's row instead (aria-activedescendant).
      const descendant = active.getAttribute('aria-activedescendant');
      let ring = ringed(active);
      for (let marked = descendant ? document.getElementById(descendant) : null; !ring && marked && marked !== active; marked = marked.parentElement) ring = ringed(marked);
      const walk = active.getAttribute('data-walk');
      return { id: walk === null ? `? ${active.tagName.toLowerCase()} ${active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40) ?? ''}` : walk, ring };
    });
    if (at === null) break;
    const name = controls.find((control) => control.startsWith(`${at.id} `)) ?? at.id;
    // A date field takes a Tab per part (day, month, year): the same control again in a row.
    if (name === [...reached].at(-1)) continue;
    if (reached.has(name)) break;
    reached.add(name);
    if (!at.ring) unmarked.push(name);
  }
  await ui.evaluate(() => document.querySelector('[data-walk-start]')?.remove());
  return { missed: controls.filter((control) => !reached.has(control)), unmarked, order: [...reached] };
}

async function checkKeyboardAsync(ui: Frame, what: string): Promise<void> {
  const { missed, unmarked, order } = await keyboardWalkAsync(ui);
  expect.soft({ missed, unmarked }, `keyboard walk: ${what}; Tab went ${order.join(' → ')}`).toEqual({ missed: [], unmarked: [] });
}

describe.each(['light', 'dark'] as const)('every screen and state, %s theme', (theme) => {
  it('Settings: saved, connected, a refused key, an unreachable host, an address refused', async () => {
    const ui = await openAsync(theme, 'demo-keys=1&command=settings');
    await ui.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await checkKeyboardAsync(ui, 'Settings');
    await checkBoundariesAsync(ui, 'Settings');

    await ui.getByTestId('settings-library-test').click();
    await expect.poll(() => textOf(ui.getByTestId('settings-library-result')), { timeout: 15_000 }).toMatch(/^Connected to the library: /);
    await checkAxeAsync(ui, 'Settings, connected');

    await ui.getByTestId('settings-builder-replace-key').click();
    await ui.getByTestId('settings-builder-key').fill('ef_not_a_real_key_123');
    await ui.getByTestId('settings-builder-save').click();
    await expect.poll(() => textOf(ui.getByTestId('settings-builder-result')), { timeout: 10_000 }).not.toBe('');
    await checkAxeAsync(ui, 'Settings, key saved');
    expect.soft(await focusedAsync(ui), 'focus after saving a key').not.toBe('body');
    await ui.getByTestId('settings-builder-test').click();
    await expect.poll(() => textOf(ui.getByTestId('settings-builder-result')), { timeout: 15_000 }).toContain('The builder API key was not accepted');
    await checkAxeAsync(ui, 'Settings, a refused key');

    await evaluateHooks(h.page, (hooks) => hooks.network.setMode('fail'));
    try {
      await ui.getByTestId('settings-library-test').click();
      await expect.poll(() => textOf(ui.getByTestId('settings-library-result')), { timeout: 20_000 }).toContain('Could not reach');
      await checkAxeAsync(ui, 'Settings, an unreachable host');
    } finally {
      await evaluateHooks(h.page, (hooks) => hooks.network.setMode('normal'));
    }

    await ui.getByTestId('settings-library-base-url').fill('http://example.com');
    await ui.getByTestId('settings-library-save').click();
    await expect.poll(() => textOf(ui.getByTestId('settings-library-base-url-error')), { timeout: 10_000 }).toContain('Keys are only sent over HTTPS');
    await checkAxeAsync(ui, 'Settings, an address refused');
    await checkKeyboardAsync(ui, 'Settings with its messages');
  });

  it('Sync: not linked, the builder failing, the history', async () => {
    let ui = await openAsync(theme, 'command=sync');
    await ui.getByTestId('sync-link-problem').waitFor();
    await checkAxeAsync(ui, 'Sync, not linked');
    await checkKeyboardAsync(ui, 'Sync, not linked');

    ui = await openAsync(theme, 'demo-keys=1&command=sync');
    await ui.getByTestId('sync-run').waitFor({ timeout: 30_000 });
    await faultsAsync('builder', { rate: 1, kinds: ['slow'], slow_ms: 3000, seed: 4 });
    try {
      await ui.getByTestId('sync-check').click();
      await ui.getByTestId('sync-progress').waitFor({ timeout: 10_000 });
      await checkAxeAsync(ui, 'Sync, comparing');
      expect.soft(await focusedAsync(ui), 'focus while comparing').not.toBe('body');
    } finally {
      await faultsAsync('builder', { rate: 0 });
    }
    await ui.getByTestId('sync-run').waitFor({ timeout: 30_000 });
    await evaluateHooks(h.page, (hooks) => hooks.network.setMode('fail'));
    try {
      await ui.getByTestId('sync-check').click();
      await ui.getByTestId('sync-error').waitFor({ timeout: 30_000 });
      await checkAxeAsync(ui, 'Sync, the builder unreachable');
      await checkKeyboardAsync(ui, 'Sync, the builder unreachable');
      await checkBoundariesAsync(ui, 'Sync');
    } finally {
      await evaluateHooks(h.page, (hooks) => hooks.network.setMode('normal'));
    }
    await ui.getByTestId('sync-check').click();
    await ui.getByTestId('sync-run').waitFor({ timeout: 30_000 });
    await ui.getByTestId('sync-run').click();
    await expect.poll(() => textOf(ui.getByTestId('sync-outcome')), { timeout: 30_000 }).toMatch(/^Sync done/);
    expect.soft(await focusedAsync(ui), 'focus after a sync').not.toBe('body');
    await ui.getByTestId('sync-history').getByText(/^Recent syncs/).click();
    await checkAxeAsync(ui, 'Sync, outcome and history open');
    await checkKeyboardAsync(ui, 'Sync, outcome and history');
  });

  it('Templates: the list, rename, confirm delete, empty, the builder failing', async () => {
    let ui = await openAsync(theme, 'demo-keys=1&command=templates');
    const list = ui.getByRole('list', { name: 'Templates in the workspace' });
    await list.waitFor({ timeout: 20_000 });
    await checkAxeAsync(ui, 'Templates, the list');
    await checkKeyboardAsync(ui, 'Templates, the list');
    await checkBoundariesAsync(ui, 'Templates');
    const first = list.getByRole('listitem').first();
    await first.getByRole('button', { name: /^Rename/ }).click();
    await ui.getByLabel('New name').waitFor();
    await checkAxeAsync(ui, 'Templates, rename');
    await h.page.keyboard.press('Escape');
    await first.getByRole('button', { name: /^Delete/ }).click();
    await first.getByRole('button', { name: 'Keep it' }).waitFor();
    await checkAxeAsync(ui, 'Templates, confirm delete');
    // Delete every template by the screen: the confirmation, then the empty list.
    for (let left = await list.getByRole('listitem').count(); left > 0; left--) {
      const item = list.getByRole('listitem').first();
      if ((await item.getByRole('button', { name: 'Keep it' }).count()) === 0) await item.getByRole('button', { name: /^Delete/ }).click();
      await item.getByRole('button', { name: /^Delete “/ }).last().click();
      await expect.poll(() => list.getByRole('listitem').count(), { timeout: 15_000 }).toBeLessThan(left);
      expect.soft(await focusedAsync(ui), 'focus after a deletion').not.toBe('body');
    }
    await checkAxeAsync(ui, 'Templates, empty');

    // A frame selected on the canvas, saved while the builder asks to slow down.
    await h.page.locator('[data-role="pages"] li', { hasText: 'Emails' }).click();
    await h.page.locator('[data-role="layers"] li[data-depth="0"]', { hasText: 'Spring sale' }).click();
    await expect.poll(() => ui.getByLabel('Template name').inputValue(), { timeout: 10_000 }).not.toBe('');
    await checkKeyboardAsync(ui, 'Templates, a frame selected');
    await faultsAsync('builder', { rate: 1, kinds: ['429'], seed: 5 });
    try {
      await ui.getByRole('button', { name: 'Save as template' }).click();
      await expect.poll(() => textOf(ui.getByRole('alert').first()), { timeout: 30_000 }).toContain('too many requests');
      await checkAxeAsync(ui, 'Templates, a save refused (429)');
      expect.soft(await focusedAsync(ui), 'focus after a refused save').not.toBe('body');
    } finally {
      await faultsAsync('builder', { rate: 0 });
    }

    await evaluateHooks(h.page, (hooks) => hooks.network.setMode('fail'));
    try {
      await evaluateHooks(h.page, (hooks) => hooks.relaunchAsync());
      ui = await readyUiAsync(h);
      await ui.getByRole('button', { name: 'Try again' }).waitFor({ timeout: 30_000 });
      await checkAxeAsync(ui, 'Templates, the builder unreachable');
      await checkKeyboardAsync(ui, 'Templates, the builder unreachable');
    } finally {
      await evaluateHooks(h.page, (hooks) => hooks.network.setMode('normal'));
    }
  });

  it('Browse: no match, 503, the 429 wait, brands, journeys, Me, requests, an email gone', async () => {
    const ui = await openAsync(theme, 'demo-keys=1&command=browse');
    const emails = ui.getByRole('list', { name: 'Emails' });
    await emails.waitFor({ timeout: 20_000 });
    await checkKeyboardAsync(ui, 'Browse, search');
    await checkBoundariesAsync(ui, 'Browse, search');

    await ui.getByLabel('Search emails').fill('zzqx nothing matches this');
    await ui.getByTestId('library-empty').waitFor({ timeout: 10_000 });
    await checkAxeAsync(ui, 'Browse, no match');
    await ui.getByLabel('Search emails').fill('');
    await emails.waitFor({ timeout: 10_000 });

    const alert = ui.getByTestId('library-problem').getByRole('alert');
    await faultsAsync('library', { rate: 1, kinds: ['503'] });
    try {
      await ui.getByLabel('Category').selectOption({ label: 'Pets' });
      await expect.poll(() => textOf(alert), { timeout: 10_000 }).toContain('unavailable');
      await checkAxeAsync(ui, 'Browse, 503');
      await checkKeyboardAsync(ui, 'Browse, 503');
      await faultsAsync('library', { rate: 1, kinds: ['429'] });
      await ui.getByLabel('Category').selectOption({ label: 'Travel' });
      await expect.poll(() => textOf(alert), { timeout: 10_000 }).toMatch(/Trying again in/);
      await checkAxeAsync(ui, 'Browse, the 429 wait');
    } finally {
      await faultsAsync('library', { rate: 0 });
    }
    await emails.waitFor({ timeout: 10_000 });

    await ui.getByRole('button', { name: 'Brands', exact: true }).click();
    await ui.getByRole('list', { name: /brands/i }).first().waitFor({ timeout: 10_000 });
    await checkAxeAsync(ui, 'Browse, brands');
    await checkKeyboardAsync(ui, 'Browse, brands');

    await ui.getByRole('button', { name: 'Journeys', exact: true }).click();
    const journeys = ui.getByRole('list', { name: 'Brands with a journey' });
    await journeys.waitFor({ timeout: 10_000 });
    await checkAxeAsync(ui, 'Browse, journeys');
    await journeys.getByRole('button').first().click();
    await ui.getByLabel('Emails per stage').waitFor({ timeout: 10_000 });
    // The stages come after the journey's heading and options: the walk needs every control in place.
    await ui.getByRole('button', { name: 'Insert journey as board' }).waitFor({ timeout: 10_000 });
    await checkAxeAsync(ui, 'Browse, a journey');
    await checkKeyboardAsync(ui, 'Browse, a journey');

    await ui.getByRole('button', { name: 'Me', exact: true }).click();
    await ui.getByRole('heading', { name: /^Following/ }).waitFor({ timeout: 10_000 });
    await ui.getByRole('list', { name: 'Newest from followed brands' }).getByRole('listitem').first().waitFor({ timeout: 10_000 });
    await checkAxeAsync(ui, 'Browse, Me');
    await checkKeyboardAsync(ui, 'Browse, Me');

    await ui.getByRole('button', { name: 'Requests', exact: true }).click();
    const form = ui.getByRole('form', { name: 'Ask for a brand' });
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => textOf(form)).toContain('Enter the brand’s name.');
    await checkAxeAsync(ui, 'Browse, a request not filled in');
    await form.getByLabel('Brand', { exact: true }).fill('Adult Things');
    await form.getByLabel('Website').fill('adultthings.com');
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => textOf(ui.getByTestId('request-outcome')), { timeout: 10_000 }).toContain('does not collect adult content');
    await checkAxeAsync(ui, 'Browse, a request refused');
    await form.getByLabel('Brand', { exact: true }).fill('Envelope Sweep Brand');
    await form.getByLabel('Website').fill('envelopesweepbrand.com');
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => textOf(ui.getByTestId('request-outcome')), { timeout: 10_000 }).toMatch(/^Requested Envelope Sweep Brand\./);
    expect.soft(await focusedAsync(ui), 'focus after sending a request').not.toBe('body');
    await checkAxeAsync(ui, 'Browse, a request queued');
    await checkKeyboardAsync(ui, 'Browse, requests');
    await checkBoundariesAsync(ui, 'Browse, requests');

    // An email the brand had removed since the list was read: its detail says so.
    await ui.getByRole('button', { name: 'Emails', exact: true }).click();
    const travel = (await (await fetch(`${h.emulator.libraryUrl}/v1/emails?category=travel&per_page=50`)).json()) as { data: Array<{ id: number }> };
    await emails.getByRole('button').first().waitFor();
    expect((await fetch(`${h.emulator.libraryUrl}/_emulator/library/emails/${travel.data[0]!.id}/remove`, { method: 'POST' })).ok).toBe(true);
    await emails.getByRole('button').first().click();
    await ui.getByRole('alert').first().waitFor({ timeout: 10_000 });
    await checkAxeAsync(ui, 'Browse, an email gone');
    await checkKeyboardAsync(ui, 'Browse, an email gone');
  });

  it('Browse without a key: an email without its HTML, Me and Requests ask for the key', async () => {
    const ui = await openAsync(theme, 'command=browse');
    await ui.getByTestId('nav-settings').click();
    await ui.getByTestId('settings-library-base-url').fill(h.emulator.libraryUrl);
    await ui.getByTestId('settings-library-save').click();
    await expect.poll(() => textOf(ui.getByTestId('settings-library-result')), { timeout: 10_000 }).toContain('address saved');
    await ui.getByTestId('nav-browse').click();
    const emails = ui.getByRole('list', { name: 'Emails' });
    await emails.waitFor({ timeout: 20_000 });
    await emails.getByRole('button').first().click();
    await ui.getByRole('heading', { level: 2 }).waitFor({ timeout: 10_000 });
    await checkAxeAsync(ui, 'Browse, an email without a key');
    await checkKeyboardAsync(ui, 'Browse, an email without a key');
    await h.page.keyboard.press('Escape');
    await ui.getByRole('button', { name: 'Me', exact: true }).click();
    await ui.getByTestId('me-needs-key').waitFor();
    await checkAxeAsync(ui, 'Browse, Me without a key');
    await ui.getByRole('button', { name: 'Requests', exact: true }).click();
    await ui.getByTestId('requests-need-key').waitFor();
    await checkAxeAsync(ui, 'Browse, Requests without a key');
  });

  it('the boot error, and Try again', async () => {
    await h.openFreshAsync(`?theme=${theme}`);
    // The sandbox refuses a malformed app/init: the window says Envelope could not start.
    await evaluateHooks(h.page, (hooks) =>
      hooks.tamperWithUiMessages((message) => {
        const wire = message as { type?: string };
        return wire.type === 'app/init' ? { ...wire, payload: 'not an object' } : message;
      }),
    );
    try {
      await evaluateHooks(h.page, (hooks) => hooks.relaunchAsync());
      const ui = await h.uiFrameAsync();
      await ui.getByTestId('app-error').waitFor({ timeout: 20_000 });
      await checkAxeAsync(ui, 'the boot error');
      await checkKeyboardAsync(ui, 'the boot error');
    } finally {
      await evaluateHooks(h.page, (hooks) => hooks.tamperWithUiMessages(null));
    }
    const ui = await h.uiFrameAsync();
    await ui.getByTestId('app-retry').click();
    await ui.getByRole('navigation', { name: 'Envelope screens' }).waitFor({ timeout: 10_000 });
    expect.soft(await focusedAsync(ui), 'focus after Try again').not.toBe('body');
    await checkKeyboardAsync(ui, 'Start');
  });
});
