// The Sync tab's badge counts rows as the Sync screen lists them: a component deleted and
// re-created (by name, or by description and content) is one "replaced" row, so one change,
// whether the badge comes from the start-up check, the live count after an edit, or a comparison.
// The real plugin's background work against the fake Figma and the builder emulator.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REMOTE_CHECK_INTERVAL_MS } from '../../../src/sync/sync-monitor';
import { componentNamed, context, nextBadgeAsync, replaceTwo, startBackground, syncedOnceAsync, useSyncHarness } from './support/sync-harness';

const h = useSyncHarness();

describe('the Sync badge', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts a replaced component once: after an edit, at the next check, and with a comparison', async () => {
    (componentNamed(h, 'Header') as ComponentNode).description = 'The email header with the logo.';
    await syncedOnceAsync(h);
    const badges = startBackground(h);
    expect(await nextBadgeAsync(badges, 0)).toEqual({ local: 0, remote: 0 });

    replaceTwo(h);
    // The live count after the edit settles (an incremental read, no request).
    expect(await nextBadgeAsync(badges, 1)).toEqual({ local: 2, remote: 0 });

    // The periodic check (the design system asked again).
    const seen = badges.length;
    vi.advanceTimersByTime(REMOTE_CHECK_INTERVAL_MS);
    expect(await nextBadgeAsync(badges, seen)).toEqual({ local: 2, remote: 0 });

    // A comparison: the screen's "All 2" and the badge agree.
    const compared = await h.plugin.handlers['sync/compare']({}, context);
    expect(compared.replacements).toHaveLength(2);
    expect(badges[badges.length - 1]).toEqual({ local: 2, remote: 0 });
  });
});
