import { describe, expect, it } from 'vitest';
import { createFakeFigma } from '../../fake-figma/index';

async function documentWithTwoPagesAsync() {
  const fake = createFakeFigma();
  const { figma } = fake;
  const first = figma.currentPage;
  const frame = figma.createFrame();
  frame.name = 'On page 1';
  const second = figma.createPage();
  second.name = 'Second';
  await figma.setCurrentPageAsync(second);
  const rect = figma.createRectangle();
  rect.name = 'On page 2';
  await figma.setCurrentPageAsync(first);
  return { fake, figma, first, second, frame, rect };
}

describe('documentAccess: dynamic-page', () => {
  it('refuses the synchronous getters Figma forbids and points to the async variant', async () => {
    const { figma } = createFakeFigma();
    const component = figma.createComponent();
    const instance = component.createInstance();
    const style = figma.createPaintStyle();
    expect(() => figma.getNodeById(component.id)).toThrow('in getNodeById: Cannot call with documentAccess: dynamic-page. Use figma.getNodeByIdAsync instead.');
    expect(() => figma.getStyleById(style.id)).toThrow(/getStyleByIdAsync/);
    expect(() => instance.mainComponent).toThrow(/getMainComponentAsync/);
    expect(() => figma.getLocalPaintStyles()).toThrow(/getLocalPaintStylesAsync/);
    expect(() => figma.getLocalTextStyles()).toThrow(/getLocalTextStylesAsync/);
    expect(() => figma.getLocalEffectStyles()).toThrow(/getLocalEffectStylesAsync/);
    expect(() => figma.variables.getLocalVariables()).toThrow(/getLocalVariablesAsync/);
    // eslint-disable-next-line no-self-assign -- setting the page, even to itself, is what must throw
    expect(() => (figma.currentPage = figma.currentPage)).toThrow(/setCurrentPageAsync/);
    const rect = figma.createRectangle();
    expect(() => (rect.fillStyleId = style.id)).toThrow(/setFillStyleIdAsync/);
    expect(() => component.instances).toThrow(/getInstancesAsync/);

    expect(await figma.getNodeByIdAsync(component.id)).toBe(component);
    expect(await figma.getStyleByIdAsync(style.id)).toBe(style);
    expect(await instance.getMainComponentAsync()).toBe(component);
    expect(await figma.getLocalPaintStylesAsync()).toEqual([style]);
    await rect.setFillStyleIdAsync(style.id);
    expect(rect.fillStyleId).toBe(style.id);
    expect(await component.getInstancesAsync()).toEqual([instance]);
  });

  it('allows the synchronous getters with documentAccess: full', () => {
    const { figma } = createFakeFigma({ documentAccess: 'full' });
    const component = figma.createComponent();
    const instance = component.createInstance();
    expect(figma.getNodeById(component.id)).toBe(component);
    expect(instance.mainComponent).toBe(component);
    expect(figma.root.findAll()).toContain(instance);
  });

  it('refuses document-wide find* before loadAllPagesAsync and answers after it', async () => {
    const { figma, frame, rect } = await documentWithTwoPagesAsync();
    expect(() => figma.root.findAll()).toThrow('in findAll: Cannot call with documentAccess: dynamic-page without calling figma.loadAllPagesAsync() first.');
    expect(() => figma.root.findOne(() => true)).toThrow(/loadAllPagesAsync/);
    expect(() => figma.root.findAllWithCriteria({ types: ['FRAME'] })).toThrow(/loadAllPagesAsync/);
    // Pages themselves are always listed.
    expect(figma.root.findChildren().map((p) => p.name)).toEqual(['Page 1', 'Second']);
    await figma.loadAllPagesAsync();
    expect(figma.root.findAll((n) => n.type !== 'PAGE')).toEqual([frame, rect]);
    expect(figma.root.findAllWithCriteria({ types: ['RECTANGLE'] })).toEqual([rect]);
  });

  it('finds plugin-data nodes on an unloaded page only after loading it (the reference check’s search)', async () => {
    const { fake, second, frame, rect } = await documentWithTwoPagesAsync();
    frame.setPluginData('reference', 'a');
    rect.setPluginData('reference', 'b');
    rect.setPluginData('other', 'c');
    fake.relaunch();
    const { figma } = fake;
    const criteria = { pluginData: { keys: ['reference'] } };
    expect(() => figma.root.findAllWithCriteria(criteria)).toThrow(/loadAllPagesAsync/);
    const secondPage = figma.root.children[1]!;
    expect(secondPage.id).toBe(second.id);
    expect(() => secondPage.findAllWithCriteria(criteria)).toThrow(/loadAsync/);
    await figma.loadAllPagesAsync();
    expect(figma.root.children.map((page) => page.findAllWithCriteria(criteria).map((node) => node.name))).toEqual([['On page 1'], ['On page 2']]);
    expect(figma.root.findAllWithCriteria({ pluginData: { keys: ['other'] } }).map((node) => node.name)).toEqual(['On page 2']);
  });

  it('keeps other pages unloaded in a new run until page.loadAsync()', async () => {
    const { fake, second, rect } = await documentWithTwoPagesAsync();
    fake.relaunch();
    const figma = fake.figma; // the new run's: the last run's figma is closed
    expect(figma.currentPage.children).toHaveLength(1);
    expect(() => second.children).toThrow('in children: Cannot access property `children` on a page that has not been explicitly loaded.');
    expect(() => second.findAll()).toThrow(/method `findAll\(\)` on a page that has not been explicitly loaded/);
    await second.loadAsync();
    expect(second.children).toEqual([rect]);
  });

  it('finds a node on an unloaded page with getNodeByIdAsync but leaves the page unloaded (typings promise only the node: the stricter reading)', async () => {
    const { fake, second, rect } = await documentWithTwoPagesAsync();
    fake.relaunch();
    const figma = fake.figma;
    expect(await figma.getNodeByIdAsync(rect.id)).toBe(rect);
    expect(rect.parent).toBe(second);
    expect(() => second.children).toThrow(/page that has not been explicitly loaded/);
    await second.loadAsync();
    expect(second.children).toEqual([rect]);
  });

  it('refuses a documentchange handler before loadAllPagesAsync', async () => {
    const { figma } = createFakeFigma();
    expect(() => figma.on('documentchange', () => undefined)).toThrow(/loadAllPagesAsync/);
    await figma.loadAllPagesAsync();
    expect(() => figma.on('documentchange', () => undefined)).not.toThrow();
  });

  it('setCurrentPageAsync loads the page and fires currentpagechange, not a document change', async () => {
    const { fake, figma, second } = await documentWithTwoPagesAsync();
    await figma.loadAllPagesAsync();
    const events: string[] = [];
    figma.on('currentpagechange', () => events.push('page'));
    figma.on('documentchange', () => events.push('document'));
    await figma.setCurrentPageAsync(second);
    await fake.settleAsync();
    expect(figma.currentPage).toBe(second);
    expect(events).toEqual(['page']);
  });
});
