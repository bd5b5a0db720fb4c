// The hint under a real address in Settings. The built-in addresses are stand-ins no service
// answers at (src/shared/config/stand-in-address.ts): offered as "Default: …" under the
// designer's own address, one read as a usable address to go back to.
import { beforeAll, describe, expect, it } from 'vitest';
import hosts from '../../src/shared/config/api-hosts.json';
import { openSettingsAsync, useHarness, textOf } from './support/playground-harness';

const h = useHarness();

beforeAll(async () => {
  await h.openFreshAsync();
});

describe('the address field’s hint', () => {
  for (const api of ['builder', 'library'] as const) {
    it(`does not offer the ${api}’s placeholder as a default under a real address, typed or saved (it said “Default: ${hosts[api]}”)`, async () => {
      const ui = await openSettingsAsync(h);
      const section = ui.getByRole('region', { name: api === 'builder' ? 'Email builder' : 'Email library' });
      const address = section.getByRole('textbox', { name: 'API address' });
      const description = () => address.evaluate((input) => (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' '));
      expect(await description()).toBe('A placeholder, not a real address: enter yours.');
      await address.fill(api === 'builder' ? h.emulator.builderUrl : h.emulator.libraryUrl);
      expect(await description()).not.toContain(hosts[api]);
      await section.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => textOf(section.getByRole('status')), { timeout: 10_000 }).toMatch(/address saved/);
      expect(await description()).not.toContain(hosts[api]);
      expect(await section.textContent()).not.toContain(hosts[api]);
    });
  }
});
