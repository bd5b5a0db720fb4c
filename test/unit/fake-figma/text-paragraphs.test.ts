// Paragraph spacing and indent per paragraph (typings: setRangeParagraphSpacing, getRangeParagraphIndent…,
// and getStyledTextSegments' 'paragraphSpacing' / 'paragraphIndent'; the node's field reads figma.mixed where they vary).
import { describe, expect, it } from 'vitest';
import { createFakeFigma } from '../../fake-figma/index';

const REGULAR = { family: 'Inter', style: 'Regular' };

async function paragraphsAsync() {
  const fake = createFakeFigma();
  const { figma } = fake;
  await figma.loadFontAsync(REGULAR);
  const text = figma.createText();
  text.characters = 'hello figma\nI love the API';
  return { fake, figma, text };
}

describe('paragraph spacing and indent per paragraph', () => {
  it('applies to every paragraph the range touches; the node reads mixed, the segments say which', async () => {
    const { figma, text } = await paragraphsAsync();
    text.setRangeParagraphSpacing(0, 1, 20);
    expect(text.paragraphSpacing).toBe(figma.mixed);
    expect([text.getRangeParagraphSpacing(0, 12), text.getRangeParagraphSpacing(12, 26)]).toEqual([20, 0]);
    expect(text.getStyledTextSegments(['paragraphSpacing', 'paragraphIndent'])).toEqual([
      { characters: 'hello figma\n', start: 0, end: 12, paragraphSpacing: 20, paragraphIndent: 0 },
      { characters: 'I love the API', start: 12, end: 26, paragraphSpacing: 0, paragraphIndent: 0 },
    ]);
    text.setRangeParagraphIndent(14, 15, 8);
    expect([text.paragraphIndent, text.getRangeParagraphIndent(0, 26)]).toEqual([figma.mixed, figma.mixed]);
    // A whole-node value applies to every paragraph again.
    text.paragraphSpacing = 4;
    expect([text.paragraphSpacing, text.getRangeParagraphSpacing(0, 26)]).toEqual([4, 4]);
  });

  it('refuses a negative value, a range outside the text and an unloaded font', async () => {
    const { fake, text } = await paragraphsAsync();
    expect(() => text.setRangeParagraphSpacing(0, 5, -1)).toThrow(/between 0 and/);
    expect(() => text.setRangeParagraphIndent(0, 40, 2)).toThrow(/Expected 0 <= start < end <= 26/);
    fake.relaunch();
    expect(() => text.setRangeParagraphSpacing(0, 5, 2)).toThrow(/unloaded font/);
    expect(text.getRangeParagraphSpacing(0, 26)).toBe(0);
  });
});
