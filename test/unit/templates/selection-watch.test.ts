// Which page changes make the Templates screen read the selection again (selection-watch.ts), and
// that the watch follows the current page, against the fake Figma.
import { describe, expect, it } from 'vitest';
import { changesSelection, watchSelection } from '../../../src/templates/selection-watch';
import { createFakeFigma } from '../../fake-figma/index';

const removed = { removed: true as const, type: 'FRAME' as const, id: 'x' };
const change = (id: string, ...properties: NodeChangeProperty[]): NodeChange => ({ type: 'PROPERTY_CHANGE', id, origin: 'LOCAL', node: { ...removed, id }, properties });

describe('changesSelection', () => {
  it('is true for a selected layer’s plugin data, name or parent, and for nothing else', () => {
    const selected = () => ({ own: new Set(['1:2']), parents: new Set(['1:1']) });
    expect(changesSelection([change('1:2', 'pluginData')], selected)).toBe(true);
    expect(changesSelection([change('1:9', 'width'), change('1:2', 'name')], selected)).toBe(true);
    expect(changesSelection([change('1:2', 'parent')], selected)).toBe(true);
    expect(changesSelection([change('1:2', 'width', 'height', 'opacity')], selected)).toBe(false);
    expect(changesSelection([change('1:3', 'pluginData')], selected)).toBe(false);
    expect(changesSelection([{ type: 'DELETE', id: '1:2', origin: 'LOCAL', node: removed }], selected)).toBe(false);
    // The layer it is inside of: its name only (the words say "… inside “Parent”").
    expect(changesSelection([change('1:1', 'name')], selected)).toBe(true);
    expect(changesSelection([change('1:1', 'pluginData', 'parent')], selected)).toBe(false);
  });

  it('asks for the selection only when a change could matter (a drag of many layers reads none)', () => {
    let asked = 0;
    const selected = () => {
      asked++;
      return { own: new Set<string>(), parents: new Set<string>() };
    };
    changesSelection([change('1:2', 'width'), change('1:3', 'height')], selected);
    expect(asked).toBe(0);
    changesSelection([change('1:2', 'name'), change('1:3', 'pluginData')], selected);
    expect(asked).toBe(1);
  });
});

describe('watchSelection', () => {
  it('tells of a selected frame’s link or name changed without a selection change, on the page opened since too', async () => {
    const fake = createFakeFigma();
    const figma = fake.figma;
    const frame = figma.createFrame();
    const other = figma.createFrame();
    const second = figma.createPage();
    const there = figma.createFrame();
    second.appendChild(there);
    figma.currentPage.selection = [frame];
    await fake.settleAsync();
    let told = 0;
    watchSelection(figma, () => told++);

    frame.setPluginData('templateLink', '');
    frame.setPluginData('templateLink', '{}');
    other.name = 'Not selected';
    frame.resize(300, 300);
    await fake.settleAsync();
    expect(told).toBe(1);

    await figma.setCurrentPageAsync(second);
    await fake.settleAsync();
    const afterSwitch = told;
    expect(afterSwitch).toBeGreaterThan(1); // selectionchange with the page
    fake.select([there]);
    await fake.settleAsync();
    there.name = 'Renamed';
    frame.setPluginData('templateLink', '');
    await fake.settleAsync();
    // The selection change, then the rename here; the first page's frame is no longer heard.
    expect(told).toBe(afterSwitch + 2);
  });

  it('tells of a selected layer’s parent renamed (the words say “… inside “Parent””), not of its sibling', async () => {
    const fake = createFakeFigma();
    const figma = fake.figma;
    const frame = figma.createFrame();
    const title = figma.createRectangle();
    const sibling = figma.createRectangle();
    frame.appendChild(title);
    frame.appendChild(sibling);
    figma.currentPage.selection = [title];
    await fake.settleAsync();
    let told = 0;
    watchSelection(figma, () => told++);
    sibling.name = 'Not the selected one';
    await fake.settleAsync();
    expect(told).toBe(0);
    frame.name = 'Spring sale, renamed';
    await fake.settleAsync();
    expect(told).toBe(1);
  });
});
