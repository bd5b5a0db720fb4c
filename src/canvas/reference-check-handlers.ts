// The reference check's requests: find the file's references, go to one, remove the chosen ones.
// Which emails the library removed is asked by the UI (it calls the library itself).
import { BridgeError } from '../shared/bridge/bridge-error';
import type { Handlers } from '../shared/bridge/endpoint';
import type { SandboxRequests } from '../shared/bridge/messages';
import { syncRunningError } from './canvas-errors';
import { showCheckButtonAfterCheck } from './check-references-button';
import { findReferencesAsync } from './reference-finder';
import { pageOf, showNodeAsync } from '../platform/show-node';
import { removeReferencesAsync } from './reference-removal';

export type ReferenceCheckHandlers = Pick<Handlers<SandboxRequests>, 'canvas/references-find' | 'canvas/references-remove' | 'canvas/references-show'>;

type CheckFigma = Pick<PluginAPI, 'loadAllPagesAsync' | 'root' | 'getNodeByIdAsync' | 'commitUndo' | 'setCurrentPageAsync' | 'viewport' | 'currentPage'>;

/**
 * What keeps the node from showing: itself hidden, and every hidden layer holding it on its page,
 * outermost first (each must be shown: showing the outer one alone still shows nothing); null when it shows.
 */
function hiddenBy(node: BaseNode): { itself: boolean; layerNames: string[] } | null {
  const layerNames: string[] = [];
  for (let at = node.parent; at && at.type !== 'PAGE'; at = at.parent) if ('visible' in at && !at.visible) layerNames.unshift(at.name);
  const itself = 'visible' in node && !node.visible;
  return itself || layerNames.length > 0 ? { itself, layerNames } : null;
}

/**
 * The removals under way. A removal waits (finding each reference, loading pages) before it
 * commits the step before its own: meanwhile no batch, lone reference or sync may open a step
 * that commit would cut in two.
 */
export interface RemovalTracker {
  readonly removing: () => boolean;
  readonly trackAsync: <T>(work: () => Promise<T>) => Promise<T>;
}

export function createRemovalTracker(): RemovalTracker {
  let running = 0;
  return {
    removing: () => running > 0,
    trackAsync: async (work) => {
      running += 1;
      try {
        return await work();
      } finally {
        running -= 1;
      }
    },
  };
}

/** Said instead of placing references while a removal runs (see RemovalTracker). */
export const REMOVING_REFERENCES = 'Envelope is still removing references from the canvas. Wait until it is done, then place these again.';

/**
 * `placing`: whether a batch of references is being placed (canvas-handlers.ts); `syncing`:
 * whether a sync runs (its take's undo step). Either's undo step is still open; committing one of
 * ours would cut it in two. `placedSoFar`: how many references were placed so far (lone or in a batch).
 */
export function createReferenceCheckHandlers(
  figma: CheckFigma,
  placing: () => boolean = () => false,
  syncing: () => boolean = () => false,
  removals: RemovalTracker = createRemovalTracker(),
  placedSoFar: () => number = () => 0,
): ReferenceCheckHandlers {
  return {
    'canvas/references-find': async (_payload, context) => {
      const placedBefore = placedSoFar();
      const found = await findReferencesAsync(figma, (done, total) => context.progress({ done, total, label: 'Finding references on every page…' }));
      // The file's check button follows what was found: with none left (the person deleted them), no check with nothing to check.
      // While a batch is placed it sets the button itself, in its own step. A reference placed
      // during the search (a lone drop, or a whole batch begun and ended) may be on a page searched
      // before it came: found or not, it keeps the button.
      if (!placing() && !syncing() && !removals.removing() && placedSoFar() === placedBefore) showCheckButtonAfterCheck(figma, found.references.length + found.unreadable > 0);
      return found;
    },
    'canvas/references-remove': ({ nodeIds, goneEmailIds }, context) => {
      if (placing()) return Promise.reject(new BridgeError('busy', 'Envelope is still placing references on the canvas. Wait until they are there, then remove these again.'));
      if (syncing()) return Promise.reject(syncRunningError('Remove these references'));
      if (removals.removing()) return Promise.reject(new BridgeError('busy', 'Envelope is still removing other references. Wait until it is done, then remove these again.'));
      return removals.trackAsync(() =>
        removeReferencesAsync(
          figma,
          nodeIds,
          goneEmailIds,
          (label, done, total) => context.progress({ done, total, label }),
          () => context.throwIfCancelled(),
        ),
      );
    },
    'canvas/references-show': async ({ nodeId }) => {
      const node = await figma.getNodeByIdAsync(nodeId);
      const page = node === null ? null : pageOf(node);
      if (node === null || page === null) throw new BridgeError('not_found', 'That reference is no longer in the file.');
      await showNodeAsync(figma, page, node as SceneNode);
      // Selected, yet nothing shows: said, or the person thinks Show did nothing.
      const hidden = hiddenBy(node);
      return hidden === null ? {} : { hidden };
    },
  };
}
