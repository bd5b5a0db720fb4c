// Sync: after Check again, the rows' pictures come back. A new comparison forgets the pictures
// (they may have changed with it), and only a new set of rows in view asked for them: with the
// same rows in view (nothing changed, or a badge's check) every thumbnail pulsed as loading until
// the designer scrolled.
import { describe, expect, it } from 'vitest';
import { checkAxeAsync } from './support/a11y-checks';
import { holdRequestsAsync } from './support/hold-requests';
import { useHarness } from './support/playground-harness';
import { linkToEmptyDesignSystemAsync, rowPicturesAsync } from './support/sync-steps';

const h = useHarness();

type Pictures = { drawn: number; loading: number; none: number };
const allDrawn = ({ drawn, loading, none }: Pictures) => drawn > 0 && loading === 0 && none === 0;

describe('Sync: the rows’ pictures after Check again', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`are drawn again for the same rows in view, without a scroll (${theme})`, async () => {
      await h.openFreshAsync(`?theme=${theme}`);
      const ui = await linkToEmptyDesignSystemAsync(h);
      await expect.poll(() => rowPicturesAsync(ui), { timeout: 30_000 }).toSatisfy(allDrawn);
      const scrolled = await ui.getByTestId('sync-list').evaluate((list) => list.scrollTop);

      // The check's question to the builder is held, so its end is seen: Check again gives way to Cancel meanwhile.
      const held = await holdRequestsAsync(h.page, h.emulator.builderUrl, (url) => url.pathname.endsWith('/changes'));
      await ui.getByRole('button', { name: 'Check again' }).click();
      await expect.poll(() => held.count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await held.releaseAsync();
      await expect.poll(() => ui.getByRole('button', { name: 'Check again' }).count(), { timeout: 30_000 }).toBe(1);

      await expect.poll(() => rowPicturesAsync(ui), { timeout: 15_000 }).toSatisfy(allDrawn);
      expect(await ui.getByTestId('sync-list').evaluate((list) => list.scrollTop)).toBe(scrolled);
      await checkAxeAsync(ui, `Sync after Check again, its pictures drawn, ${theme}`);
    });
  }
});
