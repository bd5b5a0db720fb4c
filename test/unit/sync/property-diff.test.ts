import { describe, expect, it } from 'vitest';
import { createFakeFigma } from '../../fake-figma';
import { buildSnapshotFixtureAsync } from '../../fixtures/snapshot-fixture';
import type { Component } from '../../../src/shared/api/builder/schemas';
import { createSnapshotter, type ComponentPayload } from '../../../src/snapshot';
import { changeChips } from '../../../src/sync/change-chips';
import { componentFacts, diffComponents, formatValue, type DiffableComponent } from '../../../src/sync/property-diff';

const noYield = (): Promise<void> => Promise.resolve();

async function snapshotPairAsync(edit: (fixture: Awaited<ReturnType<typeof buildSnapshotFixtureAsync>>, figma: PluginAPI) => void | Promise<void>) {
  const fake = createFakeFigma();
  const fixture = await buildSnapshotFixtureAsync(fake);
  const snapshotter = createSnapshotter(fake.figma, { yieldAsync: noYield, incremental: false });
  const before = await snapshotter.snapshotAsync();
  await edit(fixture, fake.figma);
  const after = await snapshotter.snapshotAsync({ full: true });
  const byName = (list: ComponentPayload[]) => new Map(list.map((payload) => [payload.name, payload]));
  return { before: byName(before.components), after: byName(after.components) };
}

function variant(set: ComponentSetNode, name: string): ComponentNode {
  return set.children.find((child) => child.name === name) as ComponentNode;
}

describe('diffComponents', () => {
  it('finds nothing between a payload and itself, or its copy with keys in another order (as the API returns it)', async () => {
    const { before } = await snapshotPairAsync(() => undefined);
    for (const payload of before.values()) {
      expect(diffComponents(payload, payload)).toEqual([]);
      const reordered = JSON.parse(JSON.stringify(payload, (_key, value: unknown) =>
        value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).reverse()) : value,
      )) as ComponentPayload;
      expect(diffComponents(payload, reordered)).toEqual([]);
    }
  });

  it('describes edits inside a variant of a set in words, with colours for swatches', async () => {
    const { before, after } = await snapshotPairAsync((fixture) => {
      const primary = variant(fixture.buttonSet, 'Type=Primary, Size=Small');
      primary.paddingLeft = 20;
      const label = primary.children[0] as TextNode;
      label.characters = 'Shop the sale';
      const secondary = variant(fixture.buttonSet, 'Type=Secondary, Size=Large');
      secondary.fills = [{ type: 'SOLID', color: { r: 0, g: 0x52 / 255, b: 0xcc / 255 } }];
      fixture.buttonSet.description = 'Call to action.';
    });
    const changes = diffComponents(before.get('Button')!, after.get('Button')!);
    expect(changes).toEqual(
      expect.arrayContaining([
        { path: 'Button', property: 'description', before: '"Call to action. Use Primary once per email."', after: '"Call to action."' },
        { path: 'Button / Type=Primary, Size=Small', property: 'padding left', before: '16', after: '20' },
        { path: 'Button / Type=Primary, Size=Small › Label', property: 'characters', before: '"Buy now"', after: '"Shop the sale"' },
        { path: 'Button / Type=Secondary, Size=Large', property: 'fill', before: '#ffffff', after: '#0052cc', beforeColor: '#ffffff', afterColor: '#0052cc' },
      ]),
    );
    // Nothing else: widths follow the text (the fake lays out auto layout), so allow those only.
    const others = changes.filter((item) => !['description', 'padding left', 'characters', 'fill'].includes(item.property));
    for (const item of others) expect(['width', 'height', 'x', 'y']).toContain(item.property);
  });

  it('says in words which shape detail changed: a vector path, stroke ends and dashes, paragraph spacing; the chips name them', async () => {
    const { before, after } = await snapshotPairAsync((fixture) => {
      const arrow = fixture.iconArrow.children[0] as VectorNode;
      arrow.vectorPaths = [{ windingRule: 'NONZERO', data: 'M 0 0 L 12 6 L 0 12' }];
      arrow.strokeCap = 'ROUND';
      fixture.productCard.dashPattern = [4, 2];
      fixture.texts.get('Legal')!.paragraphSpacing = 8;
      fixture.productCard.minWidth = 200;
    });
    const icon = diffComponents(before.get('Icon/Arrow')!, after.get('Icon/Arrow')!);
    expect(icon.map((item) => item.property).sort()).toEqual(['stroke ends', 'vector path']);
    expect(icon.find((item) => item.property === 'stroke ends')).toMatchObject({ before: null, after: 'round' });
    expect(changeChips(before.get('Icon/Arrow')!, after.get('Icon/Arrow')!)).toEqual(['stroke', 'other']);
    const card = diffComponents(before.get('Product card')!, after.get('Product card')!);
    expect(card).toEqual(expect.arrayContaining([expect.objectContaining({ property: 'dashes', before: null, after: '4 2' }), expect.objectContaining({ property: 'min width', before: null, after: '200' })]));
    expect(card).toHaveLength(2);
    expect(changeChips(before.get('Product card')!, after.get('Product card')!)).toEqual(['stroke', 'size']);
    expect(diffComponents(before.get('Footer')!, after.get('Footer')!)).toEqual([expect.objectContaining({ property: 'paragraph spacing, indent', before: null, after: 'spacing 8' })]);
    expect(changeChips(before.get('Footer')!, after.get('Footer')!)).toEqual(['text']);
  });

  it('sees an edit of one paragraph’s spacing where paragraphs differ, and says which paragraphs', async () => {
    const fake = createFakeFigma();
    const fixture = await buildSnapshotFixtureAsync(fake);
    const legal = fixture.texts.get('Legal')!;
    legal.characters = 'You signed up.\nUnsubscribe';
    legal.setRangeParagraphSpacing(0, 1, 12);
    const snapshotter = createSnapshotter(fake.figma, { yieldAsync: noYield, incremental: false });
    const before = (await snapshotter.snapshotAsync()).components.find((payload) => payload.name === 'Footer')!;
    legal.setRangeParagraphIndent(16, 17, 4);
    const after = (await snapshotter.snapshotAsync({ full: true })).components.find((payload) => payload.name === 'Footer')!;
    expect(after.hash).not.toBe(before.hash);
    expect(diffComponents(before, after)).toEqual([
      expect.objectContaining({ property: 'paragraph spacing, indent', before: '0–15 spacing 12; 15–26 none', after: '0–15 spacing 12; 15–26 indent 4' }),
    ]);
    expect(changeChips(before, after)).toEqual(['text']);
  });

  it('names a boolean operation, star points and inner radius, polygon points, with the defaults they leave', async () => {
    const fake = createFakeFigma();
    await buildSnapshotFixtureAsync(fake);
    const figma = fake.figma;
    const icon = figma.createComponent();
    icon.name = 'Icon/Badge';
    const hexagon = figma.createPolygon();
    const star = figma.createStar();
    icon.appendChild(hexagon);
    icon.appendChild(star);
    const badge = figma.union([hexagon, star], icon);
    const snapshotter = createSnapshotter(figma, { yieldAsync: noYield, incremental: false });
    const payload = async () => (await snapshotter.snapshotAsync({ full: true })).components.find((item) => item.name === 'Icon/Badge')!;
    const before = await payload();
    badge.booleanOperation = 'SUBTRACT';
    hexagon.pointCount = 6;
    star.pointCount = 7;
    star.innerRadius = 0.5;
    const after = await payload();
    expect(diffComponents(before, after)).toEqual([
      { path: 'Icon/Badge › Union', property: 'boolean operation', before: 'union', after: 'subtract' },
      { path: 'Icon/Badge › Union › Polygon', property: 'points', before: '3', after: '6' },
      { path: 'Icon/Badge › Union › Star', property: 'inner radius', before: '0.382', after: '0.5' },
      { path: 'Icon/Badge › Union › Star', property: 'points', before: '5', after: '7' },
    ]);
    expect(changeChips(before, after)).toEqual(['other']);
  });

  it('names a list made or changed in a text: its kind, characters, level and spacing', async () => {
    let length = 0;
    const { before, after } = await snapshotPairAsync((fixture) => {
      const legal = fixture.texts.get('Legal')!;
      length = legal.characters.length;
      legal.setRangeListOptions(0, 1, { type: 'UNORDERED' });
      legal.setRangeIndentation(0, 1, 1);
      legal.listSpacing = 4;
    });
    expect(diffComponents(before.get('Footer')!, after.get('Footer')!)).toEqual([
      expect.objectContaining({ property: 'list', before: null, after: `bulleted 0–${length} level 1 spacing 4` }),
    ]);
    expect(changeChips(before.get('Footer')!, after.get('Footer')!)).toEqual(['text']);
  });

  it('reports variants and component property definitions', async () => {
    const { before, after } = await snapshotPairAsync((fixture, figma) => {
      const set = fixture.buttonSet;
      const labelKey = Object.keys(set.componentPropertyDefinitions).find((key) => key.startsWith('Label#'))!;
      set.editComponentProperty(labelKey, { defaultValue: 'Shop now' });
      set.addComponentProperty('Badge', 'BOOLEAN', false);
      const extra = variant(set, 'Type=Secondary, Size=Large').clone();
      extra.name = 'Type=Ghost, Size=Large';
      set.appendChild(extra);
      variant(set, 'Type=Secondary, Size=Small').remove();
      void figma;
    });
    const changes = diffComponents(before.get('Button')!, after.get('Button')!);
    expect(changes).toEqual(
      expect.arrayContaining([
        { path: 'Button', property: 'component property "Label" default', before: '"Buy now"', after: '"Shop now"' },
        { path: 'Button', property: 'component property "Badge" added', before: null, after: 'boolean, default no' },
        { path: 'Button', property: 'variant added', before: null, after: 'Type=Ghost, Size=Large' },
        { path: 'Button', property: 'variant removed', before: 'Type=Secondary, Size=Small', after: null },
      ]),
    );
    // Variants are not reported a second time as layers.
    expect(changes.filter((item) => item.property.startsWith('layer'))).toEqual([]);
  });

  it('reports a property default bound to a variable, and slot settings, in words', async () => {
    const { before } = await snapshotPairAsync(() => undefined);
    const button = before.get('Button')!;
    const label = Object.keys(button.properties).find((name) => name.startsWith('Label'))!;
    const edited = JSON.parse(JSON.stringify(button)) as ComponentPayload;
    const definition = (edited.properties as unknown as Record<string, Record<string, unknown>>)[label]!;
    definition.boundVariables = { defaultValue: { collection: 'Copy', name: 'cta/label' } };
    definition.slotSettings = { minItems: 1 };
    expect(diffComponents(button, edited)).toEqual([
      { path: 'Button', property: `component property "${label}" slot settings`, before: null, after: 'min items 1' },
      { path: 'Button', property: `component property "${label}" default variable`, before: null, after: 'Copy / cta/label' },
    ]);
  });

  it('reports layers added, removed and moved, matched by name', async () => {
    const { before, after } = await snapshotPairAsync((fixture, figma) => {
      const footer = fixture.footer;
      footer.children.find((child) => child.name === 'Designer note')!.remove();
      const legal = footer.children.find((child) => child.name === 'Legal')!;
      footer.insertChild(0, legal);
      const rule = figma.createRectangle();
      rule.name = 'Rule';
      footer.appendChild(rule);
    });
    const changes = diffComponents(before.get('Footer')!, after.get('Footer')!);
    expect(changes).toEqual(
      expect.arrayContaining([
        { path: 'Footer › Designer note', property: 'layer removed', before: 'text "Do not translate the address."', after: null },
        { path: 'Footer › Legal', property: 'layer moved', before: 'position 3 of 4', after: 'position 1 of 4' },
        { path: 'Footer › Rule', property: 'layer added', before: null, after: 'rectangle' },
      ]),
    );
    // Only the moved layer is reported as moved, not the ones it pushed along.
    expect(changes.filter((item) => item.property === 'layer moved')).toHaveLength(1);
  });

  it('follows a text layer Figma renames as its text changes: the text changed (chip "text"), not a layer removed and another added', async () => {
    const fake = createFakeFigma();
    const fixture = await buildSnapshotFixtureAsync(fake);
    // A text layer never renamed by hand: Figma names it after its text, and renames it with it.
    const label = fake.figma.createText();
    label.characters = 'Buy now';
    fixture.footer.appendChild(label);
    const snapshotter = createSnapshotter(fake.figma, { yieldAsync: noYield, incremental: false });
    const footerOf = async () => (await snapshotter.snapshotAsync({ full: true })).components.find((payload) => payload.name === 'Footer')!;
    const before = await footerOf();
    label.characters = 'Shop now';
    expect(label.name).toBe('Shop now');
    const after = await footerOf();
    const changes = diffComponents(before, after);
    expect(changes).toContainEqual({ path: 'Footer › Shop now', property: 'characters', before: '"Buy now"', after: '"Shop now"' });
    expect(changes.filter((item) => item.property === 'layer removed' || item.property === 'layer added')).toEqual([]);
    const chips = changeChips(before, after);
    expect(chips).toContain('text');
    expect(chips).not.toContain('structure');
    // A layer renamed by hand, or a text layer replaced by a shape, is still a layer removed and one added.
    label.name = 'Call to action';
    expect(changeChips(after, await footerOf())).toContain('structure');
  });

  it('words auto layout, effects, fonts and visibility from the normalized format', () => {
    const base = { name: 'Card', description: '', kind: 'component', properties: {}, variants: [] };
    const before = {
      ...base,
      node: {
        type: 'COMPONENT',
        name: 'Card',
        layout: { direction: 'VERTICAL', padding: 16, gap: 8 },
        effects: [{ type: 'DROP_SHADOW', color: '#00000033', offset: [0, 4], radius: 12 }],
        children: [
          { type: 'TEXT', name: 'Title', text: { characters: 'Hi', fontFamily: 'Inter', fontStyle: 'Regular', size: 14 } },
          { type: 'TEXT', name: 'Title', text: { characters: 'Second', fontFamily: 'Inter', fontStyle: 'Regular', size: 14 } },
        ],
      },
    };
    const after = {
      ...base,
      description: 'A card',
      node: {
        type: 'COMPONENT',
        name: 'Card',
        layout: { direction: 'HORIZONTAL', padding: [16, 16, 16, 24], align: 'SPACE_BETWEEN' },
        opacity: 0.5,
        children: [
          { type: 'TEXT', name: 'Title', text: { characters: 'Hi', fontFamily: 'Inter', fontStyle: 'Bold', size: 14.5, align: 'CENTER' } },
          { type: 'TEXT', name: 'Title', visible: false, text: { characters: 'Second', fontFamily: 'Inter', fontStyle: 'Regular', size: 14 } },
        ],
      },
    };
    expect(diffComponents(before, after)).toEqual([
      { path: 'Card', property: 'description', before: null, after: '"A card"' },
      { path: 'Card', property: 'effect', before: 'drop shadow #00000033, offset 0 4, blur 12', after: null },
      { path: 'Card', property: 'alignment', before: 'min', after: 'space between' },
      { path: 'Card', property: 'auto layout', before: 'vertical', after: 'horizontal' },
      { path: 'Card', property: 'gap', before: '8', after: '0' },
      { path: 'Card', property: 'padding left', before: '16', after: '24' },
      { path: 'Card', property: 'opacity', before: '1', after: '0.5' },
      { path: 'Card › Title', property: 'font', before: 'Inter Regular', after: 'Inter Bold' },
      { path: 'Card › Title', property: 'text align', before: 'left', after: 'center' },
      { path: 'Card › Title', property: 'font size', before: '14', after: '14.5' },
      { path: 'Card › Title (2)', property: 'visible', before: 'yes', after: 'no' },
    ]);
  });

  it('compares a local payload with the API’s Component and reports a component added or removed', async () => {
    const { before } = await snapshotPairAsync(() => undefined);
    const hero = before.get('Hero')!;
    const remote: Component = { ...hero, node: { ...hero.node, name: 'Hero' }, thumbnail_url: null, updated_at: 't', updated_by: null, deleted: false, variants: [] };
    expect(diffComponents(hero, remote)).toEqual([]);
    expect(diffComponents(null, remote)).toEqual([{ path: 'Hero', property: 'component added', before: null, after: '"Hero"' }]);
    // With what the one version is, on its side, when it is whole (this file's).
    expect(diffComponents(null, remote, { describeOneSide: true })).toEqual([
      { path: 'Hero', property: 'component added', before: null, after: '"Hero"' },
      { path: 'Hero', property: 'size', before: null, after: '600 × 322.4' },
    ]);
    expect(diffComponents(hero, null, { describeOneSide: true })).toEqual([
      { path: 'Hero', property: 'component removed', before: '"Hero"', after: null },
      { path: 'Hero', property: 'size', before: '600 × 322.4', after: null },
    ]);
  });

  it('says what a component on one side only is: description, size, component properties, variants', () => {
    const button: DiffableComponent = {
      name: 'Button',
      description: 'The call to action.',
      kind: 'component_set',
      properties: { Size: { type: 'VARIANT', defaultValue: 'Small' }, Label: { type: 'TEXT', defaultValue: 'Buy now' } },
      variants: [
        { key: 'a', name: 'Size=Small', properties: {} },
        { key: 'b', name: 'Size=Large', properties: {} },
      ],
      node: { type: 'COMPONENT_SET', name: 'Button', width: 240, height: 96 },
    };
    expect(componentFacts(button)).toEqual([
      ['description', '"The call to action."'],
      ['size', '240 × 96'],
      ['component property "Label"', 'text, default "Buy now"'],
      ['component property "Size"', 'variant, default "Small"'],
      ['2 variants', 'Size=Small; Size=Large'],
    ]);
    expect(diffComponents(null, button, { describeOneSide: true }).slice(1)).toEqual(componentFacts(button).map(([property, after]) => ({ path: 'Button', property, before: null, after })));
    // Nothing said of what it does not have; a long list is cut short.
    const many = { ...button, description: '', properties: {}, node: {}, variants: Array.from({ length: 30 }, (_, index) => ({ key: String(index), name: `Size=${index}`, properties: {} })) };
    const facts = componentFacts(many);
    expect(facts.map(([property]) => property)).toEqual(['30 variants']);
    expect(facts[0]![1]).toMatch(/^Size=0; Size=1; .*…$/);
    expect(facts[0]![1].length).toBeLessThanOrEqual(80);
  });

  it('formats values for people, briefly', () => {
    expect(formatValue(12.5)).toBe('12.5');
    expect(formatValue(-0)).toBe('0');
    expect(formatValue('HUG')).toBe('hug');
    expect(formatValue('#0A66FF')).toBe('#0a66ff');
    expect(formatValue({ type: 'GRADIENT_LINEAR', stops: [{ color: '#ffffff', position: 0 }, { color: '#000000', position: 1 }], transform: [1, 0, 0, 0, 1, 0] })).toBe('linear gradient #ffffff → #000000');
    expect(formatValue({ type: 'IMAGE', imageHash: 'abc', scaleMode: 'FILL' })).toBe('image (fill)');
    expect(formatValue('x'.repeat(200))!.length).toBeLessThanOrEqual(80);
    const big = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`field${i}`, i]));
    expect(formatValue(big)!.length).toBeLessThanOrEqual(80);
    expect(formatValue(null)).toBeNull();
  });
});
