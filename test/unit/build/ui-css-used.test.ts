import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { selectorClasses, stringWords, unnamedClasses, unusedCustomProperties } from '../../support/css-usage';

const root = join(import.meta.dirname, '../../..');

function filesUnder(dir: string, ends: RegExp): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && ends.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

const stylesheets = filesUnder('ui/styles', /\.css$/);
const codeFiles = [...filesUnder('ui', /\.tsx?$/), ...filesUnder('src/shared', /\.tsx?$/)].filter((file) => !file.endsWith('.d.ts'));

describe('finding what the stylesheets hold for nothing', () => {
  it('finds a custom property nothing reads, and one read only by such a property', () => {
    const css = ':root { --a: red; --b: blue; --c: var(--b); --d: green; } p { color: var(--a); }';
    expect(unusedCustomProperties(css, '')).toEqual(['--b', '--c', '--d']);
    // One set from the code (a style attribute) or read there is used.
    expect(unusedCustomProperties(css, "style={{ '--d': '1px' }}")).toEqual(['--b', '--c']);
  });

  it('reads class names from selectors only, and finds one no string names', () => {
    const css = '.a, .b:hover > .c { background: url(x.png); } @media (max-width: 1px) { .d { color: red; } }';
    expect(selectorClasses(css)).toEqual(['a', 'b', 'c', 'd']);
    const { words, stems } = stringWords('x.tsx', 'const v = "b"; <p class="a">{`c-${v}`}</p>; // "d" in a comment');
    expect(unnamedClasses(['a', 'b', 'c-x', 'd'], words, stems)).toEqual(['d']);
  });
});

describe('ui/styles', () => {
  it('declares no custom property that nothing reads', () => {
    const css = stylesheets.map((file) => readFileSync(file, 'utf8')).join('\n');
    const code = codeFiles.map((file) => readFileSync(file, 'utf8')).join('\n');
    expect(unusedCustomProperties(css, code)).toEqual([]);
  });

  it('styles no class that the UI never writes', () => {
    const words = new Set<string>();
    const stems = new Set<string>();
    for (const file of codeFiles) {
      const found = stringWords(file, readFileSync(file, 'utf8'));
      for (const word of found.words) words.add(word);
      for (const stem of found.stems) stems.add(stem);
    }
    // Figma puts these on <html> (showUI themeColors): the UI never writes them itself.
    for (const figmaClass of ['figma-light', 'figma-dark']) words.add(figmaClass);
    const classes = stylesheets.flatMap((file) => selectorClasses(readFileSync(file, 'utf8')));
    expect(unnamedClasses(classes, words, stems)).toEqual([]);
  });
});
