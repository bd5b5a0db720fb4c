// axe-core's WCAG 2.2 A/AA rules run inside a frame of the page (the plugin's UI iframe), as a
// check that a screen is usable with assistive technology and has enough contrast.
import { createRequire } from 'node:module';
import type { Frame } from 'playwright-core';

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeViolation {
  id: string;
  help: string;
  nodes: string[];
}

/** The violations on what the frame shows now, one line each ([] when clean). */
export async function axeViolationsAsync(frame: Frame): Promise<string[]> {
  const loaded = await frame.evaluate(() => 'axe' in window);
  if (!loaded) await frame.addScriptTag({ path: AXE_SOURCE });
  const violations = await frame.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: Document, options: unknown): Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((violation) => ({ id: violation.id, help: violation.help, nodes: violation.nodes.map((node) => JSON.stringify(node.target)) }));
  }, WCAG_22_AA);
  return violations.map((violation: AxeViolation) => `${violation.id}: ${violation.help} (${violation.nodes.slice(0, 3).join(', ')}${violation.nodes.length > 3 ? ', …' : ''})`);
}
