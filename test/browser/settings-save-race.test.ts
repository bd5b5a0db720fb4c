// Settings' Save pressed as the window comes back: the re-read of the settings on focus races
// the save. Against a stand-in sandbox that answers the re-read with what the save wrote, first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromiumAsync } from '../support/chromium';
import { installSettingsStub } from './support/settings-stub';

const UI_URL = new URL('../../dist/ui.html', import.meta.url).href;
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromiumAsync();
});

afterAll(async () => {
  await browser?.close();
});

describe('Save for this file pressed as the window comes back', () => {
  it('says the id typed is saved, never that it changed elsewhere and is not saved (the re-read, answered first, read as a collaborator’s change)', async () => {
    const page = await browser.newPage({ viewport: { width: 400, height: 700 } });
    try {
      await page.addInitScript(installSettingsStub);
      await page.goto(UI_URL);
      const section = page.getByRole('region', { name: 'Design system for this file' });
      const field = section.getByRole('textbox', { name: 'Design system id' });
      await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe('ds_1');
      await field.fill('ds_new');
      // Every status the section shows on the way, however briefly.
      await section.evaluate((element) => {
        const seen: string[] = [];
        (window as unknown as { seen: string[] }).seen = seen;
        new MutationObserver(() => seen.push(element.querySelector('[role="status"]')?.textContent ?? '')).observe(element, { subtree: true, childList: true, characterData: true });
      });
      // The window gets the focus back (the person was in Figma), and Save is pressed at once.
      await page.evaluate(() => dispatchEvent(new Event('focus')));
      await section.getByRole('button', { name: 'Save for this file' }).click();
      await expect.poll(() => section.getByRole('status').textContent(), { timeout: 10_000 }).toBe('This file now syncs to design system ds_new. Collaborators see the same setting.');
      expect(await field.inputValue()).toBe('ds_new');
      const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
      expect(seen.filter((text) => text.startsWith('Changed outside this window'))).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
