import { describe, expect, it } from 'vitest';
import { createFakeFigma } from '../../fake-figma/index';

async function cardWithHiddenBadgeAsync() {
  const fake = createFakeFigma();
  const { figma } = fake;
  await figma.loadFontAsync({ family: 'Inter', style: 'Regular' });
  const card = figma.createComponent();
  card.name = 'Card';
  const title = figma.createText();
  title.name = 'Title';
  title.characters = 'Linen throw';
  const badge = figma.createFrame();
  badge.name = 'Badge';
  badge.visible = false;
  const badgeText = figma.createText();
  badgeText.name = 'Badge text';
  badgeText.characters = 'Sale';
  badge.appendChild(badgeText);
  card.appendChild(title);
  card.appendChild(badge);
  const frame = figma.createFrame();
  frame.name = 'Email';
  const instance = card.createInstance();
  frame.appendChild(instance);
  return { fake, figma, card, frame, instance, badge };
}

describe('find* and skipInvisibleInstanceChildren', () => {
  it('traverses pre-order, parents before children, excluding the node itself', async () => {
    const { figma, frame, instance } = await cardWithHiddenBadgeAsync();
    const names = frame.findAll().map((n) => n.name);
    expect(names).toEqual(['Card', 'Title', 'Badge', 'Badge text']);
    expect(frame.findOne((n) => n.type === 'TEXT')?.id).toBe(`I${instance.id};${(instance.children[0] as SceneNode).id.split(';')[1]}`);
    expect(frame.findChildren()).toEqual([instance]);
    expect(frame.findChild((n) => n.name === 'Nope')).toBeNull();
    expect(figma.currentPage.findAllWithCriteria({ types: ['TEXT'] }).map((n) => n.name)).toEqual(['Title', 'Badge text', 'Title', 'Badge text']);
  });

  it('skips invisible layers inside instances (not elsewhere) when the flag is on', async () => {
    const { figma, frame, instance, card, badge } = await cardWithHiddenBadgeAsync();
    const hiddenLayer = instance.children[1]!;
    figma.skipInvisibleInstanceChildren = true;
    expect(frame.findAll().map((n) => n.name)).toEqual(['Card', 'Title']);
    expect(instance.children.map((n) => n.name)).toEqual(['Title']);
    expect(frame.findAllWithCriteria({ types: ['TEXT'] }).map((n) => n.name)).toEqual(['Title']);
    // The main component's own hidden layer is not inside an instance.
    expect(card.children).toContain(badge);
    expect(await figma.getNodeByIdAsync(hiddenLayer.id)).toBeNull();
    expect(() => hiddenLayer.name).toThrow(/invisible layer inside an instance/);
    figma.skipInvisibleInstanceChildren = false;
    expect(hiddenLayer.name).toBe('Badge');
  });

  it('refuses bad criteria and callbacks clearly', async () => {
    const { frame } = await cardWithHiddenBadgeAsync();
    expect(() => frame.findAllWithCriteria({ name: 'x' } as unknown as FindAllCriteria<['FRAME']>)).toThrow(/Unknown criterion "name"/);
    expect(() => frame.findOne(undefined as unknown as (n: SceneNode) => boolean)).toThrow(/Expected a function/);
  });

  it('fails on removed nodes as Figma does', () => {
    const { figma } = createFakeFigma();
    const frame = figma.createFrame();
    frame.remove();
    expect(frame.removed).toBe(true);
    expect(() => frame.name).toThrow(/does not exist/);
    expect(() => (frame.x = 3)).toThrow(/does not exist/);
  });

  it('throws a clear error for members the fake does not model', () => {
    const { figma } = createFakeFigma();
    const frame = figma.createFrame() as unknown as Record<string, unknown>;
    expect(() => frame.layoutGrids).not.toThrow();
    expect(() => frame.reactions).toThrow('not implemented by the fake: FRAME "Frame"');
    expect(() => (figma as unknown as Record<string, unknown>).createBooleanOperation).toThrow('not implemented by the fake: figma.createBooleanOperation');
    expect(() => (figma.variables as unknown as Record<string, unknown>).extendLibraryCollectionByKeyAsync).toThrow(/figma\.variables/);
    expect(() => figma.on('timerstart' as 'run', () => undefined)).toThrow(/not implemented by the fake/);
  });
});

describe('selection', () => {
  it('drops removed nodes, nested ones included, and refuses nodes from other pages', async () => {
    const { figma } = createFakeFigma();
    const frame = figma.createFrame();
    const inner = figma.createRectangle();
    frame.appendChild(inner);
    const other = figma.createFrame();
    figma.currentPage.selection = [inner, other];
    frame.remove();
    expect(figma.currentPage.selection).toEqual([other]);
    const second = figma.createPage();
    await figma.setCurrentPageAsync(second);
    const elsewhere = figma.createFrame();
    await figma.setCurrentPageAsync(figma.root.children[0]!);
    expect(() => (figma.currentPage.selection = [elsewhere])).toThrow(/is not on the page/);
  });
});
