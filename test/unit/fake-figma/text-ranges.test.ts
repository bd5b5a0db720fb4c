import { describe, expect, it } from 'vitest';
import { createFakeFigma } from '../../fake-figma/index';

const REGULAR = { family: 'Inter', style: 'Regular' };
const BOLD = { family: 'Inter', style: 'Bold' };
const RED: SolidPaint = { type: 'SOLID', color: { r: 1, g: 0, b: 0 } };

async function sentenceAsync() {
  const fake = createFakeFigma();
  const { figma } = fake;
  await figma.loadFontAsync(REGULAR);
  const text = figma.createText();
  text.characters = 'Read our terms today';
  return { fake, figma, text };
}

describe('styled text ranges', () => {
  it('reports one segment for uniform text', async () => {
    const { text } = await sentenceAsync();
    expect(text.getStyledTextSegments(['fontSize', 'fontName'])).toEqual([
      { characters: 'Read our terms today', start: 0, end: 20, fontSize: 12, fontName: REGULAR },
    ]);
  });

  it('styles part of the text; differing fields read as figma.mixed', async () => {
    const { figma, text } = await sentenceAsync();
    expect(() => text.setRangeFontName(9, 14, BOLD)).toThrow(/unloaded font "Inter Bold"/);
    await figma.loadFontAsync(BOLD);
    text.setRangeFontName(9, 14, BOLD);
    text.setRangeTextDecoration(9, 14, 'UNDERLINE');
    text.setRangeHyperlink(9, 14, { type: 'URL', value: 'https://northwind.example/terms' });
    text.setRangeFills(0, 4, [RED]);
    expect(text.fontName).toBe(figma.mixed);
    expect(text.textDecoration).toBe(figma.mixed);
    expect(text.fills).toBe(figma.mixed);
    expect(text.fontSize).toBe(12);
    expect(text.getRangeFontName(9, 14)).toEqual(BOLD);
    expect(text.getRangeFontName(0, 14)).toBe(figma.mixed);
    expect(text.getStyledTextSegments(['fontName', 'textDecoration', 'hyperlink']).map((s) => [s.characters, (s.fontName as FontName).style, s.textDecoration, s.hyperlink])).toEqual([
      ['Read our ', 'Regular', 'NONE', null],
      ['terms', 'Bold', 'UNDERLINE', { type: 'URL', value: 'https://northwind.example/terms' }],
      [' today', 'Regular', 'NONE', null],
    ]);
    expect(text.getStyledTextSegments(['fills']).map((s) => s.characters)).toEqual(['Read', ' our terms today']);
  });

  it('needs every font of mixed text loaded before editing it', async () => {
    const { fake, figma, text } = await sentenceAsync();
    await figma.loadFontAsync(BOLD);
    text.setRangeFontName(0, 4, BOLD);
    fake.relaunch();
    await fake.figma.loadFontAsync(REGULAR);
    expect(() => (text.characters = 'New')).toThrow(/unloaded font "Inter Bold"/);
    expect(() => text.insertCharacters(0, 'x')).toThrow(/unloaded font "Inter Bold"/);
  });

  it('whole-node edits apply to every run and collapse identical runs', async () => {
    const { figma, text } = await sentenceAsync();
    text.setRangeFontSize(0, 4, 20);
    expect(text.fontSize).toBe(figma.mixed);
    text.fontSize = 14;
    expect(text.fontSize).toBe(14);
    expect(text.getStyledTextSegments(['fontSize'])).toHaveLength(1);
  });

  it('keeps runs in step when characters are inserted or deleted, and resets them when replaced', async () => {
    const { figma, text } = await sentenceAsync();
    await figma.loadFontAsync(BOLD);
    text.setRangeFontName(9, 14, BOLD);
    text.insertCharacters(9, 'full ', 'AFTER');
    expect(text.characters).toBe('Read our full terms today');
    expect(text.getRangeFontName(9, 19)).toEqual(BOLD);
    text.deleteCharacters(0, 5);
    expect(text.characters).toBe('our full terms today');
    expect(text.getRangeFontName(4, 14)).toEqual(BOLD);
    expect(text.getRangeFontName(0, 4)).toEqual(REGULAR);
    text.characters = 'Plain';
    expect(text.fontName).toEqual(REGULAR);
    expect(text.getStyledTextSegments(['fontName'])).toHaveLength(1);
  });

  it('applies styles to ranges and copies mixed styling into instances', async () => {
    const { figma, text } = await sentenceAsync();
    const paint = figma.createPaintStyle();
    paint.paints = [RED];
    await text.setRangeFillStyleIdAsync(0, 4, paint.id);
    expect(text.fillStyleId).toBe(figma.mixed);
    expect(text.getRangeFillStyleId(0, 4)).toBe(paint.id);
    const component = figma.createComponent();
    component.appendChild(text);
    const instance = component.createInstance();
    const copy = instance.children[0] as TextNode;
    expect(copy.getStyledTextSegments(['fills']).map((s) => s.characters)).toEqual(['Read', ' our terms today']);
    text.setRangeFontSize(5, 8, 30);
    expect(copy.getRangeFontSize(5, 8)).toBe(30);
  });

  it('links to a URL or to a node of this file that is not inside an instance (HyperlinkTarget: "NODE" is "the id of a node in the current document" that "cannot be a sublayer of an instance")', async () => {
    const { figma, text } = await sentenceAsync();
    const terms = figma.createFrame();
    text.setRangeHyperlink(9, 14, { type: 'NODE', value: terms.id });
    text.setRangeHyperlink(0, 4, { type: 'URL', value: 'https://northwind.example/terms' });
    expect(text.getRangeHyperlink(9, 14)).toEqual({ type: 'NODE', value: terms.id });
    expect(() => text.setRangeHyperlink(0, 4, { type: 'NODE', value: '999:1' })).toThrow(/needs the id of a node in this file/);
    const component = figma.createComponent();
    component.appendChild(figma.createRectangle());
    const layer = (component.createInstance().children[0] as SceneNode).id;
    expect(() => text.setRangeHyperlink(0, 4, { type: 'NODE', value: layer })).toThrow(/cannot point to a layer inside an instance/);
    // "value is a hyperlink URL": the stricter reading asks for an absolute one.
    expect(() => (text.hyperlink = { type: 'URL', value: 'terms page' })).toThrow(/needs an absolute URL/);
    expect(text.getRangeHyperlink(0, 4)).toEqual({ type: 'URL', value: 'https://northwind.example/terms' });
  });

  it('refuses bad ranges and unknown segment fields clearly', async () => {
    const { text } = await sentenceAsync();
    expect(() => text.setRangeFontSize(5, 3, 10)).toThrow(/Expected 0 <= start < end <= 20/);
    expect(() => text.setRangeFontSize(0, 99, 10)).toThrow(/<= 20/);
    expect(() => text.getStyledTextSegments(['openTypeFeatures'])).toThrow(/not implemented by the fake/);
  });
});
