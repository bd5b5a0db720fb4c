// Errors shaped like the ones Figma's plugin runtime throws ("in <api>: <reason>"), so plugin
// code that surfaces them to people shows the same kind of text it would in Figma.

export function figmaError(api: string, reason: string): Error {
  return new Error(`in ${api}: ${reason}`);
}

export function dynamicPageError(api: string, instead: string): Error {
  return figmaError(api, `Cannot call with documentAccess: dynamic-page. Use ${instead} instead.`);
}

export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'symbol') return 'figma.mixed or another symbol';
  return typeof value;
}

/** Figma's validation wording: `in set_opacity: Expected number, got string`. */
export function validationError(api: string, expected: string, got: unknown): Error {
  const shown = typeof got === 'string' ? `string "${got.length > 40 ? got.slice(0, 40) + '…' : got}"` : describeType(got);
  return figmaError(api, `Expected ${expected}, got ${shown}`);
}
