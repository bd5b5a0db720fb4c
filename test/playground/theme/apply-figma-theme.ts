// What Figma does to a plugin's HTML when showUI is called with `themeColors: true`: the class
// `figma-light` or `figma-dark` on <html>, and a <style id="figma-style"> with the
// `--figma-color-*` variables. Pure string work so it can be tested without a browser.
import { figmaThemeColors } from './figma-theme-colors';

export type FigmaTheme = 'light' | 'dark';

export function parseTheme(value: string | null | undefined): FigmaTheme {
  return value === 'dark' ? 'dark' : 'light';
}

/** The `<style id="figma-style">` element's CSS for one theme. */
export function figmaThemeCss(theme: FigmaTheme): string {
  const index = theme === 'dark' ? 1 : 0;
  const lines = Object.entries(figmaThemeColors).map(([name, values]) => `  --figma-color-${name}: ${values[index]};`);
  return `:root {\n${lines.join('\n')}\n}`;
}

const htmlOpenTag = /<html\b[^>]*>/i;
const headOpenTag = /<head\b[^>]*>/i;
const classAttribute = /\sclass\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i;

function addClassToHtmlTag(tag: string, className: string): string {
  const match = classAttribute.exec(tag);
  if (!match) return tag.replace(/^<html\b/i, () => `<html class="${className}"`);
  const existing = (match[2] ?? match[3] ?? match[4] ?? '').split(/\s+/).filter((name) => name !== '' && !name.startsWith('figma-'));
  return tag.replace(match[0], () => ` class="${[...existing, className].join(' ')}"`);
}

/**
 * The plugin's HTML as Figma would show it: theme class on <html>, theme variables in a style
 * element at the start of <head> (so the plugin's own CSS still wins where it sets a variable).
 * Documents without <html> or <head> get them added, as a browser's parser would.
 */
export function applyFigmaTheme(html: string, theme: FigmaTheme): string {
  const className = `figma-${theme}`;
  const style = `<style id="figma-style">\n${figmaThemeCss(theme)}\n</style>`;
  let result = html;
  const htmlTag = htmlOpenTag.exec(result);
  if (htmlTag) {
    result = result.replace(htmlTag[0], () => addClassToHtmlTag(htmlTag[0], className));
  } else {
    result = `<html class="${className}">${result}</html>`;
  }
  const headTag = headOpenTag.exec(result);
  if (headTag) return result.replace(headTag[0], () => `${headTag[0]}${style}`);
  const openHtml = htmlOpenTag.exec(result);
  // Always found: either the document's own <html> or the one added above.
  return openHtml ? result.replace(openHtml[0], () => `${openHtml[0]}<head>${style}</head>`) : result;
}
