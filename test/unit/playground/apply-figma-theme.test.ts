import { describe, expect, it } from 'vitest';
import { applyFigmaTheme, figmaThemeCss, parseTheme } from '../../playground/theme/apply-figma-theme';
import { figmaThemeColors } from '../../playground/theme/figma-theme-colors';

describe('figma theme colours', () => {
  it('have a light and a dark value for every variable Figma documents as the basics', () => {
    for (const name of ['bg', 'bg-secondary', 'bg-brand', 'text', 'text-secondary', 'text-onbrand', 'border', 'text-danger', 'icon']) {
      const values = figmaThemeColors[name];
      expect(values, name).toBeDefined();
      expect(values?.[0]).toMatch(/^#[0-9a-f]{6}([0-9a-f]{2})?$/);
      expect(values?.[1]).toMatch(/^#[0-9a-f]{6}([0-9a-f]{2})?$/);
    }
    expect(figmaThemeColors.bg).toEqual(['#ffffff', '#2c2c2c']);
  });

  it('write one CSS variable per colour for the chosen theme', () => {
    const dark = figmaThemeCss('dark');
    expect(dark).toContain('--figma-color-bg: #2c2c2c;');
    expect(dark).not.toContain('--figma-color-bg: #ffffff;');
    expect(dark.match(/--figma-color-/g)).toHaveLength(Object.keys(figmaThemeColors).length);
    expect(figmaThemeCss('light')).toContain('--figma-color-bg: #ffffff;');
  });
});

describe('applyFigmaTheme', () => {
  const page = '<!doctype html>\n<html lang="en">\n<head><title>UI</title></head><body>hi</body></html>';

  it('adds the theme class to <html> and the variables at the start of <head>', () => {
    const html = applyFigmaTheme(page, 'dark');
    expect(html).toContain('<html class="figma-dark" lang="en">');
    expect(html).toMatch(/<head><style id="figma-style">\n:root \{[^}]*--figma-color-bg: #2c2c2c;[^}]*\}\n<\/style><title>UI<\/title>/);
    expect(html).toContain('<body>hi</body>');
  });

  it('keeps the classes <html> already has, replacing only an earlier figma theme class', () => {
    expect(applyFigmaTheme('<html class="app figma-dark"><head></head></html>', 'light')).toContain('<html class="app figma-light">');
    expect(applyFigmaTheme("<html class='x'><head></head></html>", 'dark')).toContain('<html class="x figma-dark">');
  });

  it('adds <html> and <head> when the document has neither', () => {
    const html = applyFigmaTheme('<div id="app"></div>', 'light');
    expect(html.startsWith('<html class="figma-light"><head><style id="figma-style">')).toBe(true);
    expect(html.endsWith('<div id="app"></div></html>')).toBe(true);
  });

  it('leaves $ patterns in the document alone', () => {
    const html = applyFigmaTheme("<html><head></head><body><script>const a = '$&$1';</script></body></html>", 'light');
    expect(html).toContain("const a = '$&$1';");
  });

  it('reads the theme from a query value, light unless dark is asked for', () => {
    expect(parseTheme('dark')).toBe('dark');
    expect(parseTheme('light')).toBe('light');
    expect(parseTheme(null)).toBe('light');
    expect(parseTheme('purple')).toBe('light');
  });
});
