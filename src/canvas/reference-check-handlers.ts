// The reference check's requests: find the file's references, go to one, remove the chosen ones.
// Which emails the library removed is asked by the UI (it calls the library itself).
import { BridgeError } from '../shared/bridge/bridge-error';
import type { Handlers } from '../shared/bridge/endpoint';
import type { SandboxRequests } from '../shared/bridge/messages';
import { findReferencesAsync } from './reference-finder';
import { removeReferencesAsync } from './reference-removal';

export type ReferenceCheckHandlers = Pick<Handlers<SandboxRequests>, 'canvas/references-find' | 'canvas/references-remove' | 'canvas/references-show'>;

type CheckFigma = Pick<PluginAPI, 'loadAllPagesAsync' | 'root' | 'getNodeByIdAsync' | 'commitUndo' | 'setCurrentPageAsync' | 'viewport'>;

export function createReferenceCheckHandlers(figma: CheckFigma): ReferenceCheckHandlers {
  return {
    'canvas/references-find': (_payload, context) =>
      findReferencesAsync(figma, (done, total) => context.progress({ done, total, label: 'Finding references on every page…' })),
    'canvas/references-remove': ({ nodeIds, goneEmailIds }) => removeReferencesAsync(figma, nodeIds, goneEmailIds),
    'canvas/references-show': async ({ nodeId }) => {
      const node = await figma.getNodeByIdAsync(nodeId);
      let page: BaseNode | null = node;
      while (page !== null && page.type !== 'PAGE') page = page.parent;
      if (node === null || page === null || page.type !== 'PAGE') throw new BridgeError('not_found', 'That reference is no longer in the file.');
      await figma.setCurrentPageAsync(page);
      page.selection = [node as SceneNode];
      figma.viewport.scrollAndZoomIntoView([node]);
      return {};
    },
  };
}
