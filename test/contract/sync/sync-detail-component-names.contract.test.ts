// The Sync detail and the steps left by hand name components by their names where the snapshot
// records their keys: an instance swap property's default, and an instance whose main component
// was swapped. They showed the 40-digit key ("f4a02380cc…"), which names nothing to a designer.
// The real handlers against the fake Figma with the demo document and the builder emulator.
import { describe, expect, it } from 'vitest';
import type { SyncDetail } from '../../../src/shared/bridge/messages';
import { createComponentReader } from '../../../src/snapshot/component-reader';
import { componentNamed, context, linkAsync, syncedOnceAsync, teammatePushesAsync, useSyncHarness } from './support/sync-harness';

const h = useSyncHarness();

const KEY = /[0-9a-f]{40}/;

async function detailOfAsync(name: string): Promise<SyncDetail> {
  const comparison = await h.plugin.handlers['sync/compare']({}, context);
  const row = comparison.items.find((item) => item.name === name);
  if (!row) throw new Error(`no row named ${name}`);
  return h.plugin.handlers['sync/detail']({ key: row.key }, context);
}

describe('the Sync detail names the components it refers to', () => {
  it('says an instance swap default and a swapped instance by the components’ names, not their keys', async () => {
    await linkAsync(h, 'ds_empty');
    // A component added here: its Icon property's default, by name.
    const added = await detailOfAsync('Button');
    const icon = added.changes.find((change) => change.property === 'component property "Icon"');
    expect(icon?.after).toBe('instance swap, default "Icon/Arrow right"');
    for (const change of added.changes) expect(`${change.before} ${change.after}`).not.toMatch(KEY);

    // Synced, then one variant's icon swapped to the cart: the changed layer, by name, and a variant by its set and name.
    await h.plugin.handlers['sync/run']({}, context);
    const button = componentNamed(h, 'Button') as ComponentSetNode;
    const variant = button.children[0] as ComponentNode;
    const cart = componentNamed(h, 'Icon/Cart') as ComponentNode;
    (variant.findOne((node) => node.name === 'Icon') as InstanceNode).swapComponent(cart);
    const changed = await detailOfAsync('Button');
    expect(changed.changes).toContainEqual(expect.objectContaining({ property: 'instance of', before: '"Icon/Arrow right"', after: '"Icon/Cart"' }));
    for (const change of changed.changes) expect(`${change.before} ${change.after}`).not.toMatch(KEY);
  });

  it('names the swapped icon in the steps a teammate’s version leaves by hand: in its detail, after the take, and while it stays taken in part', async () => {
    await syncedOnceAsync(h);
    // A teammate swapped the first variant's icon for the cart (read from this document as it would be, then put back).
    const button = componentNamed(h, 'Button') as ComponentSetNode;
    const icon = (button.children[0] as ComponentNode).findOne((node) => node.name === 'Icon') as InstanceNode;
    const arrow = componentNamed(h, 'Icon/Arrow right') as ComponentNode;
    icon.swapComponent(componentNamed(h, 'Icon/Cart') as ComponentNode);
    const theirs = (await createComponentReader(h.fake.figma).readAsync(button)).payload;
    icon.swapComponent(arrow);
    await teammatePushesAsync(h, theirs);

    const step = /instance of "Icon\/Arrow right" → "Icon\/Cart"$/;
    const detail = await detailOfAsync('Button');
    expect(detail.manualSteps).toContainEqual(expect.stringMatching(step));
    for (const said of detail.manualSteps) expect(said).not.toMatch(KEY);
    const outcome = await h.plugin.handlers['sync/run']({}, context);
    const steps = outcome.manualSteps.find((entry) => entry.name === 'Button')?.steps ?? [];
    expect(steps).toContainEqual(expect.stringMatching(step));
    const next = await h.plugin.handlers['sync/compare']({}, context);
    const listed = next.items.find((item) => item.name === 'Button');
    expect(listed?.takenInPart?.steps).toContainEqual(expect.stringMatching(step));
    for (const said of [...steps, ...(listed?.takenInPart?.steps ?? [])]) expect(said).not.toMatch(KEY);
  });
});
