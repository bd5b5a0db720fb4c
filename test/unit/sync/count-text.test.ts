import { build } from 'esbuild';
import { getQuickJS } from 'quickjs-emscripten';
import { describe, expect, it } from 'vitest';
import { countText } from '../../../src/sync/count-text';

/** Evaluates `expression` in a fresh QuickJS context (Figma's sandbox engine), with countText in scope. */
async function inQuickJsAsync(expression: string): Promise<unknown> {
  const bundled = await build({
    entryPoints: [new URL('../../../src/sync/count-text.ts', import.meta.url).pathname],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'Count',
    platform: 'neutral',
    target: 'es2017',
  });
  const context = (await getQuickJS()).newContext();
  try {
    const handle = context.unwrapResult(context.evalCode(`${bundled.outputFiles[0]!.text}; var countText = Count.countText; ${expression}`));
    try {
      return context.dump(handle);
    } finally {
      handle.dispose();
    }
  } finally {
    context.dispose();
  }
}

describe('countText', () => {
  it('groups digits by three with commas, as a browser writes en-US counts', () => {
    expect([0, 7, 999, 1000, 1200, 34_000, 1_234_567, -4500].map(countText)).toEqual(['0', '7', '999', '1,000', '1,200', '34,000', '1,234,567', '-4,500']);
    expect(countText(1199.6)).toBe('1,200');
  });

  it('gives the same text in QuickJS, where toLocaleString does not group (the progress labels said "1200 of 3400" in Figma)', async () => {
    expect(await inQuickJsAsync(`[(1200).toLocaleString('en-US'), typeof Intl]`)).toEqual(['1200', 'undefined']);
    expect(await inQuickJsAsync(`[countText(1200), countText(1234567)]`)).toEqual(['1,200', '1,234,567']);
  });
});
