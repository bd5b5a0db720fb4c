// Settings' Save pressed as the window comes back, with Figma's clientStorage slow: the re-read of
// the settings on focus waits for storage, the save writes the file's id meanwhile, and the
// re-read (reading the id after that write) answers before the save does.
import { describe, expect, it } from 'vitest';
import { evaluateHooks, openSettingsAsync, useHarness, textOf } from './support/playground-harness';

const h = useHarness();

/** Ids of the UI's app/init requests so far, and those the plugin answered. */
async function settingsReadsAsync(): Promise<{ asked: string[]; answered: string[] }> {
  return evaluateHooks(h.page, (hooks) => {
    const asked: string[] = [];
    const answered: string[] = [];
    for (const { message } of hooks.messages()) {
      const { kind, type, id } = (message ?? {}) as { kind?: string; type?: string; id?: string };
      if (kind === 'request' && type === 'app/init' && id !== undefined) asked.push(id);
      if (kind === 'reply' && id !== undefined) answered.push(id);
    }
    return { asked, answered };
  });
}

describe('Save for this file pressed as the window comes back, with clientStorage slow', () => {
  it('says the id typed is saved, never that it changed elsewhere and is not saved (the re-read, answered first, read as a collaborator’s change)', async () => {
    await h.openFreshAsync();
    const ui = await openSettingsAsync(h);
    const section = ui.getByRole('region', { name: 'Design system for this file' });
    const field = section.getByRole('textbox', { name: 'Design system id' });
    await field.fill('ds_new');
    // Every status the section shows on the way, however briefly.
    await section.evaluate((element) => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => seen.push(element.querySelector('[role="status"]')?.textContent ?? '')).observe(element, { subtree: true, childList: true, characterData: true });
    });

    // The person was in Figma (the canvas had the focus); Figma's storage is slow meanwhile.
    await h.page.mouse.click(5, 5);
    await evaluateHooks(h.page, (hooks) => hooks.clientStorageHold.hold());
    const readsBefore = (await settingsReadsAsync()).asked.length;
    // Back in the window: its settings are read again, and wait for storage.
    await section.getByRole('heading', { name: 'Design system for this file' }).click();
    await expect.poll(async () => (await settingsReadsAsync()).asked.length, { timeout: 10_000 }).toBe(readsBefore + 1);
    await expect.poll(() => evaluateHooks(h.page, (hooks) => hooks.clientStorageHold.held()), { timeout: 10_000 }).toBeGreaterThan(0);
    const heldByReread = await evaluateHooks(h.page, (hooks) => hooks.clientStorageHold.held());

    // Save at once: the file's id is written, and the save's own read of the settings waits too.
    await section.getByRole('button', { name: 'Save for this file' }).click();
    await expect.poll(() => evaluateHooks(h.page, (hooks) => hooks.clientStorageHold.held()), { timeout: 10_000 }).toBeGreaterThan(heldByReread);

    // Storage answers the re-read first: it reads the id the save just wrote, and reaches the window before the save's answer.
    await evaluateHooks(h.page, (hooks, count) => hooks.clientStorageHold.release(count), heldByReread);
    const reread = (await settingsReadsAsync()).asked[readsBefore];
    await expect.poll(async () => (await settingsReadsAsync()).answered.includes(reread ?? ''), { timeout: 10_000 }).toBe(true);
    await evaluateHooks(h.page, (hooks) => hooks.clientStorageHold.release());

    await expect.poll(() => textOf(section.getByRole('status')), { timeout: 10_000 }).toBe('This file now syncs to design system “ds_new”. Collaborators see the same setting.');
    expect(await field.inputValue()).toBe('ds_new');
    const seen = await section.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen.filter((text) => text.startsWith('Changed outside this window'))).toEqual([]);
  });
});
