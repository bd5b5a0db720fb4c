// The normalizer over plain objects shaped like the typings' node interfaces (no fake Figma).
import { describe, expect, it } from 'vitest';
import { canonicalJson, hasCanonicalKeyOrder } from '../../../src/snapshot/canonical-json';
import { colorToHex } from '../../../src/snapshot/color';
import { buildPropertyNameMap, finishComponentHash, hashedDescription, hashInput, normalizeComponent } from '../../../src/snapshot/normalize/component';
import type { NormalizeContext } from '../../../src/snapshot/normalize/common';
import { normalizeNode } from '../../../src/snapshot/normalize/node';
import { ReferenceCollector } from '../../../src/snapshot/references';
import { beginHash, hashLanes, structuralHash } from '../../../src/snapshot/structural-hash';
import { base, frame, MIXED, NO_LIST, paintable, referencePlaces, text, type Plain } from './plain-nodes';

function context(refs = new ReferenceCollector(), names: Map<string, string> = new Map()): NormalizeContext {
  return { mixed: MIXED, propertyNames: names, refs };
}

function run(node: Plain, ctx = context()): Plain {
  return normalizeNode(ctx, node as unknown as SceneNode) as unknown as Plain;
}

describe('normalizeNode', () => {
  it('writes a minimal frame with defaults left out and keys in canonical order', () => {
    const out = run(frame('Card', []));
    expect(out).toEqual({ children: [], height: 40, name: 'Card', type: 'FRAME', width: 100 });
    expect(Object.keys(out)).toEqual(['children', 'height', 'name', 'type', 'width']);
  });

  it('captures auto layout, and child placement by layout (no x/y unless absolute)', () => {
    const out = run(
      frame('Row', [
        text('Label', 'Buy now', { x: 24, y: 12, layoutSizingHorizontal: 'FILL', layoutSizingVertical: 'HUG', textAutoResize: 'HEIGHT' }),
        paintable('RECTANGLE', 'Badge', { x: 90.123, y: -4, layoutPositioning: 'ABSOLUTE' }),
      ], {
        layoutMode: 'HORIZONTAL',
        paddingTop: 12, paddingRight: 24, paddingBottom: 12, paddingLeft: 24,
        itemSpacing: 8, primaryAxisAlignItems: 'CENTER', counterAxisAlignItems: 'CENTER', primaryAxisSizingMode: 'FIXED',
      }),
    );
    expect(out.layout).toEqual({ align: 'CENTER', counterAlign: 'CENTER', direction: 'HORIZONTAL', gap: 8, padding: [12, 24, 12, 24], primarySizing: 'FIXED' });
    const [label, badge] = out.children as Plain[];
    expect(label!.x).toBeUndefined();
    // FIXED sizing is the default and left out; so is a text's HUG where its autoResize grows.
    expect([label!.horizontalSizing, label!.verticalSizing, label!.positioning]).toEqual(['FILL', undefined, undefined]);
    expect([badge!.horizontalSizing, badge!.verticalSizing, badge!.positioning]).toEqual([undefined, undefined, 'ABSOLUTE']);
    expect([badge!.x, badge!.y]).toEqual([90.12, -4]);
  });

  it("leaves out a text's sizing where it follows from autoResize, and writes any other", () => {
    const sizing = (textAutoResize: string, layoutSizingHorizontal: string, layoutSizingVertical: string): unknown[] => {
      const out = run(frame('Row', [text('Label', 'Hi', { textAutoResize, layoutSizingHorizontal, layoutSizingVertical })], { layoutMode: 'HORIZONTAL' }));
      const label = (out.children as Plain[])[0]!;
      return [label.horizontalSizing, label.verticalSizing, (label.text as Plain).autoResize];
    };
    expect(sizing('WIDTH_AND_HEIGHT', 'HUG', 'HUG')).toEqual([undefined, undefined, undefined]);
    expect(sizing('HEIGHT', 'FIXED', 'HUG')).toEqual([undefined, undefined, 'HEIGHT']);
    expect(sizing('HEIGHT', 'FILL', 'HUG')).toEqual(['FILL', undefined, 'HEIGHT']);
    expect(sizing('NONE', 'FIXED', 'FIXED')).toEqual([undefined, undefined, 'NONE']);
    expect(sizing('NONE', 'FILL', 'FILL')).toEqual(['FILL', 'FILL', 'NONE']);
    // Combinations Figma does not make are still told apart from the defaults.
    expect(sizing('WIDTH_AND_HEIGHT', 'FIXED', 'FIXED')).toEqual(['FIXED', 'FIXED', undefined]);
    expect(sizing('NONE', 'HUG', 'HUG')).toEqual(['HUG', 'HUG', 'NONE']);
    // Outside auto layout no sizing is written at all.
    const free = (run(frame('Box', [text('Label', 'Hi', { textAutoResize: 'NONE', layoutSizingHorizontal: 'FIXED' })])).children as Plain[])[0]!;
    expect([free.horizontalSizing, free.verticalSizing]).toEqual([undefined, undefined]);
  });

  it('captures a grid layout: its tracks and gaps, and each child’s cell, span and alignment', () => {
    const cell = (name: string, extra: Plain): Plain => paintable('RECTANGLE', name, { gridRowAnchorIndex: 0, gridColumnAnchorIndex: 0, gridRowSpan: 1, gridColumnSpan: 1, gridChildHorizontalAlign: 'AUTO', gridChildVerticalAlign: 'AUTO', ...extra });
    const grid = (extra: Plain = {}, second: Plain = {}): Plain =>
      run(frame('Products', [cell('A', {}), cell('B', { gridColumnAnchorIndex: 1, gridRowSpan: 2, gridChildHorizontalAlign: 'CENTER', ...second })], {
        layoutMode: 'GRID', gridRowCount: 2, gridColumnCount: 2, gridRowGap: 8, gridColumnGap: 12.345,
        gridRowSizes: [{ type: 'HUG' }, { type: 'FIXED', value: 40 }], gridColumnSizes: [{ type: 'FLEX', value: 1 }, { type: 'FLEX', value: 2 }],
        ...extra,
      }));
    const out = grid();
    expect((out.layout as Plain).grid).toEqual({ columnGap: 12.35, columns: [{ type: 'FLEX', value: 1 }, { type: 'FLEX', value: 2 }], rowGap: 8, rows: [{ type: 'HUG' }, { type: 'FIXED', value: 40 }] });
    const [a, b] = out.children as Plain[];
    expect(a!.grid).toEqual({ column: 0, row: 0 });
    expect(b!.grid).toEqual({ column: 1, horizontalAlign: 'CENTER', row: 0, rowSpan: 2 });
    expect(a!.x).toBeUndefined();
    expect(JSON.stringify(out)).toBe(canonicalJson(out));
    // Each of these is a designer's edit.
    expect(grid({ gridColumnSizes: [{ type: 'FLEX', value: 1 }, { type: 'FIXED', value: 200 }] })).not.toEqual(out);
    expect(grid({ gridRowGap: 4 })).not.toEqual(out);
    expect(grid({}, { gridRowAnchorIndex: 1 })).not.toEqual(out);
    expect(grid({}, { gridColumnSpan: 2 })).not.toEqual(out);
    expect(grid({}, { gridChildVerticalAlign: 'MAX' })).not.toEqual(out);
    // A child taken out of the grid has a position instead of a cell.
    const free = (grid({}, { layoutPositioning: 'ABSOLUTE', x: 3, y: 4 }).children as Plain[])[1]!;
    expect([free.grid, free.x, free.y, free.positioning]).toEqual([undefined, 3, 4, 'ABSOLUTE']);
  });

  it('writes equal padding on all four sides as one number', () => {
    const layout = (padding: number[]): unknown => {
      const [paddingTop, paddingRight, paddingBottom, paddingLeft] = padding;
      return run(frame('Box', [], { layoutMode: 'VERTICAL', paddingTop, paddingRight, paddingBottom, paddingLeft })).layout;
    };
    expect(layout([16, 16, 16, 16])).toEqual({ direction: 'VERTICAL', padding: 16 });
    expect(layout([0, 0, 0, 0])).toEqual({ direction: 'VERTICAL' });
    expect(layout([0, 0, 0, 8])).toEqual({ direction: 'VERTICAL', padding: [0, 0, 0, 8] });
  });

  it('writes a plain solid paint as its colour, and any other solid paint as an object', () => {
    const fills = (paint: Record<string, unknown>): unknown => run(paintable('RECTANGLE', 'R', { fills: [{ type: 'SOLID', color: { r: 0, g: 0.5, b: 1 }, ...paint }] })).fills;
    expect(fills({})).toEqual(['#0080ff']);
    expect(fills({ opacity: 0.5, visible: true, blendMode: 'NORMAL', boundVariables: {} })).toEqual(['#0080ff80']);
    expect(fills({ visible: false })).toEqual([{ color: '#0080ff', type: 'SOLID', visible: false }]);
    expect(fills({ blendMode: 'MULTIPLY' })).toEqual([{ blendMode: 'MULTIPLY', color: '#0080ff', type: 'SOLID' }]);
    const refs = new ReferenceCollector();
    const bound = run(paintable('RECTANGLE', 'R', { fills: [{ type: 'SOLID', color: { r: 0, g: 0, b: 0 }, boundVariables: { color: { type: 'VARIABLE_ALIAS', id: 'V:ink' } } }] }), context(refs));
    expect(bound.fills).toEqual([{ boundVariables: { color: 'V:ink' }, color: '#000000', type: 'SOLID' }]);
    expect(refs.pending.map((ref) => [ref.kind, ref.id])).toEqual([['variable', 'V:ink']]);
  });

  it('writes a plain solid paint exactly as colorToHex does, rounding and clamping included', () => {
    // The paint loop has its own inline copy of the RGB rounding (normalize/paints.ts): it must agree.
    const channels = [0, 0.5 / 255, 0.4999 / 255, 0.1, 0.5, 127.5 / 255, 0.99, 254.5 / 255, 1, -0.2, 1.3, Number.NaN];
    for (const r of channels) {
      for (const g of [0, 0.5, 1]) {
        const color = { r, g, b: 1 - g };
        const fills = run(paintable('RECTANGLE', 'R', { fills: [{ type: 'SOLID', color, opacity: 1 }] })).fills;
        expect(fills).toEqual([colorToHex(color)]);
      }
    }
  });

  it('reads an instance whose SLOT property has no value (the slot’s layers are its value)', () => {
    const instance = paintable('INSTANCE', 'Card', {
      componentProperties: { 'Content#9:0': { type: 'SLOT' }, 'Title#1:0': { type: 'TEXT', value: 'Hi' } },
      children: [frame('Content', [text('Body', 'Hello')], { type: 'SLOT' })],
      layoutMode: 'NONE',
    });
    const out = run(instance);
    expect(out.componentProperties).toEqual({ Title: 'Hi' });
    expect(JSON.stringify(out)).toBe(canonicalJson(out));
  });

  it('writes no opacity for a layer type without one (a slice)', () => {
    const slice = base('SLICE', 'Export area', { opacity: undefined, blendMode: undefined });
    const out = run(frame('Free', [slice]));
    expect((out.children as Plain[])[0]).toEqual({ height: 40, name: 'Export area', type: 'SLICE', width: 100, x: 0, y: 0 });
  });

  it('keeps x/y for children of frames without auto layout, but never for the root', () => {
    const out = run(frame('Free', [paintable('ELLIPSE', 'Dot', { x: 5, y: 6 })], { x: 1000, y: 2000 }));
    expect(out.x).toBeUndefined();
    expect((out.children as Plain[])[0]).toMatchObject({ x: 5, y: 6 });
  });

  it('writes colours as hex with paint opacity folded into alpha, plus gradients and images', () => {
    const out = run(
      paintable('RECTANGLE', 'Swatch', {
        fills: [
          { type: 'SOLID', color: { r: 1, g: 0.5, b: 0 }, opacity: 0.5, visible: true, blendMode: 'NORMAL' },
          {
            type: 'GRADIENT_LINEAR', visible: false, opacity: 1, blendMode: 'MULTIPLY',
            gradientTransform: [[1, 0, 0], [0, 1, 0.123456]],
            gradientStops: [{ position: 0, color: { r: 0, g: 0, b: 0, a: 1 } }, { position: 1, color: { r: 1, g: 1, b: 1, a: 0 } }],
          },
          { type: 'IMAGE', imageHash: 'abc123', scaleMode: 'FILL', visible: true, opacity: 0.8 },
        ],
        cornerRadius: MIXED, topLeftRadius: 8, topRightRadius: 8, bottomRightRadius: 0, bottomLeftRadius: 0,
        effects: [{ type: 'DROP_SHADOW', color: { r: 0, g: 0, b: 0, a: 0.25 }, offset: { x: 0, y: 2 }, radius: 4, spread: 0, visible: true, blendMode: 'NORMAL' }],
        opacity: 0.5,
        rotation: 90,
      }),
    );
    expect(out.fills).toEqual([
      '#ff800080',
      { blendMode: 'MULTIPLY', stops: [{ color: '#000000', position: 0 }, { color: '#ffffff00', position: 1 }], transform: [1, 0, 0, 0, 1, 0.1235], type: 'GRADIENT_LINEAR', visible: false },
      { imageHash: 'abc123', opacity: 0.8, scaleMode: 'FILL', type: 'IMAGE' },
    ]);
    expect(out.cornerRadius).toEqual([8, 8, 0, 0]);
    expect(out.effects).toEqual([{ color: '#00000040', offset: [0, 2], radius: 4, type: 'DROP_SHADOW' }]);
    expect(out.opacity).toBe(0.5);
    expect(out.rotation).toBe(90);
  });

  it("captures an image's crop, a progressive blur, and every field of paints and effects without rules of their own", () => {
    const crop = (imageTransform: number[][]): unknown => run(paintable('RECTANGLE', 'Photo', { fills: [{ type: 'IMAGE', imageHash: 'abc', scaleMode: 'CROP', imageTransform }] })).fills;
    expect(crop([[0.5, 0, 0.25], [0, 0.5, 0.1]])).toEqual([{ imageHash: 'abc', scaleMode: 'CROP', transform: [0.5, 0, 0.25, 0, 0.5, 0.1], type: 'IMAGE' }]);
    expect(crop([[0.5, 0, 0.25], [0, 0.5, 0.1]])).not.toEqual(crop([[0.5, 0, 0.3], [0, 0.5, 0.1]]));

    const effects = (effect: Record<string, unknown>): unknown => run(paintable('RECTANGLE', 'R', { effects: [{ visible: true, ...effect }] })).effects;
    expect(effects({ type: 'LAYER_BLUR', blurType: 'NORMAL', radius: 4 })).toEqual([{ radius: 4, type: 'LAYER_BLUR' }]);
    expect(effects({ type: 'LAYER_BLUR', blurType: 'PROGRESSIVE', radius: 8, startRadius: 0, startOffset: { x: 0, y: 0 }, endOffset: { x: 0, y: 1.234 } })).toEqual([
      { blurType: 'PROGRESSIVE', endOffset: [0, 1.23], radius: 8, startOffset: [0, 0], startRadius: 0, type: 'LAYER_BLUR' },
    ]);
    const noise = { type: 'NOISE', noiseType: 'DUOTONE', color: { r: 0, g: 0, b: 0, a: 0.5 }, secondaryColor: { r: 1, g: 1, b: 1, a: 1 }, blendMode: 'NORMAL', noiseSize: 0.3, density: 0.8, boundVariables: {} };
    expect(effects(noise)).toEqual([{ color: '#00000080', density: 0.8, noiseSize: 0.3, noiseType: 'DUOTONE', secondaryColor: '#ffffff', type: 'NOISE' }]);
    expect(effects(noise)).not.toEqual(effects({ ...noise, density: 0.5 }));
    expect(effects({ type: 'GLASS', lightIntensity: 0.5, lightAngle: -45, refraction: 0.8, depth: 20, dispersion: 0, radius: 4, visible: false })).toEqual([
      { depth: 20, dispersion: 0, lightAngle: -45, lightIntensity: 0.5, radius: 4, refraction: 0.8, type: 'GLASS', visible: false },
    ]);

    const video = { type: 'VIDEO', videoHash: 'v1', scaleMode: 'FILL', opacity: 1, visible: true, blendMode: 'NORMAL' };
    const fills = (paint: Record<string, unknown>): unknown => run(paintable('RECTANGLE', 'R', { fills: [paint] })).fills;
    expect(fills(video)).toEqual([{ scaleMode: 'FILL', type: 'VIDEO', videoHash: 'v1' }]);
    expect(fills(video)).not.toEqual(fills({ ...video, videoHash: 'v2' }));
  });

  it('captures text styling, and mixed text as styled segments', () => {
    const simple = run(text('Title', 'Hello', { fontSize: 24.004, lineHeight: { unit: 'PIXELS', value: 32 }, textCase: 'UPPER', hyperlink: { type: 'URL', value: 'https://example.com' } }));
    // WIDTH_AND_HEIGHT, a new text layer's auto-resize, is the default and left out.
    expect(simple.text).toEqual({
      case: 'UPPER', characters: 'Hello', fontFamily: 'Inter', fontStyle: 'Regular',
      hyperlink: { type: 'URL', value: 'https://example.com' }, lineHeight: '32px', size: 24,
    });
    const segments = [
      { start: 0, end: 5, characters: 'Terms', fontName: { family: 'Inter', style: 'Bold' }, fontSize: 12, lineHeight: { unit: 'AUTO' }, letterSpacing: { unit: 'PIXELS', value: 0 }, textCase: 'ORIGINAL', textDecoration: 'UNDERLINE', fills: [], fillStyleId: '', textStyleId: 'S:link', hyperlink: { type: 'URL', value: 'https://example.com/terms' }, ...NO_LIST },
      { start: 5, end: 11, characters: ' apply', fontName: { family: 'Inter', style: 'Regular' }, fontSize: 12, lineHeight: { unit: 'AUTO' }, letterSpacing: { unit: 'PIXELS', value: 0 }, textCase: 'ORIGINAL', textDecoration: 'NONE', fills: [], fillStyleId: '', textStyleId: '', hyperlink: null, ...NO_LIST },
    ];
    const refs = new ReferenceCollector();
    const mixed = run(text('Legal', 'Terms apply', { fontName: MIXED, textStyleId: MIXED, getStyledTextSegments: () => segments }), context(refs));
    const mixedText = mixed.text as Plain;
    expect(mixedText.fontFamily).toBeUndefined();
    expect(mixedText.segments).toEqual([
      { decoration: 'UNDERLINE', end: 5, fills: [], fontFamily: 'Inter', fontStyle: 'Bold', hyperlink: { type: 'URL', value: 'https://example.com/terms' }, size: 12, start: 0, textStyle: 'S:link' },
      { end: 11, fills: [], fontFamily: 'Inter', fontStyle: 'Regular', size: 12, start: 5 },
    ]);
    expect(refs.pending.map((ref) => [ref.kind, ref.id])).toEqual([['style', 'S:link']]);
  });

  it('records style, variable and instance references as placeholders to resolve', () => {
    const refs = new ReferenceCollector();
    const instance = frame('Icon', [], {
      type: 'INSTANCE',
      componentProperties: { 'Glyph#4:2': { type: 'INSTANCE_SWAP', value: '9:9' }, Size: { type: 'VARIANT', value: 'Small' } },
      fillStyleId: 'S:brand',
      boundVariables: { fills: [{ type: 'VARIABLE_ALIAS', id: 'V:primary' }], paddingLeft: { type: 'VARIABLE_ALIAS', id: 'V:space' } },
      componentPropertyReferences: { mainComponent: 'Icon#3:1' },
    });
    const out = run(instance, context(refs, new Map([['Icon#3:1', 'Icon']])));
    expect(out.componentKey).toBe(instance.id);
    expect(out.componentProperties).toEqual({ Glyph: '9:9', Size: 'Small' });
    expect(out.propertyRefs).toEqual({ mainComponent: 'Icon' });
    expect(refs.pending.map((ref) => [ref.kind, ref.id])).toEqual([
      ['variable', 'V:primary'],
      ['variable', 'V:space'],
      ['instance', instance.id],
      ['component-id', '9:9'],
      ['style', 'S:brand'],
    ]);
    // Patching a placeholder keeps the key order.
    for (const ref of refs.pending) (ref.target as Record<string | number, unknown>)[ref.field] = `resolved ${ref.id}`;
    expect(hasCanonicalKeyOrder(out)).toBe(true);
    expect(out.fillStyle).toBe('resolved S:brand');
  });

  it('captures hidden layers of the component itself with visible: false', () => {
    const out = run(frame('Button', [paintable('VECTOR', 'Icon', { visible: false, componentPropertyReferences: { visible: 'Show icon#1:0' } })]));
    expect((out.children as Plain[])[0]).toMatchObject({ name: 'Icon', propertyRefs: { visible: 'Show icon' }, visible: false });
  });

  it('is always canonical JSON (keys sorted) for a tree using every feature', () => {
    const out = run(
      frame('All', [text('T', 'x', { textDecoration: 'STRIKETHROUGH' }), paintable('RECTANGLE', 'R', { strokes: [{ type: 'SOLID', color: { r: 0, g: 0, b: 0 } }], strokeWeight: MIXED, strokeTopWeight: 1, strokeRightWeight: 2, strokeBottomWeight: 3, strokeLeftWeight: 4, strokeCap: 'ROUND', strokeJoin: 'ROUND', dashPattern: [2], cornerRadius: 4, cornerSmoothing: 0.5, isMask: true }),
        paintable('VECTOR', 'V', { vectorPaths: [{ windingRule: 'NONZERO', data: 'M 0 0 L 1 1' }], strokes: [{ type: 'SOLID', color: { r: 0, g: 0, b: 0 } }], strokeMiterLimit: 8 }),
        paintable('ELLIPSE', 'E', { arcData: { startingAngle: 1, endingAngle: 2, innerRadius: 0.25 } }),
        paintable('BOOLEAN_OPERATION', 'B', { booleanOperation: 'EXCLUDE', cornerRadius: 3, cornerSmoothing: 0.5, children: [paintable('STAR', 'S', { pointCount: 4, innerRadius: 0.2 }), paintable('POLYGON', 'G', { pointCount: 6 })] }),
        text('P', 'a', { paragraphSpacing: 4, paragraphIndent: 2, textTruncation: 'ENDING', maxLines: null, textAlignVertical: 'CENTER', textStyleId: 'S:t' }),
        text('L', 'a\nb', { lineHeight: { unit: 'PIXELS', value: 20 }, paragraphSpacing: 4, getStyledTextSegments: () => [{ start: 0, end: 3, characters: 'a\nb', listOptions: { type: 'ORDERED' }, indentation: 1, listSpacing: 2 }] })], {
        layoutMode: 'VERTICAL', layoutWrap: 'WRAP', counterAxisSpacing: 4, clipsContent: true, effectStyleId: 'S:e', strokeStyleId: 'S:s', blendMode: 'MULTIPLY', visible: false,
        strokes: [{ type: 'SOLID', color: { r: 1, g: 1, b: 1 } }],
      }),
    );
    expect(JSON.stringify(out)).toBe(canonicalJson(out));
    expect(hasCanonicalKeyOrder(out)).toBe(true);
  });

  it('captures shape details a designer edits alone: paths, arcs, boolean operations, star and polygon points, smoothing, stroke ends/joins/dashes, masks, paragraphs, truncation, lists', () => {
    const changed = (node: Plain, edit: Plain): boolean => canonicalJson(run(node)) !== canonicalJson(run({ ...node, ...edit }));
    const icon = paintable('VECTOR', 'Icon', { vectorPaths: [{ windingRule: 'NONZERO', data: 'M 0 0 L 10 10 Z' }], strokes: [{ type: 'SOLID', color: { r: 0, g: 0, b: 0 } }] });
    // An icon redrawn at the same size, with the same paints, is a different icon.
    expect(changed(icon, { vectorPaths: [{ windingRule: 'NONZERO', data: 'M 0 0 L 10 0 L 10 10 Z' }] })).toBe(true);
    expect(changed(icon, { vectorPaths: [{ windingRule: 'EVENODD', data: 'M 0 0 L 10 10 Z' }] })).toBe(true);
    expect(changed(icon, { strokeCap: 'ROUND' })).toBe(true);
    expect(changed(icon, { strokeJoin: 'BEVEL' })).toBe(true);
    expect(changed(icon, { strokeMiterLimit: 10 })).toBe(true);
    expect(changed(icon, { dashPattern: [4, 2] })).toBe(true);
    expect(changed(icon, { isMask: true })).toBe(true);
    expect(run({ ...icon, isMask: true, maskType: 'VECTOR' }).mask).toBe('VECTOR');
    const dot = paintable('ELLIPSE', 'Dot');
    expect(run(dot).geometry).toBeUndefined();
    expect(run({ ...dot, arcData: { startingAngle: 0, endingAngle: Math.PI, innerRadius: 0 } }).geometry).toEqual({ arc: [0, 3.1416, 0] });
    // Icons are made of stars, polygons and boolean operations: their kind and points matter alone.
    const star = paintable('STAR', 'Star');
    expect(run(star).geometry).toEqual({ innerRadius: 0.382 });
    expect(changed(star, { pointCount: 6 })).toBe(true);
    expect(changed(star, { innerRadius: 0.5 })).toBe(true);
    const polygon = paintable('POLYGON', 'Polygon');
    expect(run(polygon).geometry).toBeUndefined();
    expect(run({ ...polygon, pointCount: 8, cornerRadius: 2, cornerSmoothing: 0.6 }).geometry).toEqual({ cornerSmoothing: 0.6, pointCount: 8 });
    const cutout = paintable('BOOLEAN_OPERATION', 'Cutout', { children: [paintable('RECTANGLE', 'Square'), paintable('STAR', 'Hole', { pointCount: 7 })] });
    expect(run(cutout).geometry).toBeUndefined();
    expect(run({ ...cutout, booleanOperation: 'SUBTRACT', cornerRadius: 2, cornerSmoothing: 0.5 }).geometry).toEqual({ booleanOperation: 'SUBTRACT', cornerSmoothing: 0.5 });
    expect(((run(cutout).children as Plain[])[1]!).geometry).toEqual({ innerRadius: 0.382, pointCount: 7 });
    const card = frame('Card', [], { cornerRadius: 12 });
    expect(changed(card, { cornerSmoothing: 0.6 })).toBe(true);
    // Smoothing without a radius changes nothing on the canvas, so nothing here either.
    expect(changed(frame('Square', []), { cornerSmoothing: 0.6 })).toBe(false);
    const body = text('Body', 'One\nTwo');
    expect(changed(body, { paragraphSpacing: 12 })).toBe(true);
    expect(changed(body, { paragraphIndent: 8 })).toBe(true);
    expect(run({ ...body, textTruncation: 'ENDING', maxLines: 3 }).text).toMatchObject({ truncate: 3 });
    // Spacing or indent that differs between paragraphs: each paragraph's, so an edit of one is seen.
    const paragraphs = (second: number): Plain => ({
      getStyledTextSegments: () => [
        { start: 0, end: 4, characters: 'One\n', ...NO_LIST, paragraphSpacing: 20.004, paragraphIndent: 0 },
        { start: 4, end: 7, characters: 'Two', ...NO_LIST, paragraphSpacing: second, paragraphIndent: 4 },
      ],
    });
    const legal = { ...body, paragraphSpacing: MIXED, paragraphIndent: MIXED, ...paragraphs(0) };
    expect((run(legal).text as Plain).paragraph).toEqual([[0, 4, 20, 0], [4, 7, 0, 4]]);
    expect(changed(legal, paragraphs(8))).toBe(true);
    // Lists: the runs of paragraphs that are list items or indented, with their spacing.
    const perks = text('Perks', 'Intro\nOne\nTwo', { getStyledTextSegments: () => [
      { start: 0, end: 6, characters: 'Intro\n', ...NO_LIST },
      { start: 6, end: 10, characters: 'One\n', listOptions: { type: 'UNORDERED' }, indentation: 0, listSpacing: 4.004 },
      { start: 10, end: 13, characters: 'Two', listOptions: { type: 'UNORDERED' }, indentation: 1, listSpacing: 4.004 },
    ] });
    expect((run(perks).text as Plain).list).toEqual([[6, 10, 'UNORDERED', 0, 4], [10, 13, 'UNORDERED', 1, 4]]);
    expect(changed(body, { getStyledTextSegments: () => [{ start: 0, end: 7, characters: 'One\nTwo', listOptions: { type: 'ORDERED' }, indentation: 0, listSpacing: 0 }] })).toBe(true);
    expect(changed(body, { getStyledTextSegments: () => [{ start: 0, end: 7, characters: 'One\nTwo', listOptions: { type: 'NONE' }, indentation: 0, listSpacing: 8 }] })).toBe(false);
    // Min and max sizes, where Figma has them: an auto-layout frame and its children.
    const row = frame('Row', [text('Label', 'Hi', { maxWidth: 240 })], { layoutMode: 'HORIZONTAL', minWidth: 120.004 });
    expect(run(row).limits).toEqual([120, null, null, null]);
    expect(((run(row).children as Plain[])[0]!).limits).toEqual([null, 240, null, null]);
    // Defaults write nothing new: an untouched layer's description is as it was.
    expect(Object.keys(run(icon))).toEqual(['geometry', 'height', 'name', 'strokeAlign', 'strokeWeight', 'strokes', 'type', 'width']);
    expect(Object.keys(run(body).text as Plain)).toEqual(['characters', 'fontFamily', 'fontStyle', 'size']);
  });

  it('hashes as it writes exactly what the definition walks, references included', () => {
    const refs = new ReferenceCollector();
    const names = new Map([['Label#1:0', 'Label'], ['Icon#2:0', 'Icon'], ['2#3:0', '2']]);
    const instance = paintable('INSTANCE', 'Buy', {
      componentProperties: { 'Label#1:0': { type: 'TEXT', value: 'Buy' }, 'Icon#2:0': { type: 'INSTANCE_SWAP', value: '9:9' }, '2#3:0': { type: 'BOOLEAN', value: true } },
      children: [],
      layoutMode: 'NONE',
      boundVariables: { componentProperties: { 'Label#1:0': { type: 'VARIABLE_ALIAS', id: 'V:label' }, '2#3:0': { type: 'VARIABLE_ALIAS', id: 'V:two' } } },
    });
    const tree = frame('All', [
      text('T', 'x', { textDecoration: 'STRIKETHROUGH', textStyleId: 'S:t', hyperlink: { type: 'URL', value: 'https://example.com' } }),
      text('Mixed', 'ab', { fontSize: MIXED, getStyledTextSegments: () => [
        { start: 0, end: 1, fontName: { family: 'Inter', style: 'Bold' }, fontSize: 12, lineHeight: { unit: 'PIXELS', value: 16 }, letterSpacing: { unit: 'PERCENT', value: 2 }, textCase: 'UPPER', textDecoration: 'NONE', fills: [{ type: 'SOLID', color: { r: 1, g: 0, b: 0 }, boundVariables: { color: { type: 'VARIABLE_ALIAS', id: 'V:red' } } }], fillStyleId: 'S:f', textStyleId: '', hyperlink: null, ...NO_LIST },
        { start: 1, end: 2, fontName: { family: 'Inter', style: 'Regular' }, fontSize: 14, lineHeight: { unit: 'AUTO' }, letterSpacing: { unit: 'PIXELS', value: 0 }, textCase: 'ORIGINAL', textDecoration: 'UNDERLINE', fills: [], fillStyleId: '', textStyleId: 'S:t', hyperlink: null, ...NO_LIST },
      ] }),
      paintable('RECTANGLE', 'R', { fills: [{ type: 'IMAGE', imageHash: 'abc', scaleMode: 'TILE', scalingFactor: 0.5, rotation: 90, filters: { exposure: 0.2, contrast: 0 } }, { type: 'GRADIENT_LINEAR', opacity: 0.5, gradientStops: [{ color: { r: 0, g: 0, b: 0, a: 1 }, position: 0 }, { color: { r: 1, g: 1, b: 1, a: 0.5 }, position: 1 }], gradientTransform: [[1, 0, 0], [0, 1, 0]] }], strokes: [{ type: 'SOLID', color: { r: 0, g: 0, b: 0 } }], strokeWeight: MIXED, strokeTopWeight: 1, strokeRightWeight: 2, strokeBottomWeight: 3, strokeLeftWeight: 4, cornerRadius: MIXED, topLeftRadius: 1, topRightRadius: 2, bottomRightRadius: 3, bottomLeftRadius: 4, rotation: 45, opacity: 0.5 }),
      instance,
      paintable('VECTOR', 'Path', { vectorPaths: [{ windingRule: 'NONZERO', data: 'M 0 0 L 10 10 Z' }], strokes: [{ type: 'SOLID', color: { r: 0, g: 0, b: 0 } }], strokeCap: 'ROUND', strokeJoin: MIXED, dashPattern: [4, 2.5], isMask: true, maskType: 'LUMINANCE' }),
      paintable('ELLIPSE', 'Arc', { arcData: { startingAngle: 0, endingAngle: Math.PI, innerRadius: 0.5 }, cornerRadius: 2, cornerSmoothing: 0.6 }),
      paintable('BOOLEAN_OPERATION', 'Cutout', { booleanOperation: 'SUBTRACT', cornerRadius: 3, cornerSmoothing: 0.5, children: [paintable('STAR', 'Star', { pointCount: 6, innerRadius: 0.25 }), paintable('POLYGON', 'Hex', { pointCount: 6 })] }),
      text('Para', 'a\nb', { paragraphSpacing: 8, paragraphIndent: 4, textTruncation: 'ENDING', maxLines: 2 }),
      text('List', 'a\nb', { lineHeight: { unit: 'PERCENT', value: 150 }, paragraphSpacing: 8, getStyledTextSegments: () => [{ start: 0, end: 2, characters: 'a\n', ...NO_LIST }, { start: 2, end: 3, characters: 'b', listOptions: { type: 'ORDERED' }, indentation: 2, listSpacing: 6 }] }),
      frame('Grid', [paintable('RECTANGLE', 'Cell', { gridRowAnchorIndex: 1, gridColumnAnchorIndex: 0, gridRowSpan: 1, gridColumnSpan: 2, gridChildHorizontalAlign: 'AUTO', gridChildVerticalAlign: 'MIN' })], {
        layoutMode: 'GRID', gridRowGap: 4, gridColumnGap: 0, gridRowSizes: [{ type: 'HUG' }, { type: 'FIXED', value: 10 }], gridColumnSizes: [{ type: 'FLEX', value: 1 }],
      }),
    ], {
      layoutMode: 'VERTICAL', layoutWrap: 'WRAP', counterAxisSpacing: 4, clipsContent: true, effectStyleId: 'S:e', strokeStyleId: 'S:s', blendMode: 'MULTIPLY', visible: false,
      strokes: [{ type: 'SOLID', color: { r: 1, g: 1, b: 1 } }], paddingTop: 8, itemSpacing: 4,
      effects: [
        { type: 'DROP_SHADOW', color: { r: 0, g: 0, b: 0, a: 0.25 }, offset: { x: 0, y: 2 }, radius: 4, spread: 1, visible: true, blendMode: 'NORMAL', showShadowBehindNode: true },
        { type: 'LAYER_BLUR', radius: 3, visible: false },
        { type: 'BACKGROUND_BLUR', blurType: 'PROGRESSIVE', radius: 8, startRadius: 1, startOffset: { x: 0, y: 0 }, endOffset: { x: 0, y: 1 }, visible: true },
        { type: 'NOISE', noiseType: 'MULTITONE', opacity: 0.5, color: { r: 0, g: 0, b: 0, a: 1 }, blendMode: 'MULTIPLY', noiseSize: 0.3, noiseSizeVector: { x: 1, y: 2 }, density: 0.8, visible: true },
      ],
      fills: [{ type: 'IMAGE', imageHash: 'crop', scaleMode: 'CROP', imageTransform: [[1, 0, 0], [0, 1, 0]] }, { type: 'VIDEO', videoHash: 'v', scaleMode: 'FILL', visible: false, opacity: 0.5, filters: { exposure: 0.1 } }],
      boundVariables: { itemSpacing: { type: 'VARIABLE_ALIAS', id: 'V:gap' }, fills: [{ type: 'VARIABLE_ALIAS', id: 'V:a' }, { type: 'VARIABLE_ALIAS', id: 'V:b' }] },
    });
    beginHash();
    const out = run(tree, context(refs, names));
    const lanes = hashLanes();
    // Resolve the placeholders as the snapshotter would (any value will do for the check).
    const pending = refs.pending.slice();
    for (const ref of pending) (ref.target as Record<string | number, unknown>)[ref.field] = ref.kind === 'variable' ? { collection: 'C', name: `name of ${ref.id}` } : `resolved ${ref.id}`;
    expect(pending.length).toBeGreaterThan(10);
    expect(finishComponentHash(lanes, pending)).toBe(structuralHash(out, referencePlaces(pending)));
    // References count: the same description with the values written in place hashes differently.
    expect(structuralHash(out)).not.toBe(structuralHash(out, referencePlaces(pending)));
  });
});

describe('component properties', () => {
  it('reads a slot like a frame and its property with its settings (slot content is what designers fill in)', () => {
    const slot = (content: string): Plain =>
      frame('Content', [text('Body', content)], { type: 'SLOT', layoutMode: 'VERTICAL', itemSpacing: 8, fills: [{ type: 'SOLID', color: { r: 1, g: 1, b: 1 } }], componentPropertyReferences: { slotContentId: 'Content#9:0' } });
    const card = (content: string, slotSettings?: Record<string, unknown>): Plain =>
      frame('Card', [slot(content)], {
        type: 'COMPONENT',
        key: 'card',
        description: '',
        documentationLinks: [],
        componentPropertyDefinitions: { 'Content#9:0': { type: 'SLOT', description: 'Body blocks', ...(slotSettings ? { slotSettings } : {}) } },
      });
    const read = (root: Plain): { component: ReturnType<typeof normalizeComponent>['component']; hash: string } => {
      const refs = new ReferenceCollector();
      const { component, hashLanes: lanes } = normalizeComponent(root as unknown as ComponentNode, { mixed: MIXED, refs });
      return { component, hash: finishComponentHash(lanes, refs.pending) };
    };
    const plain = read(card('Hello'));
    const content = (plain.component.node.children as Plain[])[0]!;
    expect(content).toMatchObject({ type: 'SLOT', fills: ['#ffffff'], layout: { direction: 'VERTICAL', gap: 8 } });
    expect((content.children as Plain[]).map((child) => (child.text as Plain).characters)).toEqual(['Hello']);
    expect(read(card('Goodbye')).hash).not.toBe(plain.hash);
    // A SLOT property has no default value to write.
    expect(plain.component.properties.Content).toEqual({ description: 'Body blocks', type: 'SLOT' });
    const limited = read(card('Hello', { maxChildren: 3, minChildren: null, allowPreferredValuesOnly: false }));
    expect(limited.component.properties.Content).toEqual({ description: 'Body blocks', slotSettings: { allowPreferredValuesOnly: false, maxChildren: 3, minChildren: null }, type: 'SLOT' });
    expect(limited.hash).not.toBe(plain.hash);
    expect(limited.hash).toBe(structuralHash(hashedDescription(limited.component)));
  });

  it('drops the #id suffix and tells same-named properties apart without ids', () => {
    const definitions = {
      'Label#1:0': { type: 'TEXT', defaultValue: 'Buy' },
      'Label#2:0': { type: 'BOOLEAN', defaultValue: true },
      Size: { type: 'VARIANT', defaultValue: 'Large', variantOptions: ['Large', 'Small'] },
    } as unknown as ComponentPropertyDefinitions;
    const names = buildPropertyNameMap(definitions);
    expect(names.get('Label#2:0')).toBe('Label');
    expect(names.get('Label#1:0')).toBe('Label #2');
    expect(names.get('Size')).toBe('Size');
  });

  it('names the variable a property default is bound to (so that editing the variable re-reads the component)', () => {
    const component = frame('Banner', [], {
      type: 'COMPONENT',
      key: 'banner',
      description: '',
      documentationLinks: [],
      componentPropertyDefinitions: {
        'Headline#1:0': { type: 'TEXT', defaultValue: 'Sale', boundVariables: { defaultValue: { type: 'VARIABLE_ALIAS', id: 'V:headline' } } },
        'Icon#2:0': { type: 'INSTANCE_SWAP', defaultValue: '7:7', boundVariables: {} },
      },
    });
    const refs = new ReferenceCollector();
    const { component: out, hashLanes: lanes } = normalizeComponent(component as unknown as ComponentNode, { mixed: MIXED, refs });
    expect(refs.pending.map((ref) => [ref.kind, ref.id])).toEqual([['variable', 'V:headline'], ['component-id', '7:7']]);
    refs.pending[0]!.target[refs.pending[0]!.field as never] = { collection: 'Copy', name: 'headline' } as never;
    refs.pending[1]!.target[refs.pending[1]!.field as never] = 'icon-key' as never;
    expect(out.properties.Headline).toEqual({ boundVariables: { defaultValue: { collection: 'Copy', name: 'headline' } }, defaultValue: 'Sale', type: 'TEXT' });
    expect(out.properties.Icon).toEqual({ defaultValue: 'icon-key', type: 'INSTANCE_SWAP' });
    expect(finishComponentHash(lanes, refs.pending)).toBe(structuralHash(hashedDescription(out), referencePlaces(refs.pending)));
  });

  it('normalizes a set: sorted properties, sorted variant options and variants, no variant positions', () => {
    const variant = (name: string, x: number, props: Record<string, string>): Plain =>
      frame(name, [], { type: 'COMPONENT', key: `key-${name}`, x, variantProperties: props, parent: null });
    const set = frame('Button', [variant('Size=Small', 200, { Size: 'Small' }), variant('Size=Large', 0, { Size: 'Large' })], {
      type: 'COMPONENT_SET',
      key: 'set-key',
      description: 'Primary call to action',
      documentationLinks: [{ uri: 'https://design.example.com/button' }],
      componentPropertyDefinitions: {
        'Show icon#5:0': { type: 'BOOLEAN', defaultValue: false },
        Size: { type: 'VARIANT', defaultValue: 'Small', variantOptions: ['Small', 'Large'] },
        'Icon#6:0': { type: 'INSTANCE_SWAP', defaultValue: '7:7', preferredValues: [{ type: 'COMPONENT', key: 'icon-arrow' }] },
      },
    });
    const refs = new ReferenceCollector();
    const { component, hashLanes: lanes } = normalizeComponent(set as unknown as ComponentSetNode, { mixed: MIXED, refs });
    expect(component.kind).toBe('component_set');
    expect(Object.keys(component.properties)).toEqual(['Icon', 'Show icon', 'Size']);
    expect(component.properties.Size).toEqual({ defaultValue: 'Small', type: 'VARIANT', variantOptions: ['Large', 'Small'] });
    expect(component.properties.Icon).toEqual({ defaultValue: '7:7', preferredValues: [{ key: 'icon-arrow', type: 'COMPONENT' }], type: 'INSTANCE_SWAP' });
    expect(component.variants).toEqual([
      { key: 'key-Size=Large', name: 'Size=Large', properties: { Size: 'Large' } },
      { key: 'key-Size=Small', name: 'Size=Small', properties: { Size: 'Small' } },
    ]);
    const children = component.node.children as Plain[];
    expect(children.map((child) => child.name)).toEqual(['Size=Large', 'Size=Small']);
    expect(children[1]!.x).toBeUndefined();
    expect(component.node.documentationLinks).toEqual(['https://design.example.com/button']);
    expect(refs.pending.map((ref) => [ref.kind, ref.id])).toEqual([['component-id', '7:7']]);
    expect(JSON.parse(hashInput(component))).toMatchObject({ description: 'Primary call to action', kind: 'component_set', name: 'Button' });
    (refs.pending[0]!.target as Record<string, unknown>).defaultValue = 'icon-key';
    expect(finishComponentHash(lanes, refs.pending)).toBe(structuralHash(hashedDescription(component), referencePlaces(refs.pending)));
  });
});
