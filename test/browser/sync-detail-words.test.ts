// The Sync detail's words for what its stand-in sandbox cannot give as is: each test patches the
// sandbox's detail answers (their changes, their pictures) before the UI reads them.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolationsAsync } from './support/axe';
import { UI_URL, useBrowser } from './support/browser';
import { installSyncStub, type SyncStubConfig } from './support/sync-stub';

const browser = useBrowser();

/** What the patched detail answers say instead of the stand-in's own. */
interface DetailPatch {
  changes?: unknown[];
  beforePicture?: string | null;
  afterPicture?: string | null;
}

/** In the page, before the UI: every detail answer (a reply with picture captions) gets `patch`. */
function patchDetails(patch: DetailPatch): void {
  window.addEventListener(
    'message',
    (event: MessageEvent) => {
      const reply = (event.data as { pluginMessage?: { kind?: string; payload?: Record<string, unknown> } } | null)?.pluginMessage;
      if (reply?.kind === 'reply' && reply.payload && 'beforeLabel' in reply.payload) Object.assign(reply.payload, patch);
    },
    true,
  );
}

async function openAsync(config: SyncStubConfig, patch: DetailPatch): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 400, height: 600 } });
  await page.addInitScript(installSyncStub, config);
  await page.addInitScript(patchDetails, patch);
  await page.goto(UI_URL);
  await page.getByRole('grid', { name: 'Components that differ' }).waitFor();
  return page;
}

describe('the Sync detail in words', () => {
  it('says of a row the same on both sides that nothing differs between them (it said “only the component’s format or position changed”)', async () => {
    const page = await openAsync({ count: 1, kinds: ['both-same'] }, { changes: [] });
    await page.getByTestId('sync-row').first().click();
    const part = page.getByRole('region', { name: 'What changed' });
    await expect.poll(() => part.textContent()).toContain('No property differs');
    expect(await part.textContent()).toBe('What changedNo property differs: this file and the design system have the same version.');
    expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
    await page.close();
  });

  it('still says a local change with no property changed is its format or position', async () => {
    const page = await openAsync({ count: 1, kinds: ['local-change'] }, { changes: [] });
    await page.getByTestId('sync-row').first().click();
    const part = page.getByRole('region', { name: 'What changed' });
    await expect.poll(() => part.textContent()).toContain('No property differs');
    expect(await part.textContent()).toBe('What changedNo property differs; only the component’s format or position changed.');
    await page.close();
  });
});

describe('Difference in words, for a screen reader too', () => {
  it('says in its status that the pictures could not be compared (the status said “Comparing the pictures…” and went, the failure unheard)', async () => {
    const page = await openAsync(
      { count: 1, kinds: ['local-change'] },
      // Both pictures given, the "after" one unreadable.
      { beforePicture: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="40" height="20"/%3E', afterPicture: 'data:image/png;base64,AAAA' },
    );
    await page.getByTestId('sync-row').first().click();
    await page.getByRole('button', { name: 'Difference' }).click();
    const status = page.getByTestId('sync-pixel-diff').getByRole('status');
    await expect.poll(() => status.textContent()).toBe('The pictures could not be compared pixel by pixel (one of them could not be read).');
    expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
    await page.close();
  });
});

describe('Overlay and Swipe with a picture that cannot be read', () => {
  it('shows the two side by side without a slider that would move nothing', async () => {
    const page = await openAsync(
      { count: 1, kinds: ['local-change'] },
      { beforePicture: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="40" height="20"/%3E', afterPicture: 'data:image/png;base64,AAAA' },
    );
    await page.getByTestId('sync-row').first().click();
    const detail = page.getByTestId('sync-detail');
    for (const mode of ['Overlay', 'Swipe']) {
      await detail.getByRole('button', { name: mode }).click();
      await detail.getByText('The picture of this file’s version could not be loaded').waitFor();
      expect(await detail.locator('input[type="range"]').count()).toBe(0);
    }
    expect(await axeViolationsAsync(page.mainFrame())).toEqual([]);
    await page.close();
  });
});
