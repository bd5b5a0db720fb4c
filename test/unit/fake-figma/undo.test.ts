// figma.commitUndo / figma.triggerUndo, read from the typings: plugin actions are "not committed
// to undo history" by default, so one undo reverts everything since the run began (their
// rectangle-and-ellipse example); after `commitUndo()` the first undo reverts only what came
// after it; `triggerUndo()` "Reverts to the last `commitUndo()` state".
import { describe, expect, it } from 'vitest';
import type { Component } from '../../../src/shared/api/builder/schemas';
import { applyTheirs } from '../../../src/sync/apply-theirs';
import { createFakeFigma } from '../../fake-figma/index';

async function buttonSetAsync() {
  const fake = createFakeFigma();
  const { figma } = fake;
  await figma.loadFontAsync({ family: 'Inter', style: 'Regular' });
  const variants = ['Primary', 'Secondary'].map((type) => {
    const button = figma.createComponent();
    button.name = `Type=${type}`;
    const label = figma.createText();
    label.name = 'Label';
    label.characters = 'Buy';
    button.appendChild(label);
    return button;
  });
  const set = figma.combineAsVariants(variants, figma.currentPage);
  set.name = 'Button';
  set.description = 'Call to action';
  const labelProp = set.addComponentProperty('Label', 'TEXT', 'Buy');
  const showIcon = set.addComponentProperty('Show icon', 'BOOLEAN', true);
  for (const variant of variants) (variant.children[0] as TextNode).componentPropertyReferences = { characters: labelProp, visible: showIcon };
  return { fake, figma, set, variants, labelProp, showIcon };
}

/** What "take theirs" can change on a set, as plain data. */
function setState(set: ComponentSetNode) {
  return {
    name: set.name,
    description: set.description,
    definitions: set.componentPropertyDefinitions,
    variants: set.children.map((variant) => ({
      name: variant.name,
      references: (variant as ComponentNode).children.map((layer) => layer.componentPropertyReferences),
    })),
  };
}

describe('commitUndo and triggerUndo', () => {
  it('without commitUndo, one undo reverts everything the run did (the typings’ example)', () => {
    const { figma } = createFakeFigma();
    const rectangle = figma.createRectangle();
    const ellipse = figma.createEllipse();
    figma.triggerUndo();
    expect(rectangle.removed).toBe(true);
    expect(ellipse.removed).toBe(true);
  });

  it('after commitUndo, the first undo reverts only what came after it, the next one the rest', () => {
    const { figma } = createFakeFigma();
    const rectangle = figma.createRectangle();
    figma.commitUndo();
    const ellipse = figma.createEllipse();
    figma.triggerUndo();
    expect(ellipse.removed).toBe(true);
    expect(rectangle.removed).toBe(false);
    figma.triggerUndo();
    expect(rectangle.removed).toBe(true);
    figma.triggerUndo(); // nothing left to undo
  });

  it('reverts field edits, moves and plugin and relaunch data to the last commitUndo', () => {
    const { figma } = createFakeFigma();
    const frame = figma.createFrame();
    const rectangle = figma.createRectangle();
    frame.name = 'Hero';
    rectangle.setPluginData('role', 'logo');
    figma.commitUndo();
    frame.name = 'Hero v2';
    frame.resize(640, 320);
    frame.appendChild(rectangle);
    rectangle.setPluginData('role', 'badge');
    rectangle.setSharedPluginData('envelope', 'ref', 'tpl_1');
    frame.setRelaunchData({ sync: 'Sync this frame' });
    figma.triggerUndo();
    expect(frame.name).toBe('Hero');
    expect([frame.width, frame.height]).toEqual([100, 100]);
    expect(rectangle.parent).toBe(figma.currentPage);
    expect(rectangle.getPluginData('role')).toBe('logo');
    expect(rectangle.getSharedPluginData('envelope', 'ref')).toBe('');
    expect(frame.getRelaunchData()).toEqual({});
  });

  it('the sync’s take theirs between two commitUndo calls is one undo step that restores the set exactly', async () => {
    const { figma, set, variants } = await buttonSetAsync();
    const before = setState(set);
    const remote: Component = {
      key: set.key,
      name: 'Button v2',
      kind: 'component_set',
      description: 'Call to action, from the design system',
      hash: 'h-2',
      properties: {
        Type: { type: 'VARIANT', defaultValue: 'Primary' },
        Label: { type: 'TEXT', defaultValue: 'Shop' },
        Outline: { type: 'BOOLEAN', defaultValue: false },
      },
      variants: variants.map((variant, i) => ({ key: variant.key, name: `Type=${['Main', 'Quiet'][i]!}`, properties: {} })),
      node: {},
      thumbnail_url: null,
      updated_at: '2026-11-22T01:00:00.000Z',
      updated_by: 'Ada',
      deleted: false,
    };
    figma.commitUndo();
    const outcome = applyTheirs(set, remote, null);
    figma.commitUndo();
    // Every change the take makes was applied (none refused), so the undo has work to do.
    expect(outcome.manualSteps).toEqual([]);
    expect(setState(set)).not.toEqual(before);
    figma.triggerUndo();
    expect(setState(set)).toEqual(before);
  });

  it('restores removed nodes with their ids, layers and place, and instances follow a restored layer', () => {
    const { figma } = createFakeFigma();
    const card = figma.createComponent();
    const badge = figma.createRectangle();
    const title = figma.createEllipse();
    card.appendChild(badge);
    card.appendChild(title);
    const instance = card.createInstance();
    const frame = figma.createFrame();
    const inner = figma.createRectangle();
    frame.appendChild(inner);
    figma.commitUndo();
    badge.remove();
    frame.remove();
    expect(instance.children).toHaveLength(1);
    figma.triggerUndo();
    expect([badge.removed, frame.removed, inner.removed]).toEqual([false, false, false]);
    expect(card.children).toEqual([badge, title]);
    expect(inner.parent).toBe(frame);
    expect(frame.parent).toBe(figma.currentPage);
    expect(instance.children.map((layer) => layer.type)).toEqual(['RECTANGLE', 'ELLIPSE']);
  });

  it('an undone override on an instance layer follows its main component again', () => {
    const { figma } = createFakeFigma();
    const card = figma.createComponent();
    card.appendChild(figma.createRectangle());
    const instance = card.createInstance();
    const layer = instance.children[0]!;
    figma.commitUndo();
    layer.name = 'Overridden';
    figma.triggerUndo();
    expect(instance.overrides).toEqual([]);
    card.children[0]!.name = 'Renamed in the main';
    expect(layer.name).toBe('Renamed in the main');
  });

  it('undoes what the plugin made inside its documentchange callback too (unreported, yet its own edit)', async () => {
    const fake = createFakeFigma();
    const { figma } = fake;
    await figma.loadAllPagesAsync();
    let made: FrameNode | null = null;
    figma.once('documentchange', () => {
      made = figma.createFrame();
      made.name = 'Made in the callback';
    });
    figma.createRectangle();
    await fake.settleAsync();
    expect(made).not.toBeNull();
    figma.triggerUndo();
    expect(made!.removed).toBe(true);
  });

  it('says it cannot undo a step holding an edit it does not journal, and changes nothing', () => {
    const { figma } = createFakeFigma();
    const frame = figma.createFrame();
    figma.commitUndo();
    frame.name = 'Renamed';
    figma.createPaintStyle();
    expect(() => figma.triggerUndo()).toThrow(/not implemented by the fake: figma.triggerUndo over creating a style/);
    expect(frame.name).toBe('Renamed');
  });

  it('never reverts a collaborator’s edit, and a closed run’s uncommitted actions are one step', () => {
    const fake = createFakeFigma();
    const frame = fake.figma.createFrame();
    fake.figma.commitUndo();
    frame.name = 'Mine';
    fake.remoteEdit(() => {
      frame.fills = [{ type: 'SOLID', color: { r: 1, g: 0, b: 0 } }];
    });
    frame.resize(300, 200);
    fake.relaunch();
    fake.figma.triggerUndo();
    expect(frame.removed).toBe(false);
    expect([frame.name, frame.width]).toEqual(['Frame', 100]);
    expect(frame.fills).toEqual([expect.objectContaining({ type: 'SOLID', color: { r: 1, g: 0, b: 0 } })]);
  });
});

// ⌘⇧Z: the person's redo. The typings give plugins triggerUndo only; redo is the person's action
// in the editor, which the fake's test handle `redo()` stands for.
describe('the person’s redo (⌘⇧Z)', () => {
  it('puts back the step just undone, every kind of edit the fake journals, and ⌘Z takes it away again', () => {
    const fake = createFakeFigma();
    const { figma } = fake;
    const frame = figma.createFrame();
    const rectangle = figma.createRectangle();
    const doomed = figma.createEllipse();
    const component = figma.createComponent();
    frame.name = 'Hero';
    figma.commitUndo();
    frame.name = 'Hero v2';
    frame.appendChild(rectangle);
    rectangle.setPluginData('role', 'badge');
    figma.root.setSharedPluginData('envelope', 'state', 'after');
    frame.setRelaunchData({ sync: 'Sync this frame' });
    component.description = 'Taken';
    component.documentationLinks = [{ uri: 'https://example.com/docs' }];
    component.addComponentProperty('Label', 'TEXT', 'Buy');
    doomed.remove();
    const made = figma.createRectangle();
    figma.commitUndo();
    const after = () => ({
      name: frame.name,
      parent: rectangle.parent?.id,
      role: rectangle.getPluginData('role'),
      state: figma.root.getSharedPluginData('envelope', 'state'),
      relaunch: frame.getRelaunchData(),
      description: component.description,
      links: component.documentationLinks,
      properties: Object.keys(component.componentPropertyDefinitions),
      removed: [doomed.removed, made.removed],
    });
    const done = after();
    figma.triggerUndo();
    const undone = after();
    expect(undone).toEqual({ name: 'Hero', parent: figma.currentPage.id, role: '', state: '', relaunch: {}, description: '', links: [], properties: [], removed: [false, true] });
    fake.redo();
    expect(after()).toEqual(done);
    fake.redo(); // nothing left to redo
    expect(after()).toEqual(done);
    figma.triggerUndo();
    expect(after()).toEqual(undone);
  });

  it('redoes the steps undone in the order they were undone, and an edit after an undo leaves nothing to redo', () => {
    const fake = createFakeFigma();
    const { figma } = fake;
    const frame = figma.createFrame();
    figma.commitUndo();
    frame.name = 'One';
    figma.commitUndo();
    frame.name = 'Two';
    figma.commitUndo();
    figma.triggerUndo();
    figma.triggerUndo();
    expect(frame.name).toBe('Frame');
    fake.redo();
    expect(frame.name).toBe('One');
    fake.redo();
    expect(frame.name).toBe('Two');

    figma.triggerUndo();
    frame.resize(300, 200);
    fake.redo();
    expect([frame.name, frame.width]).toEqual(['One', 300]);
  });

  it('has nothing to undo of a set-up built before the file was opened, and undoes what comes after', async () => {
    const fake = createFakeFigma();
    const { figma } = fake;
    const style = figma.createPaintStyle();
    const built = figma.createFrame();
    fake.markFileOpened();
    figma.triggerUndo();
    expect([built.removed, (await figma.getLocalPaintStylesAsync()).some((kept) => kept.id === style.id)]).toEqual([false, true]);
    const later = figma.createFrame();
    figma.triggerUndo();
    expect([later.removed, built.removed]).toEqual([true, false]);
  });
});
