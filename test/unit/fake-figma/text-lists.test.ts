// Lists in text: list options and indentation per paragraph, list spacing (typings: getRangeListOptions,
// setRangeIndentation, listSpacing…, and getStyledTextSegments' 'listOptions' / 'indentation' / 'listSpacing').
import { describe, expect, it } from 'vitest';
import { createFakeFigma } from '../../fake-figma/index';

const REGULAR = { family: 'Inter', style: 'Regular' };

async function listTextAsync() {
  const fake = createFakeFigma();
  const { figma } = fake;
  await figma.loadFontAsync(REGULAR);
  const text = figma.createText();
  text.characters = 'Intro\nFirst item\nSecond item';
  return { fake, figma, text };
}

describe('text lists', () => {
  it('starts with no list, no indentation and no list spacing', async () => {
    const { text } = await listTextAsync();
    expect(text.getRangeListOptions(0, 5)).toEqual({ type: 'NONE' });
    expect([text.getRangeIndentation(0, 5), text.getRangeListSpacing(0, 5), text.listSpacing]).toEqual([0, 0, 0]);
    expect(text.getStyledTextSegments(['listOptions', 'indentation', 'listSpacing'])).toEqual([
      { characters: 'Intro\nFirst item\nSecond item', start: 0, end: 28, listOptions: { type: 'NONE' }, indentation: 0, listSpacing: 0 },
    ]);
  });

  it('makes whole paragraphs list items, even from a range inside one (lists belong to paragraphs)', async () => {
    const { figma, text } = await listTextAsync();
    text.setRangeListOptions(8, 20, { type: 'UNORDERED' });
    text.setRangeIndentation(20, 21, 1);
    expect(text.getRangeListOptions(0, 6)).toEqual({ type: 'NONE' });
    expect(text.getRangeListOptions(6, 28)).toEqual({ type: 'UNORDERED' });
    expect(text.getRangeListOptions(0, 28)).toBe(figma.mixed);
    expect(text.getStyledTextSegments(['listOptions', 'indentation']).map((s) => [s.characters, s.listOptions.type, s.indentation])).toEqual([
      ['Intro\n', 'NONE', 0],
      ['First item\n', 'UNORDERED', 0],
      ['Second item', 'UNORDERED', 1],
    ]);
    text.listSpacing = 4;
    expect([text.listSpacing, text.getRangeListSpacing(0, 28)]).toEqual([4, 4]);
    text.setRangeListSpacing(0, 6, 8);
    expect(text.listSpacing).toBe(figma.mixed);
  });

  it('refuses other list types, fractional or negative indentation and spacing, and unloaded fonts', async () => {
    const { fake, text } = await listTextAsync();
    expect(() => text.setRangeListOptions(0, 5, { type: 'CHECKBOX' } as unknown as TextListOptions)).toThrow(/list options/);
    expect(() => text.setRangeIndentation(0, 5, 1.5)).toThrow(/whole number/);
    expect(() => text.setRangeIndentation(0, 5, -1)).toThrow(/whole number/);
    expect(() => (text.listSpacing = -2)).toThrow(/between 0 and/);
    expect(() => text.setRangeListOptions(0, 30, { type: 'ORDERED' })).toThrow(/Expected 0 <= start < end <= 28/);
    fake.relaunch();
    expect(() => text.setRangeListOptions(0, 5, { type: 'ORDERED' })).toThrow(/unloaded font/);
    expect(text.getRangeListOptions(0, 28)).toEqual({ type: 'NONE' });
  });

  it('reports list edits as styledTextSegments and list spacing as listSpacing in documentchange', async () => {
    const { fake, figma, text } = await listTextAsync();
    await figma.loadAllPagesAsync();
    await fake.settleAsync();
    const properties: string[][] = [];
    figma.on('documentchange', (event) => {
      for (const change of event.documentChanges) if (change.type === 'PROPERTY_CHANGE') properties.push(change.properties);
    });
    text.setRangeListOptions(0, 27, { type: 'ORDERED' });
    await fake.settleAsync();
    text.setRangeIndentation(0, 27, 2);
    await fake.settleAsync();
    text.listSpacing = 6;
    await fake.settleAsync();
    expect(properties).toEqual([['styledTextSegments'], ['styledTextSegments'], ['listSpacing']]);
  });
});
