// The reference check through the playground, as a designer runs it: reference frames on two
// pages (the `?references=` fixture), an email removed from the emulator's library, then the
// menu command and the References button in Browse. Outcomes are checked where they land: the
// fake document (inspect hooks) and the library requests the plugin's window sent.
import { mkdirSync } from 'node:fs';
import type { Frame, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolationsAsync } from './support/axe';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { emulatorFaults } from './support/emulator-faults';
import { libraryControlAsync } from './support/library-read';

const h = useHarness();
let ids: number[];
let subjects: Map<number, { brand: string; subject_line: string }>;
const SHOTS = 'test-results/screenshots';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const list = (await (await fetch(`${h.emulator.libraryUrl}/v1/emails?per_page=3`)).json()) as { data: Array<{ id: number; brand: string; subject_line: string }> };
  ids = list.data.map((email) => email.id);
  subjects = new Map(list.data.map((email) => [email.id, email]));
});

/** Four references to three emails: the first email on both of the first two pages. */
const fixture = () => `references=${[ids[0], ids[1], ids[2], ids[0]].join(',')}`;

/** The email ids of the reference frames in the fake document, and their pages. */
function referencesInDocumentAsync(): Promise<Array<{ emailId: number; page: string }>> {
  return evaluateHooks(h.page, (hooks) => {
    const pageOf = (node: BaseNode): string => (node.type === 'PAGE' ? node.name : node.parent ? pageOf(node.parent) : '');
    return hooks
      .inspect()
      .allNodes()
      .filter((node) => node.getPluginData('reference') !== '')
      .map((node) => ({ emailId: (JSON.parse(node.getPluginData('reference')) as { emailId: number }).emailId, page: pageOf(node) }));
  });
}

/** Watches the plugin window's `GET /v1/emails/:id` requests (not the page's fixture fetches). */
function watchEmailRequests(): { urls: string[]; stop(): void } {
  const urls: string[] = [];
  const pattern = new RegExp(`^${h.emulator.libraryUrl.replace(/[.]/g, '\\.')}/v1/emails/\\d+$`);
  const watch = (request: Request) => {
    if (request.frame() !== h.page.mainFrame() && pattern.test(request.url())) urls.push(request.url());
  };
  h.page.on('request', watch);
  return { urls, stop: () => h.page.off('request', watch) };
}

const summary = (ui: Frame) => ui.getByTestId('references-summary');
const goneList = (ui: Frame) => ui.getByRole('list', { name: 'References to removed emails' });

/** The file's four references, the first email removed by its brand, checked from Browse → References: the screen with one removed. */
async function checkedWithOneRemovedAsync(theme: 'light' | 'dark'): Promise<Frame> {
  await libraryControlAsync(h.emulator.libraryUrl, 'reset');
  await h.openAsync(`?command=browse&demo-keys=1${theme === 'dark' ? '&theme=dark' : ''}&${fixture()}`);
  const ui = await h.uiFrameAsync();
  await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${ids[0]!}/remove`);
  await ui.getByRole('button', { name: 'References' }).click();
  await ui.getByRole('button', { name: 'Check references' }).click();
  await expect.poll(() => textOf(summary(ui)), { timeout: 30_000 }).toBe('4 references to 3 emails; 1 removed from the library.');
  return ui;
}

async function checkAxeAsync(ui: Frame, what: string): Promise<void> {
  expect(await axeViolationsAsync(ui), what).toEqual([]);
}

describe('reference check', () => {
  it('runs from the menu command: one library request per distinct email, the removed one listed with its pages', async () => {
    await libraryControlAsync(h.emulator.libraryUrl, 'reset');
    await h.openAsync(`?command=references&demo-keys=1&${fixture()}`);
    let ui = await h.uiFrameAsync();
    // Opened by the command, the check starts by itself; every email still exists.
    await expect.poll(() => textOf(summary(ui)), { timeout: 30_000 }).toBe('4 references to 3 emails; 0 removed from the library.');
    expect(await goneList(ui).count()).toBe(0);
    expect(await ui.getByRole('button', { name: 'References' }).getAttribute('aria-current')).toBe('page');

    // The brand asks for removal; the designer runs the command again.
    await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${ids[0]!}/remove`);
    const requests = watchEmailRequests();
    try {
      await evaluateHooks(h.page, (hooks) => hooks.relaunchAsync());
      ui = await h.uiFrameAsync();
      await expect.poll(() => textOf(summary(ui)), { timeout: 30_000 }).toBe('4 references to 3 emails; 1 removed from the library.');
      expect(requests.urls.length).toBe(3);
      expect(new Set(requests.urls.map((url) => Number(url.split('/').pop())))).toEqual(new Set(ids));
    } finally {
      requests.stop();
    }
    const rows = goneList(ui).getByRole('listitem');
    expect(await rows.count()).toBe(2);
    const email = subjects.get(ids[0]!)!;
    const texts = await rows.allTextContents();
    for (const text of texts) expect(text).toContain(`${email.brand}: ${email.subject_line}`);
    expect(texts.some((text) => text.includes('On page “Cover”'))).toBe(true);
    expect(texts.some((text) => text.includes('On page “Components”'))).toBe(true);
    await checkAxeAsync(ui, 'reference check result, light');
  });

  it('runs from the References button in Browse, shows a reference on the canvas, and removes them on confirmation', async () => {
    const ui = await checkedWithOneRemovedAsync('light');
    // The button stayed (busy) while checking: the focus is still on it.
    await expect.poll(() => ui.evaluate(() => document.activeElement?.textContent)).toBe('Check again');
    await checkAxeAsync(ui, 'reference check, light');
    await h.page.screenshot({ path: `${SHOTS}/reference-check-light.png` });

    // Show: the reference's page becomes current, the frame selected.
    const email = subjects.get(ids[0]!)!;
    const showButtons = goneList(ui).getByRole('button', { name: `Show ${email.brand}: ${email.subject_line} on page` });
    await showButtons.nth(1).click();
    await expect
      .poll(() => evaluateHooks(h.page, (hooks) => ({ page: hooks.fake().figma.currentPage.name, selected: hooks.fake().figma.currentPage.selection.length })), { timeout: 10_000 })
      .toEqual({ page: 'Components', selected: 1 });

    // Removing asks first; Cancel keeps everything, by keyboard.
    await ui.getByRole('button', { name: 'Remove 2 references' }).click();
    const confirm = ui.getByRole('group', { name: /^Remove 2 references from this file\?/ });
    await expect.poll(() => textOf(confirm), { timeout: 10_000 }).toContain('Remove 2 references from this file?');
    await checkAxeAsync(ui, 'removal confirmation, light');
    await h.page.screenshot({ path: `${SHOTS}/reference-check-confirm-light.png` });
    await h.page.keyboard.press('Escape');
    expect(await confirm.count()).toBe(0);
    await expect.poll(() => ui.evaluate(() => document.activeElement?.textContent)).toBe('Remove 2 references');
    expect((await referencesInDocumentAsync()).length).toBe(4);

    await ui.getByRole('button', { name: 'Remove 2 references' }).click();
    await confirm.getByRole('button', { name: 'Remove 2 references' }).click();
    await expect.poll(() => textOf(ui.getByTestId('references-removal')), { timeout: 10_000 }).toBe('Removed 2 references (one undo step in Figma).');
    // The summary counts what the file has now, not what the check found, and says the removed
    // email’s references went (“0 removed from the library” read as if the check had found none).
    await expect.poll(() => textOf(summary(ui)), { timeout: 10_000 }).toBe('2 references to 2 emails; the references to the email removed from the library were removed.');
    // The confirmation went with the list: the focus is on what happened, not lost to the page.
    await expect.poll(() => ui.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('references-removal');
    const left = await referencesInDocumentAsync();
    expect(left.map((reference) => reference.emailId).sort()).toEqual([ids[1]!, ids[2]!].sort());
    expect(left.map((reference) => reference.page).sort()).toEqual(['Components', 'Cover']);
  });

  it('waits out a 429, asks about every email again on a second check, and never counts a failure as removed', async () => {
    const faults = emulatorFaults(h.emulator);
    await libraryControlAsync(h.emulator.libraryUrl, 'reset');
    await h.openAsync(`?command=browse&demo-keys=1&${fixture()}`);
    const ui = await h.uiFrameAsync();
    await libraryControlAsync(h.emulator.libraryUrl, `library/emails/${ids[0]!}/remove`);
    await faults.setAsync({ rate: 1, kinds: ['429'] });
    try {
      await ui.getByRole('button', { name: 'References' }).click();
      await ui.getByRole('button', { name: 'Check references' }).click();
      // 30 s, as the summary's: under a loaded CI run the progress once had not come in 15 s.
      await expect.poll(() => textOf(ui.getByTestId('references-progress')), { timeout: 30_000 }).toMatch(/^The library asked us to slow down \(0 of 3 emails checked\)\.Asking again in \d seconds?\./);
    } finally {
      await faults.clearAsync();
    }
    await expect.poll(() => textOf(summary(ui)), { timeout: 30_000 }).toBe('4 references to 3 emails; 1 removed from the library.');

    // Checked again while the library fails: every email is asked about again (an answer kept
    // from the first check could be out of date: see references-check-again-asks); none can be
    // answered, and the removed one is not called removed.
    const requests = watchEmailRequests();
    await faults.setAsync({ rate: 1, kinds: ['503'] });
    try {
      await ui.getByRole('button', { name: 'Check again' }).click();
      await expect
        .poll(() => textOf(summary(ui)), { timeout: 30_000 })
        .toBe('4 references to 3 emails. Couldn’t check 3 emails: The library is unavailable right now. Try again in a little while. They are not counted as removed.');
      expect(new Set(requests.urls)).toEqual(new Set(ids.map((id) => `${h.emulator.libraryUrl}/v1/emails/${id}`)));
      expect(await goneList(ui).count()).toBe(0);
    } finally {
      requests.stop();
      await faults.setAsync({ rate: 0 });
    }
  });

  it('stops checking from the keyboard: the focus stays on the check’s button, not lost to the page', async () => {
    const faults = emulatorFaults(h.emulator);
    await libraryControlAsync(h.emulator.libraryUrl, 'reset');
    await h.openAsync(`?command=browse&demo-keys=1&${fixture()}`);
    const ui = await h.uiFrameAsync();
    await faults.setAsync({ rate: 1, kinds: ['429'] });
    try {
      await ui.getByRole('button', { name: 'References' }).click();
      await ui.getByRole('button', { name: 'Check references' }).click();
      await expect.poll(() => textOf(ui.getByTestId('references-progress')), { timeout: 15_000 }).toMatch(/^The library asked us to slow down/);
      await ui.getByRole('button', { name: 'Stop checking' }).focus();
      await h.page.keyboard.press('Enter');
      await expect.poll(() => textOf(summary(ui)), { timeout: 10_000 }).toMatch(/^4 references to 3 emails\. Couldn’t check 3 emails/);
    } finally {
      await faults.clearAsync();
    }
    await expect.poll(() => ui.evaluate(() => document.activeElement?.textContent)).toBe('Check again');
  });

  it('says when the file has no references (dark theme, clean under axe)', async () => {
    await h.openAsync('?command=references&demo-keys=1&theme=dark');
    const ui = await h.uiFrameAsync();
    await expect.poll(() => textOf(summary(ui)), { timeout: 30_000 }).toBe('No library references in this file.');
    await checkAxeAsync(ui, 'no references, dark');
  });

  it('shows the removed emails’ references in dark, clean under axe', async () => {
    const ui = await checkedWithOneRemovedAsync('dark');
    await checkAxeAsync(ui, 'reference check, dark');
    await h.page.screenshot({ path: `${SHOTS}/reference-check-dark.png` });
  });

  it('says in words when Show selects a reference that is hidden, or inside a hidden frame (dark, clean under axe)', async () => {
    const ui = await checkedWithOneRemovedAsync('dark');
    // The designer hid the reference on the Components page in Figma, then the frame holding the one on Cover.
    const email = subjects.get(ids[0]!)!;
    const name = `${email.brand}: ${email.subject_line}`;
    await evaluateHooks(h.page, (hooks, emailId) => {
      const references = hooks
        .inspect()
        .allNodes()
        .filter((node) => node.getPluginData('reference') !== '' && (JSON.parse(node.getPluginData('reference')) as { emailId: number }).emailId === emailId) as FrameNode[];
      hooks.inspect().run(() => {
        for (const reference of references) {
          let page: BaseNode = reference;
          while (page.type !== 'PAGE') page = page.parent!;
          if (page.name === 'Components') reference.visible = false;
          else {
            const moodboard = hooks.fake().figma.createFrame();
            moodboard.name = 'Moodboard';
            (page as PageNode).appendChild(moodboard);
            moodboard.appendChild(reference);
            moodboard.visible = false;
          }
        }
      });
    }, ids[0]!);
    const showButtons = goneList(ui).getByRole('button', { name: `Show ${name} on page` });
    // What Show found is said under its row.
    const shown = goneList(ui).getByRole('status').filter({ hasText: 'is selected but' });
    await showButtons.nth(1).click();
    await expect.poll(() => textOf(shown), { timeout: 10_000 }).toBe(`“${name}” is selected but hidden, so it does not show on the canvas. Press ⇧⌘H (Ctrl+Shift+H) in Figma to show it.`);
    await checkAxeAsync(ui, 'hidden reference shown, dark');
    await showButtons.nth(0).click();
    await expect.poll(() => textOf(shown), { timeout: 10_000 }).toBe(`“${name}” is selected but inside the hidden layer “Moodboard”, so it does not show on the canvas. Show “Moodboard” in Figma’s Layers panel to see it.`);
    // Hidden itself too: both are said, or showing the frame would still leave nothing to see.
    await evaluateHooks(h.page, (hooks) => {
      const moodboard = hooks.inspect().allNodes().find((node) => node.name === 'Moodboard') as FrameNode;
      hooks.inspect().run(() => (moodboard.children[0]!.visible = false));
    });
    await showButtons.nth(0).click();
    await expect
      .poll(() => textOf(shown), { timeout: 10_000 })
      .toBe(`“${name}” is selected but hidden, and inside the hidden layer “Moodboard”, so it does not show on the canvas. Press ⇧⌘H (Ctrl+Shift+H) in Figma to show it, and show “Moodboard” in the Layers panel.`);
    await checkAxeAsync(ui, 'hidden reference in a hidden frame shown, dark');
  });
});
