import { describe, expect, it } from 'vitest';
import { createFakeFigma, PLUGIN_DATA_ENTRY_LIMIT_BYTES } from '../../fake-figma/index';

describe('plugin data and shared plugin data', () => {
  it('stores strings per key, lists keys and removes a key set to ""', () => {
    const { figma } = createFakeFigma();
    const frame = figma.createFrame();
    frame.setPluginData('sync', '{"v":1}');
    frame.setPluginData('hash', 'abc');
    expect(frame.getPluginData('sync')).toBe('{"v":1}');
    expect(frame.getPluginData('missing')).toBe('');
    expect(frame.getPluginDataKeys()).toEqual(['sync', 'hash']);
    frame.setPluginData('hash', '');
    expect(frame.getPluginDataKeys()).toEqual(['sync']);
  });

  it('refuses a 101 kB private entry and accepts one just under 100 kB', () => {
    const { figma } = createFakeFigma();
    const frame = figma.createFrame();
    expect(() => frame.setPluginData('big', 'x'.repeat(101 * 1000))).toThrow(/cannot exceed 100 kB/);
    expect(frame.getPluginData('big')).toBe('');
    // plugin id "envelope-plugin-dev" (19) + key "ok" (2) + value = limit exactly.
    const fits = 'x'.repeat(PLUGIN_DATA_ENTRY_LIMIT_BYTES - 19 - 2);
    frame.setPluginData('ok', fits);
    expect(frame.getPluginData('ok')).toHaveLength(fits.length);
    expect(() => frame.setPluginData('ok', fits + 'x')).toThrow(/cannot exceed 100 kB/);
  });

  it('measures entries in UTF-8 bytes', () => {
    const { figma } = createFakeFigma();
    const frame = figma.createFrame();
    // 40,000 "é" are 40,000 characters but 80,000 bytes; 60,000 of them exceed the limit.
    frame.setPluginData('accents', 'é'.repeat(40_000));
    expect(() => frame.setPluginData('accents', 'é'.repeat(60_000))).toThrow(/cannot exceed 100 kB/);
  });

  it('refuses a 101 kB shared entry, also on the document root', () => {
    const { figma } = createFakeFigma();
    expect(() => figma.root.setSharedPluginData('envelope', 'settings', 'y'.repeat(101 * 1000))).toThrow(/cannot exceed 100 kB/);
    figma.root.setSharedPluginData('envelope', 'settings', '{"baseUrl":"https://app.templatebuilder.example"}');
    expect(figma.root.getSharedPluginData('envelope', 'settings')).toContain('templatebuilder');
    expect(figma.root.getSharedPluginDataKeys('envelope')).toEqual(['settings']);
    expect(figma.root.getSharedPluginDataKeys('other')).toEqual([]);
  });

  it('enforces shared namespace rules', () => {
    const { figma } = createFakeFigma();
    const frame = figma.createFrame();
    expect(() => frame.setSharedPluginData('ab', 'k', 'v')).toThrow(/at least 3 alphanumeric/);
    expect(() => frame.setSharedPluginData('has space', 'k', 'v')).toThrow(/at least 3 alphanumeric/);
    expect(() => frame.getSharedPluginData('x!', 'k')).toThrow(/at least 3 alphanumeric/);
    // Typings: "at least 3 alphanumeric characters": an underscore, dot or dash is none.
    for (const namespace of ['my_plugin', 'com.envelope', 'envelope-dev']) {
      expect(() => frame.setSharedPluginData(namespace, 'k', 'v')).toThrow(/at least 3 alphanumeric/);
      expect(() => frame.getSharedPluginDataKeys(namespace)).toThrow(/at least 3 alphanumeric/);
    }
    frame.setSharedPluginData('envelope', 'k', 'v');
    expect(frame.getSharedPluginData('envelope', 'k')).toBe('v');
  });

  it('refuses values that are not strings', () => {
    const { figma } = createFakeFigma();
    const frame = figma.createFrame();
    expect(() => frame.setPluginData('n', 42 as unknown as string)).toThrow(/Expected value to be a string, got number/);
    expect(() => frame.setPluginData(undefined as unknown as string, 'v')).toThrow(/key to be a string/);
  });

  it('keeps plugin data on styles and variables too', () => {
    const { figma } = createFakeFigma();
    const style = figma.createPaintStyle();
    style.setPluginData('token', 'brand.primary');
    expect(style.getPluginData('token')).toBe('brand.primary');
    expect(() => style.setPluginData('big', 'z'.repeat(101 * 1000))).toThrow(/100 kB/);
    const collection = figma.variables.createVariableCollection('Tokens');
    collection.setSharedPluginData('envelope', 'id', 'c1');
    expect(collection.getSharedPluginData('envelope', 'id')).toBe('c1');
    const variable = figma.variables.createVariable('brand', collection, 'COLOR');
    variable.setPluginData('token', 'v');
    expect([variable.getPluginData('token'), variable.getPluginDataKeys()]).toEqual(['v', ['token']]);
    // A removed style keeps what it had but refuses writes, as in Figma.
    style.remove();
    expect(style.getPluginData('token')).toBe('brand.primary');
    expect(() => style.setPluginData('token', 'x')).toThrow(/was removed/);
    expect(() => style.setSharedPluginData('envelope', 'id', 'x')).toThrow(/was removed/);
  });

  it('finds nodes by plugin data and shared plugin data', () => {
    const { figma } = createFakeFigma();
    const a = figma.createFrame();
    const b = figma.createFrame();
    const c = figma.createRectangle();
    a.setPluginData('synced', 'yes');
    c.setSharedPluginData('envelope', 'block', 'hero');
    expect(figma.currentPage.findAllWithCriteria({ pluginData: {} })).toEqual([a]);
    expect(figma.currentPage.findAllWithCriteria({ pluginData: { keys: ['other'] } })).toEqual([]);
    expect(figma.currentPage.findAllWithCriteria({ sharedPluginData: { namespace: 'envelope', keys: ['block'] } })).toEqual([c]);
    expect(figma.currentPage.findAllWithCriteria({ types: ['FRAME'] })).toEqual([a, b]);
  });

  it('copies plugin data with clone', () => {
    const { figma } = createFakeFigma();
    const frame = figma.createFrame();
    frame.setPluginData('k', 'v');
    const copy = frame.clone();
    expect(copy.getPluginData('k')).toBe('v');
    copy.setPluginData('k', 'changed');
    expect(frame.getPluginData('k')).toBe('v');
  });
});
