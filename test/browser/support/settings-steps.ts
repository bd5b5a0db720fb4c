// Steps on the Settings screen reached from another screen's Open Settings.
import type { Frame, Locator } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Waits for the keyboard to land in an API address field and returns the text selected in it:
 * Open Settings leaves the address selected, so what the designer pastes replaces it.
 */
export async function focusedAddressSelectionAsync(address: Locator): Promise<string> {
  await expect.poll(() => address.evaluate((element) => element === document.activeElement), { timeout: 10_000 }).toBe(true);
  return address.evaluate((input: HTMLInputElement) => input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0));
}

/** A Settings section's API address field ('Email builder' or 'Email library'). */
export function addressField(ui: Frame, section: 'Email builder' | 'Email library'): Locator {
  return ui.getByRole('region', { name: section }).getByLabel('API address');
}
