import { describe, expect, it } from 'vitest';
import { createFakeFigma } from '../../fake-figma/index';

describe('text nodes', () => {
  it('refuses text edits until the font is loaded, with Figma’s hint', async () => {
    const { figma } = createFakeFigma();
    const text = figma.createText();
    expect(() => (text.characters = 'Hello')).toThrow(
      'in set_characters: Cannot write to node with unloaded font "Inter Regular". Please call figma.loadFontAsync({ family: "Inter", style: "Regular" }) and await the returned promise first.',
    );
    expect(() => (text.fontSize = 20)).toThrow(/unloaded font "Inter Regular"/);
    expect(() => (text.textCase = 'UPPER')).toThrow(/unloaded font/);
    // Typings (textAlignHorizontal, textAlignVertical): "Setting this property requires the font
    // the be loaded."
    expect(() => (text.textAlignHorizontal = 'CENTER')).toThrow(/in set_textAlignHorizontal: Cannot write to node with unloaded font "Inter Regular"/);
    expect(() => (text.textAlignVertical = 'BOTTOM')).toThrow(/in set_textAlignVertical: Cannot write to node with unloaded font "Inter Regular"/);
    await figma.loadFontAsync({ family: 'Inter', style: 'Regular' });
    text.textAlignHorizontal = 'CENTER';
    text.textAlignVertical = 'BOTTOM';
    expect([text.textAlignHorizontal, text.textAlignVertical]).toEqual(['CENTER', 'BOTTOM']);
    text.characters = 'Hello';
    expect(text.characters).toBe('Hello');
    expect(() => (text.fontName = { family: 'Inter', style: 'Bold' })).toThrow(/unloaded font "Inter Bold"/);
    await figma.loadFontAsync({ family: 'Inter', style: 'Bold' });
    text.fontName = { family: 'Inter', style: 'Bold' };
    expect(text.fontName).toEqual({ family: 'Inter', style: 'Bold' });
  });

  it('needs the font for truncation settings but not for applying a text style', async () => {
    const { figma } = createFakeFigma();
    const text = figma.createText();
    expect(() => (text.maxLines = 2)).toThrow(/unloaded font/);
    expect(() => (text.textTruncation = 'ENDING')).toThrow(/unloaded font/);
    expect(() => (text.textAutoResize = 'HEIGHT')).toThrow(/unloaded font/);
    const style = figma.createTextStyle();
    await text.setTextStyleIdAsync(style.id);
    expect(text.textStyleId).toBe(style.id);
  });

  // Typings (loadFontAsync): "You can pass a FontNameInput and omit `style` to load every style
  // of the family in one call."
  it('loads every style of a family when the style is left out', async () => {
    const { figma } = createFakeFigma();
    await figma.loadFontAsync({ family: 'Inter' });
    const text = figma.createText();
    for (const style of ['Regular', 'Medium', 'Semi Bold', 'Bold', 'Italic']) {
      text.fontName = { family: 'Inter', style };
      text.characters = style;
    }
    expect(() => (text.fontName = { family: 'Roboto', style: 'Regular' })).toThrow(/unloaded font "Roboto Regular"/);
    await expect(figma.loadFontAsync({ family: 'Comic Neue' })).rejects.toThrow(/font family "Comic Neue" could not be loaded/);
  });

  it('rejects fonts the machine does not have and lists the ones it has', async () => {
    const { figma } = createFakeFigma();
    await expect(figma.loadFontAsync({ family: 'Comic Neue', style: 'Regular' })).rejects.toThrow(/could not be loaded/);
    const fonts = await figma.listAvailableFontsAsync();
    expect(fonts.map((f) => `${f.fontName.family} ${f.fontName.style}`)).toContain('Inter Semi Bold');
  });

  it('reports text in a font this machine lacks as missing, and cannot edit it (typings: hasMissingFont, "a font currently not available to the document")', async () => {
    const fake = createFakeFigma({ fonts: [{ family: 'Inter', style: 'Regular' }] });
    const { figma } = fake;
    await figma.loadFontAsync({ family: 'Inter', style: 'Regular' });
    const text = figma.createText();
    text.characters = 'Northwind';
    expect([text.hasMissingFont, figma.hasMissingFont]).toEqual([false, false]);
    // A teammate whose machine has Georgia sets it; here it is missing.
    fake.remoteEdit(() => text.setRangeFontName(0, 5, { family: 'Georgia', style: 'Regular' }));
    expect([text.hasMissingFont, figma.hasMissingFont]).toEqual([true, true]);
    await expect(figma.loadFontAsync({ family: 'Georgia', style: 'Regular' })).rejects.toThrow(/could not be loaded/);
    expect(() => (text.characters = 'Northwind Mail')).toThrow(/unloaded font "Georgia Regular"/);
  });

  it('sizes auto-resizing text and wraps fixed-width text', async () => {
    const { figma } = createFakeFigma();
    await figma.loadFontAsync({ family: 'Inter', style: 'Regular' });
    const text = figma.createText();
    text.fontSize = 20;
    text.characters = 'Spring sale';
    const oneLine = text.height;
    expect(text.width).toBeGreaterThan(0);
    text.textAutoResize = 'HEIGHT';
    text.resize(80, text.height);
    text.characters = 'Spring sale starts on Monday for members';
    expect(text.width).toBe(80);
    expect(text.height).toBeGreaterThan(oneLine * 2);
  });

  it('names new text after its characters until renamed', async () => {
    const { figma } = createFakeFigma();
    await figma.loadFontAsync({ family: 'Inter', style: 'Regular' });
    const text = figma.createText();
    text.characters = 'Free delivery';
    expect(text.name).toBe('Free delivery');
    text.name = 'Banner';
    text.characters = 'Free returns';
    expect(text.name).toBe('Banner');
  });

  it('applies text styles (font must be loaded) and detaches them when a style field changes', async () => {
    const { figma } = createFakeFigma();
    await figma.loadFontAsync({ family: 'Inter', style: 'Regular' });
    const style = figma.createTextStyle();
    style.name = 'Body/Large';
    style.fontSize = 18;
    expect(() => (style.fontName = { family: 'Georgia', style: 'Bold' })).toThrow(/unloaded font "Georgia Bold"/);
    const text = figma.createText();
    text.characters = 'Copy';
    await text.setTextStyleIdAsync(style.id);
    expect(text.textStyleId).toBe(style.id);
    expect(text.fontSize).toBe(18);
    text.characters = 'New copy';
    expect(text.textStyleId).toBe(style.id);
    style.fontSize = 20;
    expect(text.fontSize).toBe(20);
    text.fontSize = 12;
    expect(text.textStyleId).toBe('');
  });

  it('returns figma.mixed for differing corner radii', () => {
    const { figma } = createFakeFigma();
    const rect = figma.createRectangle();
    rect.cornerRadius = 8;
    expect(rect.cornerRadius).toBe(8);
    rect.topLeftRadius = 0;
    expect(rect.cornerRadius).toBe(figma.mixed);
  });
});
