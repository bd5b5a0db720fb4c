// The snapshot's output is versioned by SNAPSHOT_FORMAT: the sync state records the format of
// its base hashes, and a newer format makes sync call hash changes "format updates" instead of
// edits. So any change of output (hashes or the normalized payloads) must come with a bump.
// This test pins the output of the fixture design system per format number.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createFakeFigma } from '../../fake-figma';
import { buildSnapshotFixtureAsync } from '../../fixtures/snapshot-fixture';
import { createSnapshotter } from '../../../src/snapshot';
import { SNAPSHOT_FORMAT } from '../../../src/snapshot/format-version';

interface FormatGolden {
  format: number;
  /** Per component name: its content hash and a SHA-256 of its payload (keys sorted, no thumbnail). */
  components: Record<string, { hash: string; payloadSha256: string }>;
}

/** JSON with sorted keys, so the digest is about content, not the order fields were written in. */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${sortedJson(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

async function currentOutputAsync(): Promise<FormatGolden> {
  const fake = createFakeFigma();
  await buildSnapshotFixtureAsync(fake);
  fake.relaunch();
  const result = await createSnapshotter(fake.figma, { yieldAsync: () => Promise.resolve(), incremental: false }).snapshotAsync();
  const components: FormatGolden['components'] = {};
  for (const payload of [...result.components].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const { thumbnail: _thumbnail, ...rest } = payload;
    components[payload.name] = { hash: payload.hash, payloadSha256: createHash('sha256').update(sortedJson(rest)).digest('hex') };
  }
  return { format: SNAPSHOT_FORMAT, components };
}

describe('SNAPSHOT_FORMAT', () => {
  it('names the snapshot output exactly (bump it when the output changes)', async () => {
    const file = new URL(`./golden/format-${SNAPSHOT_FORMAT}.json`, import.meta.url);
    const actual = await currentOutputAsync();
    if (process.env.UPDATE_GOLDEN === '1' && !existsSync(file)) writeFileSync(file, `${JSON.stringify(actual, null, 2)}\n`);
    if (!existsSync(file)) {
      throw new Error(`No recorded output for SNAPSHOT_FORMAT ${SNAPSHOT_FORMAT}: record it with UPDATE_GOLDEN=1 npx vitest run --project unit ${'test/unit/snapshot/format-version.test.ts'} and commit test/unit/snapshot/golden/format-${SNAPSHOT_FORMAT}.json.`);
    }
    const recorded = JSON.parse(readFileSync(file, 'utf8')) as FormatGolden;
    const changed = Object.keys({ ...recorded.components, ...actual.components })
      .sort()
      .filter((name) => JSON.stringify(recorded.components[name]) !== JSON.stringify(actual.components[name]));
    if (changed.length > 0) {
      throw new Error(
        `The snapshot output changed for ${changed.map((name) => `"${name}"`).join(', ')} while SNAPSHOT_FORMAT is still ${SNAPSHOT_FORMAT}. ` +
          `Files synced with the old output would then show every component as edited. Bump SNAPSHOT_FORMAT in src/snapshot/format-version.ts to ${SNAPSHOT_FORMAT + 1} ` +
          `and record the new output: UPDATE_GOLDEN=1 npx vitest run --project unit test/unit/snapshot/format-version.test.ts (keep format-${SNAPSHOT_FORMAT}.json as it is). ` +
          `If the change was not meant to alter the output, fix the change instead.`,
      );
    }
    expect(actual).toEqual(recorded);
  });
});
