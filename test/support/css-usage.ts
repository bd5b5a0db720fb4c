// What in the UI's stylesheets nothing uses: custom properties no rule reads, and class selectors
// no string in the UI's code names. Every byte of ui/styles ships inside dist/ui.html.
import ts from 'typescript';

const comments = /\/\*[\s\S]*?\*\//g;
const declaration = /(--[A-Za-z][\w-]*)\s*:\s*([^;}]*)/g;

/** Custom properties declared in `css` that nothing reads: no `var()` outside their own (dead) declarations, and not named in `code`. */
export function unusedCustomProperties(css: string, code: string): string[] {
  const text = css.replace(comments, '');
  const declared = new Set([...text.matchAll(declaration)].map((match) => match[1] as string));
  const dead = new Set<string>();
  // A property read only by dead ones is dead too: repeat until nothing more is found.
  for (let found = true; found; ) {
    found = false;
    const live = text.replace(declaration, (whole, name: string) => (dead.has(name) ? '' : whole.slice(name.length)));
    for (const name of declared) {
      if (dead.has(name)) continue;
      const read = new RegExp(`var\\(\\s*${name}\\s*[,)]`).test(live) || new RegExp(`${name}(?![\\w-])`).test(code);
      if (!read) {
        dead.add(name);
        found = true;
      }
    }
  }
  return [...dead].sort();
}

/** Class names a stylesheet's selectors use (not text inside declarations, such as a URL's `.png`). */
export function selectorClasses(css: string): string[] {
  const selectors = css.replace(comments, '').replace(/@import[^;]*;/g, '').replace(/\{[^{}]*\}/g, '{}');
  return [...new Set([...selectors.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map((match) => match[1] as string))].sort();
}

/**
 * Words in a source file's strings and template literals, split at white space: the class names it
 * can write. `stems` holds each template part's last word where an expression follows it
 * (`button-${variant}` gives the stem `button-`).
 */
export function stringWords(fileName: string, source: string): { words: Set<string>; stems: Set<string> } {
  const words = new Set<string>();
  const stems = new Set<string>();
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      for (const word of node.text.split(/\s+/)) if (word) words.add(word);
    } else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      const parts = node.text.split(/\s+/);
      for (const word of parts) if (word) words.add(word);
      const last = parts[parts.length - 1];
      if (!ts.isTemplateTail(node) && last) stems.add(last);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { words, stems };
}

/** Classes of `classes` that no string names, whole or as a template's stem. */
export function unnamedClasses(classes: string[], words: Set<string>, stems: Set<string>): string[] {
  return classes.filter((name) => !words.has(name) && ![...stems].some((stem) => name.startsWith(stem)));
}
