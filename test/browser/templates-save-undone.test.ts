// Templates: ⌘Z right after a save takes back the frame's link (part of the file's undo history),
// not the template the save made in the builder. The frame read as never saved, and saving it
// again made a second template. Now it says so at once and offers to link the frame to it again. The real
// dist/ui.html and dist/code.js in the playground; ⌘Z is the fake Figma's (the playground has no
// button of its own), the selection the person's.
import { describe, expect, it } from 'vitest';
import { DEMO_EMAIL_NAME } from '../fixtures/demo-document';
import { checkAxeAsync } from './support/a11y-checks';
import { evaluateHooks, textOf, useHarness } from './support/playground-harness';
import { builderAsync, builderControlAsync, changeFrameFillAsync, demoEmailSavedAsync, selectLayerAsync } from './support/templates-steps';

const h = useHarness();

const undoAsync = () => evaluateHooks(h.page, (hooks) => hooks.fake().figma.triggerUndo());
/** The demo email's link as the fake document holds it ('' when none). */
const storedLinkAsync = () =>
  evaluateHooks(h.page, (hooks) => {
    const fake = hooks.fake();
    return fake.inspect.run(() => {
      const frame = fake.figma.root.findAllWithCriteria({ types: ['FRAME'] }).find((node) => node.name === 'Spring sale — 2026-03-18');
      return frame?.getPluginData('templateLink') ?? '';
    });
  });

/**
 * Saved, then ⌘Z. `noticed`: how the window comes to know: by itself (the frame's link changed,
 * which the page's nodechange tells though the selection did not change), or, as well, as the
 * person selects another layer and the frame again (the offer must stand through that read too).
 */
async function savedThenUndoneAsync(theme: 'light' | 'dark', noticed: 'by itself' | 'selected again') {
  const { ui, section } = await demoEmailSavedAsync(h, theme);
  const templates = (await builderAsync<unknown[]>(h, '/templates?per_page=100')).meta.total;
  const linked = await storedLinkAsync();
  expect(linked).not.toBe('');
  await undoAsync();
  expect(await storedLinkAsync()).toBe('');
  if (noticed === 'selected again') {
    await selectLayerAsync(h.page, 'Cover', 'Cover');
    await selectLayerAsync(h.page, 'Emails', DEMO_EMAIL_NAME);
  }
  const offer = ui.getByTestId('templates-undone-save');
  await expect.poll(() => textOf(offer), { timeout: 20_000 }).toContain(`This frame was saved as the template “${DEMO_EMAIL_NAME}”, but is no longer linked to it (undo took the link back, or this file is a copy made before that save).`);
  return { ui, section, offer, templates, linked };
}

describe('Templates: ⌘Z after a save', () => {
  it('offers, with nothing else done, to link the frame to the template its save made; linked again, no second template is made (light)', async () => {
    const { ui, section, offer, templates, linked } = await savedThenUndoneAsync('light', 'by itself');
    // Update template went with the link: Enter there would only have been refused.
    expect(await section.getByRole('button', { name: 'Update template' }).count()).toBe(0);
    await checkAxeAsync(ui, 'a save undone, light');
    // From the keyboard: the button goes with the offer, and the keyboard comes to Update template.
    await offer.getByRole('button', { name: `Link this frame to “${DEMO_EMAIL_NAME}” again` }).focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => textOf(ui.getByTestId('templates-save-result')), { timeout: 20_000 }).toBe(`Linked “${DEMO_EMAIL_NAME}” to “${DEMO_EMAIL_NAME}”.`);
    await section.getByRole('button', { name: 'Update template' }).waitFor();
    expect(await offer.count()).toBe(0);
    await expect.poll(() => ui.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Update template');
    // The link as the save left it, and the builder has the one template.
    expect(await storedLinkAsync()).toBe(linked);
    expect((await builderAsync<unknown[]>(h, '/templates?per_page=100')).meta.total).toBe(templates);
  }, 120_000);

  it('is clean under axe in the dark theme too, and goes once the frame is saved anew (dark)', async () => {
    const { ui, section, offer } = await savedThenUndoneAsync('dark', 'selected again');
    await checkAxeAsync(ui, 'a save undone, dark');
    await section.getByRole('button', { name: 'Save as template' }).click();
    await expect.poll(() => textOf(ui.getByTestId('templates-save-result')), { timeout: 30_000 }).toMatch(new RegExp(`^Saved “${DEMO_EMAIL_NAME}” as a template`));
    expect(await offer.count()).toBe(0);
  }, 120_000);

  it('after ⌘Z of an Update, the next Update says the version there is the designer’s own and replaces it when asked (light)', async () => {
    const { ui, section, result } = await demoEmailSavedAsync(h, 'light');
    await builderControlAsync(h, 'clock', { advance_seconds: 60 });
    await changeFrameFillAsync(h.page, '#d0ffd0');
    await section.getByRole('button', { name: 'Update template' }).click();
    await expect.poll(() => textOf(result), { timeout: 30_000 }).toMatch(/^Updated /);
    await undoAsync();
    await builderControlAsync(h, 'clock', { advance_seconds: 60 });
    await changeFrameFillAsync(h.page, '#ffd0d0');
    await section.getByRole('button', { name: 'Update template' }).click();
    await expect.poll(() => textOf(ui.getByRole('alert')), { timeout: 30_000 }).toBe(
      `The template “${DEMO_EMAIL_NAME}” holds a later version than this frame’s link remembers, one you sent from this frame (undo took its link back, or this file is a copy). Updating would replace that version with this frame as it is now. Replace it, or unlink the frame to save it as a new template.`,
    );
    expect(await ui.getByRole('button', { name: 'Replace their changes' }).count()).toBe(0);
    await checkAxeAsync(ui, 'an Update after ⌘Z of the last, light');
    await ui.getByRole('button', { name: 'Replace it' }).click();
    await expect.poll(() => textOf(result), { timeout: 30_000 }).toMatch(/^Updated .*Changed since the last save: fill\.$/);
    expect(await ui.getByRole('alert').count()).toBe(0);
  }, 120_000);

  it('a template a teammate deleted meanwhile: linking says so, the offer goes, and the keyboard is on the section’s heading (dark)', async () => {
    const { ui, offer } = await savedThenUndoneAsync('dark', 'selected again');
    const id = (await builderAsync<Array<{ id: string; name: string }>>(h, '/templates?per_page=100')).data.find((template) => template.name === DEMO_EMAIL_NAME)!.id;
    expect((await builderAsync(h, `/templates/${id}`, 'DELETE')).status).toBe(204);
    await offer.getByRole('button', { name: `Link this frame to “${DEMO_EMAIL_NAME}” again` }).focus();
    await h.page.keyboard.press('Enter');
    await expect.poll(() => textOf(ui.getByRole('region', { name: 'Save selection as template' }).getByRole('alert')), { timeout: 20_000 }).toContain('is no longer in the builder: it has been deleted.');
    await expect.poll(() => offer.count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => ui.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Save selection as template');
    await checkAxeAsync(ui, 'a link again refused, dark');
  }, 120_000);
});
