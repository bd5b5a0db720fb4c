import { describe, expect, it } from 'vitest';
import { createFakeFigma } from '../../fake-figma/index';

describe('node fields', () => {
  it('refuses to create members the fake does not model by assignment', () => {
    const { figma } = createFakeFigma();
    const frame = figma.createFrame() as unknown as Record<string, unknown>;
    expect(() => (frame.reactions = [])).toThrow('not implemented by the fake: setting FRAME "Frame"');
    expect(() => ((figma as unknown as Record<string, unknown>).madeUp = 1)).toThrow(/setting figma\.madeUp/);
  });

  it('validates assignments with Figma-like messages', () => {
    const { figma } = createFakeFigma();
    const frame = figma.createFrame();
    expect(() => (frame.opacity = 2)).toThrow('in set_opacity: Expected a number between 0 and 1, got 2');
    expect(() => (frame.layoutMode = 'DIAGONAL' as 'NONE')).toThrow(/Expected one of "NONE", "HORIZONTAL", "VERTICAL", got "DIAGONAL"/);
    expect(() => (frame.x = Number.NaN)).toThrow(/finite number/);
    expect(() => (frame.fills = [{ type: 'SOLID', color: { r: 2, g: 0, b: 0 } }])).toThrow(/paints\[0\]\.color\.r must be a number from 0 to 1/);
    expect(() => (frame.effects = [{ type: 'DROP_SHADOW' } as unknown as Effect])).toThrow(/radius/);
    expect(() => frame.resize(0, 10)).toThrow(/width to be >= 0.01/);
    expect(() => (frame.visible = 'yes' as unknown as boolean)).toThrow(/Expected a boolean/);
  });

  it('takes min and max sizes on auto-layout frames and their children only, positive or null', () => {
    const { figma } = createFakeFigma();
    const free = figma.createFrame();
    expect(() => (free.minWidth = 100)).toThrow(/only to auto-layout frames and their direct children/);
    const row = figma.createFrame();
    row.layoutMode = 'HORIZONTAL';
    const child = figma.createRectangle();
    row.appendChild(child);
    row.minWidth = 100;
    child.maxWidth = 50;
    expect([row.minWidth, child.maxWidth, child.minHeight]).toEqual([100, 50, null]);
    expect(() => (row.maxHeight = 0)).toThrow(/positive/);
    row.minWidth = null;
    expect(row.minWidth).toBeNull();
  });

  it('hands out frozen copies of paints and keeps style links until fills change', async () => {
    const { figma } = createFakeFigma();
    const style = figma.createPaintStyle();
    style.paints = [{ type: 'SOLID', color: { r: 0, g: 0.5, b: 0 } }];
    const rect = figma.createRectangle();
    await rect.setFillStyleIdAsync(style.id);
    expect(Object.isFrozen(rect.fills)).toBe(true);
    expect(rect.fills).toEqual([{ type: 'SOLID', color: { r: 0, g: 0.5, b: 0 }, opacity: 1, visible: true, blendMode: 'NORMAL' }]);
    style.paints = [{ type: 'SOLID', color: { r: 1, g: 1, b: 0 } }];
    expect((rect.fills as SolidPaint[])[0]!.color).toEqual({ r: 1, g: 1, b: 0 });
    rect.fills = [{ type: 'SOLID', color: { r: 0, g: 0, b: 0 } }];
    expect(rect.fillStyleId).toBe('');
    await expect(rect.setFillStyleIdAsync('S:nope,1:1')).rejects.toThrow(/No style with id/);
  });

  it('computes absolute positions through frames but not through groups', () => {
    const { figma } = createFakeFigma();
    const outer = figma.createFrame();
    outer.x = 100;
    outer.y = 50;
    const a = figma.createRectangle();
    const b = figma.createRectangle();
    outer.appendChild(a);
    outer.appendChild(b);
    a.x = 10;
    a.y = 10;
    b.x = 60;
    b.y = 30;
    b.resize(20, 20);
    const group = figma.group([a, b], outer);
    expect([group.x, group.y, group.width, group.height]).toEqual([10, 10, 100, 100]);
    expect(b.absoluteBoundingBox).toEqual({ x: 160, y: 80, width: 20, height: 20 });
    group.x = 0;
    expect([a.x, b.x]).toEqual([0, 50]);
    a.remove();
    b.remove();
    expect(group.removed).toBe(true);
  });

  it('clones nodes next to the original and turns frames into components', async () => {
    const { figma } = createFakeFigma();
    const frame = figma.createFrame();
    frame.name = 'Card';
    frame.appendChild(figma.createRectangle());
    const copy = frame.clone();
    expect(figma.currentPage.children).toEqual([frame, copy]);
    expect(copy.children).toHaveLength(1);
    expect(copy.children[0]!.id).not.toBe(frame.children[0]!.id);
    const component = figma.createComponentFromNode(frame);
    expect(component.type).toBe('COMPONENT');
    expect(component.name).toBe('Card');
    expect(component.children).toHaveLength(1);
    expect(frame.removed).toBe(true);
    expect(figma.currentPage.children).toEqual([component, copy]);
  });

  it('binds variables to fields and paints', async () => {
    const { figma } = createFakeFigma();
    const collection = figma.variables.createVariableCollection('Tokens');
    const gap = figma.variables.createVariable('space/gap', collection, 'FLOAT');
    gap.setValueForMode(collection.defaultModeId, 16);
    const brand = figma.variables.createVariable('color/brand', collection, 'COLOR');
    brand.setValueForMode(collection.defaultModeId, { r: 0.1, g: 0.3, b: 0.2, a: 1 });
    const frame = figma.createFrame();
    frame.layoutMode = 'VERTICAL';
    frame.setBoundVariable('itemSpacing', gap);
    expect(frame.itemSpacing).toBe(16);
    expect(frame.boundVariables?.itemSpacing).toEqual({ type: 'VARIABLE_ALIAS', id: gap.id });
    frame.fills = [figma.variables.setBoundVariableForPaint({ type: 'SOLID', color: { r: 0, g: 0, b: 0 } }, 'color', brand)];
    expect((frame.fills as SolidPaint[])[0]!.color).toEqual({ r: 0.1, g: 0.3, b: 0.2 });
    expect(frame.boundVariables?.fills).toEqual([{ type: 'VARIABLE_ALIAS', id: brand.id }]);
    expect(() => frame.setBoundVariable('itemSpacing', brand)).toThrow(/needs a FLOAT variable/);
    expect(() => gap.setValueForMode(collection.defaultModeId, 'wide' as unknown as number)).toThrow(/Expected a number value/);
    expect(await figma.variables.getVariableByIdAsync(gap.id)).toBe(gap);
    expect(() => figma.variables.createVariable('space/gap', collection, 'FLOAT')).toThrow(/already exists/);
  });
});

describe('auto layout', () => {
  it('stacks children with padding and spacing and hugs them', () => {
    const { figma } = createFakeFigma();
    const frame = figma.createFrame();
    frame.layoutMode = 'VERTICAL';
    frame.primaryAxisSizingMode = 'AUTO';
    frame.counterAxisSizingMode = 'AUTO';
    frame.paddingTop = 10;
    frame.paddingBottom = 20;
    frame.paddingLeft = 5;
    frame.paddingRight = 5;
    frame.itemSpacing = 8;
    const a = figma.createRectangle();
    a.resize(100, 40);
    const b = figma.createRectangle();
    b.resize(60, 30);
    frame.appendChild(a);
    frame.appendChild(b);
    expect([a.x, a.y, b.x, b.y]).toEqual([5, 10, 5, 58]);
    expect([frame.width, frame.height]).toEqual([110, 108]);
    b.visible = false;
    expect(frame.height).toBe(70);
  });

  it('fills, aligns and reports sizing the way layoutSizing* describes it', () => {
    const { figma } = createFakeFigma();
    const row = figma.createFrame();
    row.layoutMode = 'HORIZONTAL';
    row.primaryAxisSizingMode = 'FIXED';
    row.counterAxisSizingMode = 'FIXED';
    row.resize(300, 100);
    row.counterAxisAlignItems = 'CENTER';
    const fixed = figma.createRectangle();
    fixed.resize(100, 20);
    const grow = figma.createRectangle();
    grow.resize(10, 10);
    row.appendChild(fixed);
    row.appendChild(grow);
    grow.layoutSizingHorizontal = 'FILL';
    grow.layoutSizingVertical = 'FILL';
    expect(grow.layoutGrow).toBe(1);
    expect(grow.layoutAlign).toBe('STRETCH');
    expect([grow.x, grow.width, grow.height]).toEqual([100, 200, 100]);
    expect(fixed.y).toBe(40);
    expect(row.layoutSizingHorizontal).toBe('FIXED');
    row.layoutSizingHorizontal = 'HUG';
    expect(row.primaryAxisSizingMode).toBe('AUTO');
    const loose = figma.createRectangle();
    expect(() => (loose.layoutSizingHorizontal = 'FILL')).toThrow(/children of auto-layout frames/);
    expect(() => (loose.layoutSizingHorizontal = 'HUG')).toThrow(/auto-layout frames and text/);
  });
});

describe('plugin chrome', () => {
  it('records notifications and lets a handler cancel them', () => {
    const fake = createFakeFigma();
    const dequeued: string[] = [];
    const handler = fake.figma.notify('Synced', { timeout: 2000, onDequeue: (reason) => dequeued.push(reason) });
    handler.cancel();
    expect(fake.notifications).toEqual([{ message: 'Synced', options: expect.objectContaining({ timeout: 2000 }), cancelled: true }]);
    expect(dequeued).toEqual(['dismiss']);
    expect(() => fake.figma.notify(42 as unknown as string)).toThrow(/string message/);
  });

  it('exposes command, user, file key and a run event', () => {
    const fake = createFakeFigma({ command: 'sync', currentUser: { id: '42', name: 'Ada' } });
    expect(fake.figma.command).toBe('sync');
    expect(fake.figma.currentUser).toMatchObject({ id: '42', name: 'Ada' });
    expect(fake.figma.fileKey).toBeUndefined();
    const runs: RunEvent[] = [];
    fake.figma.on('run', (event) => runs.push(event));
    fake.runCommand('browse');
    expect(runs).toEqual([{ command: 'browse', parameters: undefined }]);
  });

  it('refuses currentUser without the permission when permissions are given', () => {
    expect(() => createFakeFigma({ permissions: [] }).figma.currentUser).toThrow(/"currentuser" permission/);
    expect(createFakeFigma({ permissions: ['currentuser'] }).figma.currentUser?.name).toBe('Robin Tester');
  });

  it('moves the viewport without touching the document', () => {
    const { figma } = createFakeFigma();
    const frame = figma.createFrame();
    frame.x = 1000;
    frame.resize(200, 100);
    figma.viewport.scrollAndZoomIntoView([frame]);
    expect(figma.viewport.center).toEqual({ x: 1100, y: 50 });
    expect(figma.viewport.zoom).toBeGreaterThan(1);
  });
});

describe('relaunch data and figma.util', () => {
  // Typings (setRelaunchData): "This method will throw if description exceeds 1000 characters".
  it('refuses a relaunch description over 1,000 characters', () => {
    const { figma } = createFakeFigma();
    const frame = figma.createFrame();
    frame.setRelaunchData({ sync: 'x'.repeat(1000) });
    expect(frame.getRelaunchData()).toEqual({ sync: 'x'.repeat(1000) });
    expect(() => frame.setRelaunchData({ sync: 'x'.repeat(1001) })).toThrow(/1001 characters; at most 1000/);
    expect(frame.getRelaunchData()).toEqual({ sync: 'x'.repeat(1000) });
  });

  // Typings: "if the `command` passed to this method does not match a command in the manifest,
  // nothing will be displayed" (no error).
  it('keeps a command that is not in the manifest without throwing, and shows no button for it', () => {
    const fake = createFakeFigma();
    const frame = fake.figma.createFrame();
    frame.setRelaunchData({ sync: 'Sync this component', open: 'x', references: '' });
    expect(frame.getRelaunchData()).toEqual({ sync: 'Sync this component', open: 'x', references: '' });
    expect(fake.inspect.relaunchButtons(frame)).toEqual([
      { command: 'sync', description: 'Sync this component' },
      { command: 'references', description: '' },
    ]);
    frame.setRelaunchData({});
    expect(fake.inspect.relaunchButtons(frame)).toEqual([]);
  });

  it('lets the plugin edit locked layers and reports locked for the node alone (typings: locking "Does not affect a plugin\u2019s ability to write"; the value "is independent from the node\u2019s parent")', () => {
    const { figma } = createFakeFigma();
    const frame = figma.createFrame();
    const rect = figma.createRectangle();
    frame.appendChild(rect);
    frame.locked = true;
    expect(rect.locked).toBe(false);
    rect.locked = true;
    rect.name = 'Logo';
    rect.resize(40, 40);
    frame.appendChild(figma.createEllipse());
    expect([rect.name, rect.width, frame.children.length]).toEqual(['Logo', 40, 2]);
  });

  it('parses colours like figma.util', () => {
    const { figma } = createFakeFigma();
    expect(figma.util.rgb('#1C4D3D')).toEqual({ r: 28 / 255, g: 77 / 255, b: 61 / 255 });
    expect(figma.util.rgba('#fff8')).toEqual({ r: 1, g: 1, b: 1, a: 0x88 / 255 });
    expect(figma.util.rgba('rgba(255, 0, 0, 0.5)')).toEqual({ r: 1, g: 0, b: 0, a: 0.5 });
    expect(figma.util.solidPaint('#000000', { visible: false })).toEqual({ type: 'SOLID', color: { r: 0, g: 0, b: 0 }, opacity: 1, visible: false });
    expect(() => figma.util.rgb('teal-ish')).toThrow(/Invalid color string/);
  });
});

describe('selection', () => {
  // Typings (PageNode.selection): "Only **directly selected nodes** are present in this array. A
  // node is directly selected when it is selected and none of its ancestors are selected. That
  // means the array will never contain both a node and one of its descendents."
  it('never holds a node and one of its descendants: the ancestor stays', () => {
    const { figma } = createFakeFigma();
    const outer = figma.createFrame();
    const inner = figma.createFrame();
    const leaf = figma.createRectangle();
    const other = figma.createRectangle();
    outer.appendChild(inner);
    inner.appendChild(leaf);
    figma.currentPage.selection = [leaf, other, outer, inner, leaf];
    expect(new Set(figma.currentPage.selection)).toEqual(new Set([other, outer]));
    figma.currentPage.selection = [leaf, inner];
    expect(figma.currentPage.selection).toEqual([inner]);
  });

  // PageNode docs: "The ordering of nodes in the selection is unspecified, you should not be relying on it."
  it('does not keep the order the selection was given in', () => {
    const { figma } = createFakeFigma();
    const first = figma.createFrame();
    const second = figma.createFrame();
    figma.currentPage.selection = [first, second];
    expect(figma.currentPage.selection).toEqual([second, first]);
  });

  // Typings: "`page.selection` returns a new, read-only array every time it is called".
  it('gives a new read-only array on every read', () => {
    const { figma } = createFakeFigma();
    figma.currentPage.selection = [figma.createFrame()];
    const first = figma.currentPage.selection;
    expect(first === figma.currentPage.selection).toBe(false);
    expect(first).toEqual(figma.currentPage.selection);
    expect(() => (first as SceneNode[]).push(figma.createFrame())).toThrow(TypeError);
  });
});
