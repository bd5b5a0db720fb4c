// What placing library references relies on, failing where Figma fails: images over 4,096 px,
// image fills naming unknown images, links and text before their font is loaded, missing fonts,
// and a file the person may only view.
import { describe, expect, it } from 'vitest';
import { createFakeFigma } from '../../fake-figma/index';
import { encodePng } from '../../support/png';

const png = (width: number, height: number) => encodePng({ width, height, pixel: () => [10, 20, 30, 255] });

describe('the fake, for canvas references', () => {
  it('takes an image of 4,096 px on a side and refuses 4,097', () => {
    const { figma } = createFakeFigma();
    expect(figma.createImage(png(1, 4096)).hash).toMatch(/^[0-9a-f]{40}$/);
    expect(() => figma.createImage(png(1, 4097))).toThrow(/too large \(1×4097; at most 4096×4096/);
  });

  it('refuses an image fill whose hash names no image in the file', () => {
    const { figma } = createFakeFigma();
    const rectangle = figma.createRectangle();
    expect(() => (rectangle.fills = [{ type: 'IMAGE', imageHash: 'f'.repeat(40), scaleMode: 'FILL' }])).toThrow(/does not name an image/);
  });

  it('refuses text and links before the font is loaded, and a font it does not have', async () => {
    const { figma } = createFakeFigma({ fonts: [{ family: 'Roboto', style: 'Regular' }] });
    const text = figma.createText();
    expect(() => (text.characters = 'Hello')).toThrow();
    await expect(figma.loadFontAsync({ family: 'Inter', style: 'Regular' })).rejects.toThrow(/could not be loaded/);
    await figma.loadFontAsync({ family: 'Roboto', style: 'Regular' });
    text.fontName = { family: 'Roboto', style: 'Regular' };
    text.characters = 'Hello';
    expect(() => text.setRangeHyperlink(0, 5, { type: 'URL', value: 'not a url' })).toThrow();
    text.setRangeHyperlink(0, 5, { type: 'URL', value: 'https://library.example/emails/1' });
    expect(text.hyperlink).toEqual({ type: 'URL', value: 'https://library.example/emails/1' });
  });

  it('keeps locked layers editable by the plugin (typings: locked only stops the person)', () => {
    const { figma } = createFakeFigma();
    const rectangle = figma.createRectangle();
    rectangle.locked = true;
    rectangle.x = 40;
    expect([rectangle.locked, rectangle.x]).toEqual([true, 40]);
  });

  it('refuses to create nodes in a file the person may only view', () => {
    const { figma } = createFakeFigma({ readOnly: true });
    expect(() => figma.createFrame()).toThrow(/in createFRAME: .*read-only/);
    expect(() => figma.createText()).toThrow(/read-only/);
  });
});
