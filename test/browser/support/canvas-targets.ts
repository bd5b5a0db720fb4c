// Finding a node drawn on the playground's canvas, clear of the plugin window, to drop onto.
import type { Page } from 'playwright-core';
import { evaluateHooks } from './playground-harness';

export interface CanvasTarget {
  id: string;
  /** Its box in canvas (document) coordinates. */
  box: { x: number; y: number; width: number; height: number };
  /** Where it is drawn on the page. */
  rect: { left: number; top: number; width: number; height: number };
}

/** A top-level node of one of `types`, drawn larger than 40 px and left of the plugin window. */
export async function nodeOnCanvasAsync(page: Page, types: readonly string[]): Promise<CanvasTarget> {
  const candidates = await page.locator('[data-role="drawing"] > .node').evaluateAll((nodes) =>
    nodes.map((node) => {
      const rect = node.getBoundingClientRect();
      return { id: (node as HTMLElement).dataset.nodeId ?? '', type: (node as HTMLElement).dataset.nodeType ?? '', rect: { left: rect.left, top: rect.top, width: rect.width, height: rect.height } };
    }),
  );
  const windowBox = await page.locator('[data-role="plugin-window"]').boundingBox();
  const clear = candidates.find(
    (candidate) => types.includes(candidate.type) && candidate.rect.width > 40 && candidate.rect.height > 40 && (!windowBox || candidate.rect.left + candidate.rect.width < windowBox.x),
  );
  if (!clear) throw new Error(`no ${types.join(' or ')} drawn clear of the plugin window: ${JSON.stringify(candidates)}`);
  const box = await evaluateHooks(page, (hooks, id) => hooks.inspect().run(() => ({ ...(hooks.inspect().node(id) as FrameNode).absoluteBoundingBox! })), clear.id);
  return { id: clear.id, box, rect: clear.rect };
}
