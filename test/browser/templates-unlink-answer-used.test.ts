// Templates: "Unlink the frame" beside a rename refused because a teammate deleted the template
// repeated the save section's Unlink in a weaker form. It showed nothing while it ran, threw away
// the selection the unlink answers with and asked for it again, and said a failure above the list
// in the failure's own words alone ("Envelope could not read what this window sent…"), not that it
// was the unlink that failed, even with the row in sight. Now both share one unlink: its button is
// busy while it runs, the answered selection is shown, and a failure says which frame could not be
// unlinked, in the row while it is drawn, above the list otherwise, and in the save section alike.
// The failure is the sandbox's own: a fault rewrites the window's unlink on its way into one it cannot read.
import { describe, expect, it } from 'vitest';
import { bridgeText } from '../../src/shared/bridge/bridge-text';
import { DEMO_EMAIL_NAME } from '../fixtures/demo-document';
import { checkAxeAsync } from './support/a11y-checks';
import { holdRequestsAsync } from './support/hold-requests';
import { evaluateHooks, textOf, useHarness } from './support/playground-harness';
import { allAnsweredAsync, demoEmailSavedAsync, frameUnlinkedAsync, linkedTemplateDeletedElsewhereAsync, requestsToSandboxAsync, sentThenHiddenAsync } from './support/templates-steps';
import { refuseRequestsAsync } from './support/refused-requests';

const h = useHarness();
const NAME = DEMO_EMAIL_NAME;
const GONE = /^The template “.*” is no longer in the builder: it has been deleted\./;
const SAID = `“${NAME}” was already deleted elsewhere. The frame “${NAME}” is no longer linked to it. `;
const FAILED = `The frame “${NAME}” could not be unlinked: ${bridgeText.invalidRequest}`;

/** From now on, the sandbox refuses each unlink as malformed (`on` false: as the window sent it). */
const unlinksRefusedAsync = (on: boolean) => refuseRequestsAsync(h.page, 'templates/unlink', on);

describe('Templates: Unlink the frame beside a rename refused as its template is gone', () => {
  it('is busy while the unlink runs, and shows the selection it answered with: the selection is not asked for again (light)', async () => {
    const { ui, region, row, save } = await linkedTemplateDeletedElsewhereAsync(h, 'light');
    await save.click();
    await expect.poll(() => textOf(row.getByRole('alert')), { timeout: 20_000 }).toMatch(GONE);
    const selections = await requestsToSandboxAsync(h, 'templates/selection');
    const unlink = row.getByRole('button', { name: 'Unlink the frame' });
    // The sandbox is busy (a fault): the unlink waits on its way.
    await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(true));
    let busyOnItsWay: string | null;
    try {
      await unlink.focus();
      await h.page.keyboard.press('Enter');
      await ui.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
      busyOnItsWay = await unlink.getAttribute('aria-busy');
      await checkAxeAsync(ui, 'Templates, Unlink the frame on its way, light');
    } finally {
      await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(false));
    }
    await expect.poll(() => textOf(region.getByRole('status').filter({ hasText: 'no longer linked' })), { timeout: 20_000 }).toBe(SAID);
    await frameUnlinkedAsync(ui);
    await allAnsweredAsync(h, ui);
    expect(await requestsToSandboxAsync(h, 'templates/selection'), 'selections asked for after the unlink answered with one').toBe(selections);
    expect(busyOnItsWay, 'Unlink the frame while the unlink was on its way').toBe('true');
  });

  it('a failure is said in the row, of the frame, with Unlink the frame kept to try again (dark)', async () => {
    const { ui, section, region, row, save } = await linkedTemplateDeletedElsewhereAsync(h, 'dark');
    await save.click();
    await expect.poll(() => textOf(row.getByRole('alert')), { timeout: 20_000 }).toMatch(GONE);
    await unlinksRefusedAsync(true);
    try {
      const unlink = row.getByRole('button', { name: 'Unlink the frame' });
      await unlink.focus();
      await h.page.keyboard.press('Enter');
      await expect.poll(() => textOf(row.getByRole('alert')), { timeout: 20_000 }).toBe(FAILED);
      expect(await region.getByRole('alert').count(), 'said in the row alone').toBe(1);
      // Still linked: Update is offered, and so is the unlink again, the keyboard still on it.
      expect(await section.getByRole('button', { name: 'Update template' }).count()).toBe(1);
      expect(await ui.evaluate(() => document.activeElement?.textContent)).toBe('Unlink the frame');
      await checkAxeAsync(ui, 'Templates, a row’s unlink failed, dark');
    } finally {
      await unlinksRefusedAsync(false);
    }
    await h.page.keyboard.press('Enter');
    await expect.poll(() => textOf(region.getByRole('status').filter({ hasText: 'no longer linked' })), { timeout: 20_000 }).toBe(SAID);
    await frameUnlinkedAsync(ui);
  });

  it('pressed in the row, its failure is said above the list once the filter hid the row meanwhile (dark)', async () => {
    const { ui, region, list, row, save, filter } = await linkedTemplateDeletedElsewhereAsync(h, 'dark');
    await save.click();
    await expect.poll(() => textOf(row.getByRole('alert')), { timeout: 20_000 }).toMatch(GONE);
    await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(true));
    await unlinksRefusedAsync(true);
    try {
      await row.getByRole('button', { name: 'Unlink the frame' }).click();
      // While it is on its way, the designer filters the list to another template.
      await filter.fill('Monthly');
      await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
      await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(false));
      await expect.poll(() => textOf(region.getByRole('alert')), { timeout: 20_000 }).toBe(FAILED);
      expect(await region.getByRole('button', { name: 'Unlink the frame' }).count()).toBe(1);
      await checkAxeAsync(ui, 'Templates, a row’s unlink failed once the filter hid it, dark');
    } finally {
      await evaluateHooks(h.page, (hooks) => hooks.freezeSandbox(false));
      await unlinksRefusedAsync(false);
    }
  });

  it('a failure for a row the filter hid is said above the list, of the frame (light)', async () => {
    const { ui, region, list, save, filter } = await linkedTemplateDeletedElsewhereAsync(h, 'light');
    const held = await holdRequestsAsync(h.page, h.emulator.builderUrl, (url) => url.pathname.startsWith('/api/templates/'));
    await sentThenHiddenAsync({ list, filter }, held, () => save.click());
    await held.releaseAsync();
    await expect.poll(() => textOf(region.getByRole('alert')), { timeout: 20_000 }).toMatch(new RegExp(`^Renaming “${NAME}”: `));
    await unlinksRefusedAsync(true);
    try {
      await region.getByRole('button', { name: 'Unlink the frame' }).click();
      await expect.poll(() => textOf(region.getByRole('alert')), { timeout: 20_000 }).toBe(FAILED);
      expect(await region.getByRole('button', { name: 'Unlink the frame' }).count()).toBe(1);
      await checkAxeAsync(ui, 'Templates, a hidden row’s unlink failed, light');
    } finally {
      await unlinksRefusedAsync(false);
    }
  });
});

describe('Templates: the save section’s Unlink failing', () => {
  it('says which frame could not be unlinked, as the row does (dark)', async () => {
    const { ui, section } = await demoEmailSavedAsync(h, 'dark');
    await unlinksRefusedAsync(true);
    try {
      await section.getByRole('button', { name: 'Unlink', exact: true }).click();
      await expect.poll(() => textOf(section.getByRole('alert')), { timeout: 20_000 }).toBe(`“${NAME}” could not be unlinked: ${bridgeText.invalidRequest}`);
      expect(await section.getByRole('button', { name: 'Update template' }).count()).toBe(1);
      await checkAxeAsync(ui, 'Templates, the save section’s unlink failed, dark');
    } finally {
      await unlinksRefusedAsync(false);
    }
  });
});
