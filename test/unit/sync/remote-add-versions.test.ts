// A component only in the design system, listed from a sync's record of its row, described from
// the version the design system stores under the recorded hash: read once around the time it was
// stored, keeping the others read with it (recorded then or later); its layers not kept.
import { describe, expect, it } from 'vitest';
import type { Component } from '../../../src/shared/api/builder/schemas';
import type { ChangesAround } from '../../../src/sync/read-around';
import { createRemoteAddVersions } from '../../../src/sync/remote-add-versions';
import type { RemoteAddEntry } from '../../../src/sync/sync-state';

const STORED_AT = '2026-11-24T10:00:00.000Z';

function record(name: string, hash: string, updatedAt = STORED_AT): RemoteAddEntry {
  return { hash, updatedAt, name, kind: 'component', updatedBy: 'Robin Vale', thumbnailUrl: null };
}

function stored(name: string, hash: string, deleted = false): Component {
  return {
    key: name.toLowerCase(),
    name,
    kind: 'component',
    description: `${name}, added by Robin.`,
    hash,
    properties: { Label: { type: 'TEXT', defaultValue: 'Go' } },
    variants: [],
    node: { type: 'COMPONENT', width: 320, height: 48, effects: [], children: [{ type: 'TEXT', characters: 'Go' }] },
    thumbnail_url: null,
    updated_at: STORED_AT,
    updated_by: 'Robin Vale',
    deleted,
  };
}

function setup(answer: () => Promise<{ components: Component[] }>) {
  const asked: Array<{ since: string; limit: number }> = [];
  const changesAround: ChangesAround = (since, limit) => {
    asked.push({ since, limit });
    return answer();
  };
  return { versions: createRemoteAddVersions(), asked, changesAround };
}

describe('a recorded remote addition’s version', () => {
  const button = record('Button', 'h-button');
  const badge = record('Badge', 'h-badge');

  it('is read once around the time it was stored, with the others stored then, without its layers', async () => {
    const { versions, asked, changesAround } = setup(() => Promise.resolve({ components: [stored('Button', 'h-button'), stored('Badge', 'h-badge'), stored('Other', 'h-other')] }));
    expect(await versions.versionAsync(button, changesAround)).toEqual({
      name: 'Button',
      description: 'Button, added by Robin.',
      kind: 'component',
      properties: { Label: { type: 'TEXT', defaultValue: 'Go' } },
      variants: [],
      node: { width: 320, height: 48, effects: [] },
    });
    expect(asked).toEqual([{ since: '2026-11-24T09:59:59.999Z', limit: 100 }]);
    expect((await versions.versionAsync(badge, changesAround))?.name).toBe('Badge');
    expect(await versions.versionAsync(button, changesAround)).not.toBeNull();
    expect(asked).toHaveLength(1);
  });

  it('is found, without a second read, when recorded after its time was read (a later sync recorded it)', async () => {
    const { versions, asked, changesAround } = setup(() => Promise.resolve({ components: [stored('Button', 'h-button'), stored('Chip', 'h-chip')] }));
    expect((await versions.versionAsync(button, changesAround))?.name).toBe('Button');
    // Recorded only now: stored at the time already read, so that read is where it is.
    expect((await versions.versionAsync(record('Chip', 'h-chip'), changesAround))?.description).toBe('Chip, added by Robin.');
    expect(asked).toHaveLength(1);
  });

  it('is unknown when the design system stores it otherwise now, or deleted', async () => {
    const { versions, changesAround } = setup(() => Promise.resolve({ components: [stored('Button', 'h-button-edited'), stored('Badge', 'h-badge', true)] }));
    expect(await versions.versionAsync(button, changesAround)).toBeNull();
    expect(await versions.versionAsync(badge, changesAround)).toBeNull();
  });

  it('is unknown when the read fails, and read again the next time', async () => {
    let fail = true;
    const { versions, asked, changesAround } = setup(() => (fail ? Promise.reject(new Error('offline')) : Promise.resolve({ components: [stored('Button', 'h-button')] })));
    expect(await versions.versionAsync(button, changesAround)).toBeNull();
    fail = false;
    expect((await versions.versionAsync(button, changesAround))?.name).toBe('Button');
    expect(asked).toHaveLength(2);
  });
});
