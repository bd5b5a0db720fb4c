// The document's relaunch buttons (shown when nothing is selected): placing library emails adds
// "Check email references", a sync adds "Sync design system", and neither takes the other away,
// though Figma's setRelaunchData replaces all of a node's relaunch data. The real handlers
// against the fake Figma (which shows only the manifest's buttons) and the builder emulator.
import { describe, expect, it } from 'vitest';
import type { CanvasInsert } from '../../../src/shared/bridge/messages';
import { planTiles } from '../../../src/shared/canvas/tile-plan';
import { encodePng } from '../../support/png';
import { context, syncedOnceAsync, useSyncHarness } from './support/sync-harness';

const h = useSyncHarness();

/** A small library email placed as a person does from Browse (one tile). */
async function placeReferenceAsync(): Promise<void> {
  const tiles = planTiles(60, 80).map((tile) => ({ ...tile, bytes: encodePng({ width: tile.width, height: tile.height, pixel: () => [200, 100, 50, 255] }) }));
  const insert: CanvasInsert = {
    reference: { emailId: 42, brandSlug: 'acme', brandName: 'Acme', subject: 'Spring is here', url: 'https://library.example/emails/42', capturedDate: '2026-11-03', service: 'MailVault' },
    width: 60,
    height: 80,
    tiles,
  };
  await h.plugin.handlers['canvas/insert'](insert, context);
}

const documentButtons = () => h.fake.inspect.relaunchButtons(h.fake.figma.root).map((button) => button.command).sort();

describe('the document’s relaunch buttons', () => {
  it('a file where library emails were placed offers the reference check, and a sync afterwards keeps it beside its own button', async () => {
    expect(documentButtons()).toEqual([]);
    await placeReferenceAsync();
    expect(h.fake.inspect.relaunchButtons(h.fake.figma.root)).toEqual([
      { command: 'references', description: 'See whether the library emails placed in this file are still in the library' },
    ]);
    await syncedOnceAsync(h);
    expect(documentButtons()).toEqual(['references', 'sync']);
  });

  it('placing library emails in a synced file keeps its Sync button', async () => {
    await syncedOnceAsync(h);
    expect(documentButtons()).toEqual(['sync']);
    await placeReferenceAsync();
    expect(documentButtons()).toEqual(['references', 'sync']);
  });

  it('undoing the only placed email takes the reference check’s button away with it', async () => {
    await placeReferenceAsync();
    expect(documentButtons()).toEqual(['references']);
    h.fake.figma.triggerUndo();
    expect(documentButtons()).toEqual([]);
  });
});
