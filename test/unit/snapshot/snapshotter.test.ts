// The snapshot module against the strict fake Figma (dynamic-page: forbidden synchronous getters
// throw, other pages start unloaded), on the fixture design system of test/fixtures.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createFakeFigma, type FakeFigma } from '../../fake-figma';
import { buildSnapshotFixtureAsync, type SnapshotFixture } from '../../fixtures/snapshot-fixture';
import { encodePng, readImageHeader } from '../../support/png';
import { componentUpsertSchema } from '../../support/component-upsert-schema';
import { hashedDescription, normalizeComponent, type ComponentRoot } from '../../../src/snapshot/normalize/component';
import { emptyDependencies, ReferenceResolver } from '../../../src/snapshot/reference-resolver';
import { ReferenceCollector } from '../../../src/snapshot/references';
import { structuralHash } from '../../../src/snapshot/structural-hash';
import { referencePlaces } from './plain-nodes';
import { createSnapshotter, type ComponentPayload, type SnapshotOptions, type SnapshotResult } from '../../../src/snapshot';

const noYield = (): Promise<void> => Promise.resolve();

async function setupAsync(order: 'forward' | 'reverse' = 'forward'): Promise<{ fake: FakeFigma; fixture: SnapshotFixture }> {
  const fake = createFakeFigma();
  const fixture = await buildSnapshotFixtureAsync(fake, { order });
  // A fresh plugin run: pages other than the current one are unloaded again, fonts unloaded.
  fake.relaunch();
  return { fake, fixture };
}

/** The fixture plus a local icon made as icons are (a star cut out of a hexagon) and a bulleted list. */
interface BadgeFixture extends SnapshotFixture {
  badge: BooleanOperationNode;
  star: StarNode;
  hexagon: PolygonNode;
  checklist: TextNode;
}

async function setupWithBadgeAsync(): Promise<{ fake: FakeFigma; fixture: BadgeFixture }> {
  const fake = createFakeFigma();
  const fixture = await buildSnapshotFixtureAsync(fake);
  const figma = fake.figma;
  const icon = figma.createComponent();
  icon.name = 'Icon/Badge';
  icon.resize(16, 16);
  const hexagon = figma.createPolygon();
  hexagon.pointCount = 6;
  hexagon.resize(16, 16);
  const star = figma.createStar();
  star.resize(8, 8);
  star.x = 4;
  star.y = 4;
  icon.appendChild(hexagon);
  icon.appendChild(star);
  const badge = figma.subtract([hexagon, star], icon);
  const perks = figma.createComponent();
  perks.name = 'Perks';
  const checklist = figma.createText();
  checklist.characters = 'Free delivery\nEasy returns';
  checklist.setRangeListOptions(0, checklist.characters.length, { type: 'UNORDERED' });
  perks.appendChild(checklist);
  fake.relaunch();
  return { fake, fixture: { ...fixture, badge, star, hexagon, checklist } };
}

function byName(result: SnapshotResult): Map<string, ComponentPayload> {
  return new Map(result.components.map((payload) => [payload.name, payload]));
}

function hashesByKey(result: SnapshotResult): Record<string, string> {
  return Object.fromEntries(result.components.map((payload) => [payload.key, payload.hash]));
}

function hashes(result: SnapshotResult): Record<string, string> {
  return Object.fromEntries(result.components.map((payload) => [payload.name, payload.hash]));
}

describe('golden output', () => {
  // Regenerate with UPDATE_GOLDEN=1 after a deliberate format change, and review the diff.
  const goldenDir = new URL('./golden/', import.meta.url);
  for (const name of ['Button', 'Footer', 'Hero', 'Product card']) {
    it(`normalizes "${name}" exactly as recorded`, async () => {
      const { fake } = await setupAsync();
      const result = await createSnapshotter(fake.figma, { yieldAsync: noYield }).snapshotAsync();
      const payload = byName(result).get(name);
      expect(payload).toBeDefined();
      const actual = `${JSON.stringify(payload, null, 2)}\n`;
      const file = new URL(`${name.toLowerCase().replace(/\s+/g, '-')}.json`, goldenDir);
      if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, actual);
      expect(actual).toBe(readFileSync(file, 'utf8'));
    });
  }
});

describe('snapshot of the fixture design system', () => {
  it('gives one payload per standalone component and per set, sorted by key, without remote components', async () => {
    const { fake, fixture } = await setupAsync();
    const result = await createSnapshotter(fake.figma, { yieldAsync: noYield }).snapshotAsync();
    expect(result.components.map((payload) => payload.name).sort()).toEqual(['Button', 'Footer', 'Header', 'Hero', 'Icon/Arrow', 'Icon/Cart', 'Product card']);
    const keys = result.components.map((payload) => payload.key);
    expect(keys).toEqual(keys.slice().sort());
    expect(keys).not.toContain(fixture.remoteLogo.key);
    // …but instances of the remote component name it by key.
    const header = byName(result).get('Header')!;
    expect((header.node.children as Array<Record<string, unknown>>)[0]!.componentKey).toBe(fixture.remoteLogo.key);
    const button = byName(result).get('Button')!;
    expect(button.kind).toBe('component_set');
    expect(button.variants.map((variant) => variant.name)).toEqual(['Type=Primary, Size=Large', 'Type=Primary, Size=Small', 'Type=Secondary, Size=Large', 'Type=Secondary, Size=Small']);
    expect(result.stats).toMatchObject({ mode: 'full', components: 7, normalized: 7, reused: 0 });
  });

  it('keeps hidden layers of a component, and leaves out hidden layers inside instances', async () => {
    const { fake } = await setupAsync();
    const result = byName(await createSnapshotter(fake.figma, { yieldAsync: noYield }).snapshotAsync());
    const footerLayers = result.get('Footer')!.node.children as Array<Record<string, unknown>>;
    expect(footerLayers.map((layer) => [layer.name, layer.visible])).toContainEqual(['Designer note', false]);
    const cardButton = (result.get('Product card')!.node.children as Array<Record<string, unknown>>)[2]!;
    expect(cardButton.componentProperties).toMatchObject({ 'Show icon': false, Label: 'Add to cart' });
    expect((cardButton.children as Array<Record<string, unknown>>).map((layer) => layer.name)).toEqual(['Label']);
  });

  it('leaves figma.skipInvisibleInstanceChildren as it found it', async () => {
    const { fake } = await setupAsync();
    fake.figma.skipInvisibleInstanceChildren = false;
    await createSnapshotter(fake.figma, { yieldAsync: noYield }).snapshotAsync();
    expect(fake.figma.skipInvisibleInstanceChildren).toBe(false);
  });
});

describe('the content hash', () => {
  it('equals the hash by definition (a walk of the finished description) for every component', async () => {
    const { fake } = await setupAsync();
    const result = await createSnapshotter(fake.figma, { yieldAsync: noYield }).snapshotAsync();
    const resolver = new ReferenceResolver(fake.figma);
    fake.figma.skipInvisibleInstanceChildren = true; // as the snapshotter reads
    for (const payload of result.components) {
      const root = (await fake.figma.getNodeByIdAsync(await rootIdAsync(fake, payload.key))) as ComponentRoot;
      const refs = new ReferenceCollector();
      const { component } = normalizeComponent(root, { mixed: fake.figma.mixed, refs });
      const pending = refs.pending.slice();
      await resolver.resolveAsync(pending, emptyDependencies());
      expect(hashedDescription(component)).toEqual(hashedDescription(payload));
      expect(payload.hash).toBe(structuralHash(hashedDescription(component), referencePlaces(pending)));
    }
  });
});

/** The node id of the local component or set with `key`. */
async function rootIdAsync(fake: FakeFigma, key: string): Promise<string> {
  await fake.figma.loadAllPagesAsync();
  const found = fake.figma.root.findAllWithCriteria({ types: ['COMPONENT', 'COMPONENT_SET'] }).find((node) => node.key === key);
  if (!found) throw new Error(`no component with key ${key}`);
  return found.id;
}

describe('dynamic-page compliance', () => {
  it('is strict: the fake refuses the synchronous APIs dynamic-page forbids', async () => {
    const { fake, fixture } = await setupAsync();
    expect(() => fake.figma.getNodeById(fixture.footer.id)).toThrow();
    await fake.figma.loadAllPagesAsync();
    expect(() => fixture.cardButton.mainComponent).toThrow();
  });

  it('never touches the deprecated synchronous APIs, and loads the pages it reads', async () => {
    const { fake } = await setupAsync();
    const forbidden = ['getNodeById', 'getStyleById', 'getLocalPaintStyles', 'getLocalTextStyles', 'getLocalEffectStyles', 'getLocalGridStyles'];
    const touched: string[] = [];
    const watched = new Proxy(fake.figma, {
      get(target, property, receiver) {
        if (typeof property === 'string' && forbidden.includes(property)) touched.push(property);
        return Reflect.get(target, property, receiver) as unknown;
      },
      set(target, property, value) {
        return Reflect.set(target, property, value);
      },
    });
    const result = await createSnapshotter(watched, { yieldAsync: noYield }).snapshotAsync();
    expect(touched).toEqual([]);
    expect(result.components).toHaveLength(7);
  });

  it('produces payloads the builder client accepts as sync upserts', async () => {
    const { fake } = await setupAsync();
    const result = await createSnapshotter(fake.figma, { yieldAsync: noYield }).snapshotAsync({ thumbnails: true });
    for (const payload of result.components) expect(componentUpsertSchema.safeParse(payload).success).toBe(true);
  });
});

describe('determinism', () => {
  it('gives identical payloads and hashes for the same design built in another order (other node ids)', async () => {
    const forward = await setupAsync('forward');
    const reverse = await setupAsync('reverse');
    expect(forward.fixture.footer.id).not.toBe(reverse.fixture.footer.id);
    expect(forward.fixture.buttonSet.children[0]!.id).not.toBe(reverse.fixture.buttonSet.children[0]!.id);
    const a = await createSnapshotter(forward.fake.figma, { yieldAsync: noYield }).snapshotAsync();
    const b = await createSnapshotter(reverse.fake.figma, { yieldAsync: noYield }).snapshotAsync();
    expect(JSON.stringify(b.components)).toBe(JSON.stringify(a.components));
  });

  it('gives the same hashes on every run and from a new snapshotter', async () => {
    const { fake } = await setupAsync();
    const first = await createSnapshotter(fake.figma, { yieldAsync: noYield }).snapshotAsync();
    const again = await createSnapshotter(fake.figma, { yieldAsync: noYield }).snapshotAsync();
    expect(hashes(again)).toEqual(hashes(first));
  });

  it('a component set Figma will not read (two variants alike) stops the run naming it and what uses it, and the next run after the fix finds every change', async () => {
    const { fake, fixture } = await setupAsync();
    const snapshotter = createSnapshotter(fake.figma, { yieldAsync: noYield });
    const before = await snapshotter.snapshotAsync();
    const secondary = fixture.buttonSet.children.find((variant) => variant.name === 'Type=Secondary, Size=Small')!;
    secondary.name = 'Type=Primary, Size=Small';
    fixture.footer.description = 'Legal footer.';
    await fake.settleAsync();
    const refused = snapshotter.snapshotAsync().then(
      () => null,
      (error: unknown) => error as { code?: string; message?: string },
    );
    const error = await refused;
    expect(error?.code).toBe('unreadable');
    // The set itself, and the card that holds one of its instances: the set first, whichever was read first, with what to change.
    expect(error?.message).toMatch(
      /^Figma could not read 2 components, so nothing was compared or sent: the component set “Button” and the component “Product card”\. Figma said: “in get_\w+: Component set for node has existing errors”\. Two variants of the component set “Button” have the same property values \(“Type=Primary, Size=Small”\): give one of them other values in Figma, then try again\./,
    );
    // A full read is refused as well: nothing reads as deleted here.
    await expect(createSnapshotter(fake.figma, { yieldAsync: noYield }).snapshotAsync()).rejects.toMatchObject({ code: 'unreadable' });

    secondary.name = 'Type=Secondary, Size=Small';
    await fake.settleAsync();
    const after = await snapshotter.snapshotAsync();
    const full = await createSnapshotter(fake.figma, { yieldAsync: noYield }).snapshotAsync();
    // The footer's edit, made while the set was refused, is found; the rest is as it was.
    expect(hashes(after)).toEqual(hashes(full));
    expect(hashes(after)['Footer']).not.toBe(hashes(before)['Footer']);
    expect({ ...hashes(after), Footer: null }).toEqual({ ...hashes(before), Footer: null });
  });

  it('does not change when only selection or viewport change', async () => {
    const { fake, fixture } = await setupAsync();
    const snapshotter = createSnapshotter(fake.figma, { yieldAsync: noYield });
    await snapshotter.snapshotAsync();
    const before = await snapshotter.snapshotAsync();
    await fake.figma.setCurrentPageAsync(fixture.footer.parent as PageNode);
    fake.figma.currentPage.selection = [fixture.footer];
    fake.figma.viewport.zoom = 3;
    fake.figma.viewport.scrollAndZoomIntoView([fixture.footer]);
    await fake.settleAsync();
    const incremental = await snapshotter.snapshotAsync();
    const full = await snapshotter.snapshotAsync({ full: true });
    expect(incremental.stats.normalized).toBe(0);
    expect(hashes(incremental)).toEqual(hashes(before));
    expect(hashes(full)).toEqual(hashes(before));
  });

  // Each edit changes one captured property; the component(s) named must get a new hash and
  // every other component must keep its hash.
  const edits: Array<[string, string[], (fixture: BadgeFixture, figma: PluginAPI) => Promise<void> | void]> = [
    ['component name', ['Footer'], (f) => { f.footer.name = 'Footer (legal)'; }],
    ['component description', ['Footer'], (f) => { f.footer.description = 'Legal footer.'; }],
    ['documentation link', ['Button'], (f) => { f.buttonSet.documentationLinks = [{ uri: 'https://design.northwind.example/email/cta' }]; }],
    ['text characters', ['Footer'], (f) => { f.texts.get('Company')!.characters = 'Northwind Goods Ltd · Bristol'; }],
    ['font size', ['Footer'], (f) => { f.texts.get('Legal')!.fontSize = 11; }],
    ['font style', ['Footer'], (f) => { f.texts.get('Legal')!.fontName = { family: 'Inter', style: 'Bold' }; }],
    ['line height', ['Footer'], (f) => { f.texts.get('Company')!.lineHeight = { unit: 'PIXELS', value: 20 }; }],
    ['letter spacing', ['Footer'], (f) => { f.texts.get('Legal')!.letterSpacing = { unit: 'PERCENT', value: 5 }; }],
    ['text alignment', ['Footer'], (f) => { f.texts.get('Legal')!.textAlignHorizontal = 'RIGHT'; }],
    ['text case', ['Footer'], (f) => { f.texts.get('Legal')!.textCase = 'LOWER'; }],
    ['text decoration', ['Footer'], (f) => { f.texts.get('Unsubscribe')!.textDecoration = 'NONE'; }],
    ['hyperlink', ['Footer'], (f) => { f.texts.get('Unsubscribe')!.hyperlink = { type: 'URL', value: 'https://northwind.example/prefs' }; }],
    ['layer visibility', ['Footer'], (f) => { f.texts.get('Designer note')!.visible = true; }],
    ['fill colour', ['Hero'], (f) => { f.hero.fills = [{ type: 'SOLID', color: { r: 1, g: 0.8, b: 0.01 } }]; }],
    ['opacity', ['Hero'], (f) => { f.hero.opacity = 0.9; }],
    ['effect', ['Hero'], (f) => { f.hero.effects = []; }],
    ['image fill', ['Hero'], (f, figma) => {
      const picture = f.hero.children[0] as RectangleNode;
      const other = figma.createImage(encodePng({ width: 2, height: 2, pixel: () => [10, 20, 30, 255] }));
      picture.fills = [{ type: 'IMAGE', imageHash: other.hash, scaleMode: 'FILL' }];
    }],
    ['size', ['Product card'], (f) => { f.productCard.resize(320, f.productCard.height); }],
    ['corner radius', ['Product card'], (f) => { f.productCard.cornerRadius = 8; }],
    ['stroke', ['Product card'], (f) => { f.productCard.strokes = []; }],
    ['padding', ['Product card'], (f) => { f.productCard.paddingLeft = 20; }],
    ['gap', ['Product card'], (f) => { f.productCard.itemSpacing = 10; }],
    ['alignment', ['Product card'], (f) => { f.productCard.counterAxisAlignItems = 'CENTER'; }],
    ['layout direction', ['Header'], (f) => { f.header.layoutMode = 'VERTICAL'; }],
    ['instance property value', ['Product card'], (f) => {
      const key = Object.keys(f.cardButton.componentProperties).find((name) => name.startsWith('Label#'))!;
      f.cardButton.setProperties({ [key]: 'Add to bag' });
    }],
    ['instance swap', ['Product card'], (f) => { f.cardButton.swapComponent((f.buttonSet.children as ComponentNode[]).find((v) => v.name === 'Type=Secondary, Size=Small')!); }],
    ['property default', ['Button'], (f) => {
      const key = Object.keys(f.buttonSet.componentPropertyDefinitions).find((name) => name.startsWith('Label#'))!;
      f.buttonSet.editComponentProperty(key, { defaultValue: 'Shop now' });
    }],
    ['variant name', ['Button'], (f) => { (f.buttonSet.children as ComponentNode[]).find((v) => v.name === 'Type=Secondary, Size=Large')!.name = 'Type=Outline, Size=Large'; }],
    // (The Product card's Button hides its icon, so the card does not change.)
    ['main component of instances', ['Icon/Arrow', 'Button'], (f) => { (f.iconArrow.children[0] as VectorNode).strokeWeight = 3; }],
    ['icon path', ['Icon/Arrow', 'Button'], (f) => { (f.iconArrow.children[0] as VectorNode).vectorPaths = [{ windingRule: 'NONZERO', data: 'M 0 0 L 12 6 L 0 12' }]; }],
    ['stroke ends', ['Icon/Arrow', 'Button'], (f) => { (f.iconArrow.children[0] as VectorNode).strokeCap = 'ROUND'; }],
    ['stroke dashes', ['Product card'], (f) => { f.productCard.dashPattern = [4, 4]; }],
    ['min width', ['Product card'], (f) => { f.productCard.minWidth = 200; }],
    ['corner smoothing', ['Product card'], (f) => { f.productCard.cornerSmoothing = 0.6; }],
    ['paragraph spacing', ['Footer'], (f) => { f.texts.get('Legal')!.paragraphSpacing = 8; }],
    ['text truncation', ['Footer'], (f) => { f.texts.get('Legal')!.textTruncation = 'ENDING'; }],
    ['boolean operation', ['Icon/Badge'], (f) => { f.badge.booleanOperation = 'EXCLUDE'; }],
    ['star points', ['Icon/Badge'], (f) => { f.star.pointCount = 6; }],
    ['star inner radius', ['Icon/Badge'], (f) => { f.star.innerRadius = 0.5; }],
    ['polygon points', ['Icon/Badge'], (f) => { f.hexagon.pointCount = 8; }],
    ['text made a list', ['Footer'], (f) => { f.texts.get('Legal')!.setRangeListOptions(0, 1, { type: 'UNORDERED' }); }],
    ['list type', ['Perks'], (f) => { f.checklist.setRangeListOptions(0, 1, { type: 'ORDERED' }); }],
    ['list indentation', ['Perks'], (f) => { f.checklist.setRangeIndentation(14, 15, 1); }],
    ['list spacing', ['Perks'], (f) => { f.checklist.listSpacing = 8; }],
    ['style name', ['Button', 'Product card'], (f) => { f.brandStyle.name = 'Brand/Blue'; }],
    ['variable name', ['Hero'], (f) => { f.accent.name = 'color/highlight'; }],
  ];

  for (const [what, changed, edit] of edits) {
    it(`changes the hash when the ${what} changes`, async () => {
      const { fake, fixture } = await setupWithBadgeAsync();
      await fake.figma.loadAllPagesAsync();
      await fake.figma.loadFontAsync({ family: 'Inter', style: 'Regular' });
      await fake.figma.loadFontAsync({ family: 'Inter', style: 'Bold' });
      const snapshotter = createSnapshotter(fake.figma, { yieldAsync: noYield });
      const first = await snapshotter.snapshotAsync();
      const before = hashesByKey(first);
      await edit(fixture, fake.figma);
      await fake.settleAsync();
      const incremental = hashesByKey(await snapshotter.snapshotAsync());
      const full = hashesByKey(await createSnapshotter(fake.figma, { yieldAsync: noYield }).snapshotAsync());
      expect(incremental).toEqual(full);
      const names = new Map(first.components.map((payload) => [payload.key, payload.name]));
      const differing = Object.keys(before).filter((key) => before[key] !== full[key]).map((key) => names.get(key));
      expect(differing.sort()).toEqual(changed.slice().sort());
    });
  }
});

describe('incremental snapshots', () => {
  async function trackedAsync(): Promise<{ fake: FakeFigma; fixture: SnapshotFixture; snapshot: (options?: SnapshotOptions) => Promise<SnapshotResult> }> {
    const { fake, fixture } = await setupAsync();
    await fake.figma.loadFontAsync({ family: 'Inter', style: 'Regular' });
    const snapshotter = createSnapshotter(fake.figma, { yieldAsync: noYield });
    await snapshotter.snapshotAsync();
    return { fake, fixture, snapshot: (options) => snapshotter.snapshotAsync(options) };
  }

  it('re-reads only the edited component and reuses the other payloads as they were', async () => {
    const { fake, fixture, snapshot } = await trackedAsync();
    const first = await snapshot();
    fixture.texts.get('Company')!.characters = 'Northwind Goods Ltd';
    await fake.settleAsync();
    const second = await snapshot();
    expect(second.stats).toMatchObject({ mode: 'incremental', normalized: 1, reused: 6 });
    const before = byName(first);
    for (const payload of second.components) {
      if (payload.name === 'Footer') expect(payload.hash).not.toBe(before.get('Footer')!.hash);
      else expect(payload).toBe(before.get(payload.name));
    }
  });

  it('keeps the payload objects of unchanged components in a full re-read too, so it holds one snapshot', async () => {
    const { fake, fixture, snapshot } = await trackedAsync();
    const first = await snapshot();
    fixture.texts.get('Company')!.characters = 'Northwind Goods Ltd';
    await fake.settleAsync();
    const second = await snapshot({ full: true });
    expect(second.stats).toMatchObject({ mode: 'full', normalized: 7, reused: 0 });
    const before = byName(first);
    for (const payload of second.components) {
      if (payload.name === 'Footer') {
        expect(payload).not.toBe(before.get('Footer'));
        expect(payload.hash).not.toBe(before.get('Footer')!.hash);
      } else {
        expect(payload).toBe(before.get(payload.name));
      }
    }
  });

  it('follows created, deleted and moved components and collaborators’ edits, agreeing with a full snapshot', async () => {
    const { fake, fixture, snapshot } = await trackedAsync();
    await snapshot();
    const figma = fake.figma;
    const banner = figma.createComponent();
    banner.name = 'Banner';
    banner.resize(600, 80);
    fixture.hero.remove();
    const frame = figma.createFrame();
    frame.name = 'Archive';
    frame.appendChild(fixture.footer);
    fake.remoteEdit(() => {
      fixture.productCard.cornerRadius = 4;
    });
    await fake.settleAsync();
    const incremental = await snapshot();
    expect(incremental.stats.mode).toBe('incremental');
    expect(incremental.stats.normalized).toBeLessThan(incremental.components.length);
    const names = incremental.components.map((payload) => payload.name).sort();
    expect(names).toEqual(['Banner', 'Button', 'Footer', 'Header', 'Icon/Arrow', 'Icon/Cart', 'Product card']);
    const full = await createSnapshotter(figma, { yieldAsync: noYield }).snapshotAsync();
    expect(JSON.stringify(incremental.components)).toBe(JSON.stringify(full.components));
  });

  it('re-reads the component a layer was deleted from or moved out of', async () => {
    const { fake, fixture, snapshot } = await trackedAsync();
    const first = byName(await snapshot());
    fixture.texts.get('Designer note')!.remove(); // deleted from the footer
    await fake.settleAsync();
    const afterDelete = await snapshot();
    expect(afterDelete.stats).toMatchObject({ mode: 'incremental', normalized: 1 });
    expect(byName(afterDelete).get('Footer')!.hash).not.toBe(first.get('Footer')!.hash);

    fixture.productCard.appendChild(fixture.texts.get('Legal')!); // moved from the footer into the card
    await fake.settleAsync();
    const afterMove = await snapshot();
    expect(afterMove.stats).toMatchObject({ mode: 'incremental', normalized: 2 });
    const full = await createSnapshotter(fake.figma, { yieldAsync: noYield }).snapshotAsync();
    expect(JSON.stringify(afterMove.components)).toBe(JSON.stringify(full.components));
  });

  it('sees a colour style applied to part of a text that already had its colour', async () => {
    const { fake, fixture, snapshot } = await trackedAsync();
    const company = fixture.texts.get('Company')!;
    company.fills = fixture.brandStyle.paints;
    await fake.settleAsync();
    const before = byName(await snapshot()).get('Footer')!;
    await company.setRangeFillStyleIdAsync(0, 9, fixture.brandStyle.id);
    await fake.settleAsync();
    expect(company.fills).not.toBe(fake.figma.mixed);
    const after = byName(await snapshot()).get('Footer')!;
    expect(after.hash).not.toBe(before.hash);
    const layer = (after.node.children as Array<Record<string, unknown>>).find((child) => child.name === 'Company')!;
    expect((layer.text as { segments: Array<{ fillStyle?: string }> }).segments.map((segment) => segment.fillStyle)).toEqual(['Brand/Primary', undefined]);
  });

  it('reads style and variable names afresh in a full re-read too', async () => {
    const { fake, fixture, snapshot } = await trackedAsync();
    await snapshot();
    fixture.brandStyle.name = 'Brand/Blue';
    fixture.accent.name = 'color/highlight';
    await fake.settleAsync();
    const again = await snapshot({ full: true });
    const fresh = await createSnapshotter(fake.figma, { yieldAsync: noYield }).snapshotAsync();
    expect(hashes(again)).toEqual(hashes(fresh));
  });

  it('re-reads a component whose variable aliases one whose value changed', async () => {
    const { fake, fixture, snapshot } = await trackedAsync();
    const figma = fake.figma;
    // Hero's fill is bound to color/accent; make that an alias of another variable.
    const collection = (await figma.variables.getLocalVariableCollectionsAsync())[0]!;
    const base = figma.variables.createVariable('color/base', collection, 'COLOR');
    base.setValueForMode(collection.defaultModeId, { r: 1, g: 0.8, b: 0, a: 1 });
    fixture.accent.setValueForMode(collection.defaultModeId, figma.variables.createVariableAlias(base));
    await fake.settleAsync();
    await snapshot();
    expect((await snapshot()).stats.normalized).toBe(0);
    // The value Hero shows changes although color/accent itself (an alias) does not.
    base.setValueForMode(collection.defaultModeId, { r: 0, g: 0.5, b: 1, a: 1 });
    await fake.settleAsync();
    const after = await snapshot();
    expect(after.stats).toMatchObject({ mode: 'incremental', normalized: 1 });
  });

  it('drops components deleted with the frame that held them, and finds pasted ones', async () => {
    const { fake, fixture, snapshot } = await trackedAsync();
    const figma = fake.figma;
    await figma.loadAllPagesAsync();
    const holder = figma.createFrame();
    holder.name = 'Holder';
    holder.appendChild(fixture.header);
    await snapshot();
    holder.remove();
    const pasted = figma.createFrame();
    const inner = figma.createComponent();
    inner.name = 'Pasted';
    pasted.appendChild(inner);
    await fake.settleAsync();
    const result = await snapshot();
    const names = result.components.map((payload) => payload.name);
    expect(names).not.toContain('Header');
    expect(names).toContain('Pasted');
  });
});

describe('progress, cancellation and thumbnails', () => {
  it('reports progress and yields between components', async () => {
    const { fake } = await setupAsync();
    let yields = 0;
    const progress: Array<[string, number, number]> = [];
    const snapshotter = createSnapshotter(fake.figma, { yieldIntervalMs: 0, yieldAsync: () => { yields++; return Promise.resolve(); } });
    await snapshotter.snapshotAsync({ onProgress: (p) => progress.push([p.phase, p.done, p.total]) });
    expect(yields).toBeGreaterThanOrEqual(7);
    expect(progress.at(-1)).toEqual(['reading', 7, 7]);
    expect(progress.map(([, done]) => done)).toEqual(progress.map(([, done]) => done).slice().sort((a, b) => a - b));
  });

  it('stops with code "cancelled" and still works afterwards', async () => {
    const { fake } = await setupAsync();
    const snapshotter = createSnapshotter(fake.figma, { yieldAsync: noYield });
    let checks = 0;
    await expect(snapshotter.snapshotAsync({ isCancelled: () => ++checks > 3 })).rejects.toMatchObject({ code: 'cancelled' });
    const result = await snapshotter.snapshotAsync();
    expect(result.stats).toMatchObject({ mode: 'full', components: 7 });
  });

  it('keeps the changes a cancelled snapshot did not get to, for the next one', async () => {
    const { fake, fixture } = await setupAsync();
    await fake.figma.loadFontAsync({ family: 'Inter', style: 'Regular' });
    const snapshotter = createSnapshotter(fake.figma, { yieldAsync: noYield });
    await snapshotter.snapshotAsync();
    const before = byName(await snapshotter.snapshotAsync());
    fixture.texts.get('Company')!.characters = 'Northwind Goods Ltd';
    await fake.settleAsync();
    for (const full of [false, true]) {
      await expect(snapshotter.snapshotAsync({ full, isCancelled: () => true })).rejects.toMatchObject({ code: 'cancelled' });
    }
    const after = await snapshotter.snapshotAsync();
    expect(after.stats).toMatchObject({ mode: 'incremental', normalized: 1 });
    expect(byName(after).get('Footer')!.hash).not.toBe(before.get('Footer')!.hash);
  });

  it('keeps the style and variable edits a cancelled snapshot found (they fire no layer change), for the next one', async () => {
    for (const full of [false, true]) {
      const { fake, fixture } = await setupAsync();
      const snapshotter = createSnapshotter(fake.figma, { yieldAsync: noYield });
      await snapshotter.snapshotAsync();
      fixture.accent.name = 'color/highlight';
      await fake.settleAsync();
      // Cancelled before any component is read (after an incremental run looked at the variables).
      await expect(snapshotter.snapshotAsync({ full, isCancelled: () => true })).rejects.toMatchObject({ code: 'cancelled' });
      const after = await snapshotter.snapshotAsync();
      const fresh = await createSnapshotter(fake.figma, { yieldAsync: noYield }).snapshotAsync();
      expect(hashes(after)).toEqual(hashes(fresh));
    }
  });

  it('refuses a second snapshot while one runs', async () => {
    const { fake } = await setupAsync();
    const snapshotter = createSnapshotter(fake.figma, { yieldAsync: noYield });
    const first = snapshotter.snapshotAsync();
    await expect(snapshotter.snapshotAsync()).rejects.toMatchObject({ code: 'busy' });
    await first;
  });

  it('exports PNG thumbnails once per hash', async () => {
    const { fake, fixture } = await setupAsync();
    await fake.figma.loadFontAsync({ family: 'Inter', style: 'Regular' });
    const snapshotter = createSnapshotter(fake.figma, { yieldAsync: noYield, thumbnailMaxSize: 200 });
    const first = await snapshotter.snapshotAsync({ thumbnails: true });
    expect(first.stats.thumbnailsExported + first.stats.thumbnailsFailed).toBe(7);
    const hero = byName(first).get('Hero')!;
    const header = readImageHeader(Uint8Array.from(Buffer.from(hero.thumbnail!.base64, 'base64')));
    expect(header).toMatchObject({ format: 'png' });
    expect(Math.max(header!.width, header!.height)).toBeLessThanOrEqual(200);
    const second = await snapshotter.snapshotAsync({ thumbnails: true });
    expect(second.stats).toMatchObject({ thumbnailsExported: 0, thumbnailsReused: first.stats.thumbnailsExported });
    fixture.texts.get('Company')!.characters = 'Changed';
    await fake.settleAsync();
    const third = await snapshotter.snapshotAsync({ thumbnails: true });
    expect(third.stats.thumbnailsExported).toBe(1);
    const withoutThumbnails = await snapshotter.snapshotAsync();
    expect(withoutThumbnails.components.every((payload) => payload.thumbnail === undefined)).toBe(true);
  });
  it('a component a teammate deletes while it is being read is left out, not a failed run', async () => {
    const fake = createFakeFigma();
    const figma = fake.figma;
    const style = figma.createPaintStyle();
    style.name = 'brand/primary';
    const icon = figma.createComponent();
    icon.name = 'Icon';
    const card = figma.createComponent();
    card.name = 'Card';
    const fill = figma.createRectangle();
    card.appendChild(fill);
    await fill.setFillStyleIdAsync(style.id);
    card.appendChild(icon.createInstance());
    const kept = figma.createComponent();
    kept.name = 'Kept';
    // The card's style is looked up (an await) before its instance is: the card goes meanwhile.
    const getStyle = figma.getStyleByIdAsync.bind(figma);
    figma.getStyleByIdAsync = async (id: string) => {
      const found = await getStyle(id);
      if (!card.removed) card.remove();
      return found;
    };
    const result = await createSnapshotter(figma, { yieldAsync: noYield }).snapshotAsync();
    expect(result.components.map((payload) => payload.name).sort()).toEqual(['Icon', 'Kept']);
  });

  it('a layer a teammate deletes while its component is being read: the component is read as it is now', async () => {
    const fake = createFakeFigma();
    const figma = fake.figma;
    const style = figma.createPaintStyle();
    const icon = figma.createComponent();
    icon.name = 'Icon';
    const card = figma.createComponent();
    card.name = 'Card';
    const fill = figma.createRectangle();
    card.appendChild(fill);
    await fill.setFillStyleIdAsync(style.id);
    const instance = icon.createInstance();
    card.appendChild(instance);
    const getStyle = figma.getStyleByIdAsync.bind(figma);
    figma.getStyleByIdAsync = async (id: string) => {
      const found = await getStyle(id);
      if (!instance.removed) instance.remove();
      return found;
    };
    const result = byName(await createSnapshotter(figma, { yieldAsync: noYield }).snapshotAsync());
    const fresh = byName(await createSnapshotter(figma, { yieldAsync: noYield }).snapshotAsync());
    expect(result.get('Card')!.hash).toBe(fresh.get('Card')!.hash);
  });

  it('a page a teammate removes while it loads is left out, not a failed run', async () => {
    const fake = createFakeFigma();
    const figma = fake.figma;
    const kept = figma.createComponent();
    kept.name = 'Kept';
    const page = figma.createPage();
    page.name = 'Going';
    page.appendChild(figma.createComponent());
    fake.relaunch();
    const going = fake.figma.root.children.find((each) => each.name === 'Going')!;
    const load = going.loadAsync.bind(going);
    going.loadAsync = async () => {
      await load();
      going.remove();
    };
    const result = await createSnapshotter(fake.figma, { yieldAsync: noYield }).snapshotAsync();
    expect(result.components.map((payload) => payload.name)).toEqual(['Kept']);
  });
});
