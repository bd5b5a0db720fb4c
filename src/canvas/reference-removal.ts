// Removes reference frames to emails the library removed, in one undo step. The UI says which
// emails are gone; each frame is checked again here so a reference to an email that still
// exists (or a frame that changed since it was found) is never touched, and layers the designer
// added inside a reference stay where they are, in its frame.
import type { ReferenceRemoval } from '../shared/bridge/messages';
import { pageOf } from '../platform/show-node';
import { isEmptiedBoard } from './board';
import { checkButtonGoesAsync, dropCheckButton } from './check-references-button';
import { holdsImage, isBuiltReferenceLayer } from './reference-nodes';
import { OPEN_EMAIL_COMMAND, parseReferenceRecord, REFERENCE_DATA_KEY, type ReferenceRecord } from './reference-record';
import { setRelaunchButton } from '../platform/relaunch-buttons';

type RemovalFigma = Pick<PluginAPI, 'getNodeByIdAsync' | 'commitUndo' | 'root'>;
/** Hears of each reference and each page searched afterwards: the window's wait restarts with each report. */
export type RemovalProgress = (label: string, done: number, total: number) => void;

/** Why Figma refused to remove a reference, in words. */
export function removalProblem(node: BaseNode, error: unknown): string {
  for (let parent = node.parent; parent !== null; parent = parent.parent) {
    if (parent.type === 'INSTANCE') return 'The frame is inside a component instance: detach the instance, then remove the reference.';
  }
  const detail = error instanceof Error ? error.message : String(error);
  return `Figma did not allow the change (the page may be read-only for you): ${detail}`;
}

function pageNameOf(node: BaseNode): string {
  return pageOf(node)?.name ?? '';
}

/**
 * `throwIfCancelled`: the window stopped waiting (it gave up while Figma loaded a page, say).
 * Checked after every wait up to the first change: a cancel heard by then changes nothing, so the
 * removal the window called failed does not happen later. (One that arrives while the removals
 * run, which wait for nothing, is too late: they are done by the time it is read.)
 */
export async function removeReferencesAsync(
  figma: RemovalFigma,
  nodeIds: readonly string[],
  goneEmailIds: readonly number[],
  onProgress: RemovalProgress = () => undefined,
  throwIfCancelled: () => void = () => undefined,
): Promise<ReferenceRemoval> {
  const gone = new Set(goneEmailIds);
  const distinct = [...new Set(nodeIds)];
  // Every wait comes before the first removal: a request answered meanwhile (the design-system id
  // saved, say) then makes its change before the removal's undo step, never inside it.
  const found: Array<{ nodeId: string; node: BaseNode | null }> = [];
  for (const [index, nodeId] of distinct.entries()) {
    // Finding a reference may load its page: several hundred on large pages must not look like silence.
    onProgress('Removing references…', index, distinct.length);
    found.push({ nodeId, node: await figma.getNodeByIdAsync(nodeId) });
    throwIfCancelled();
  }
  // The last reference gone takes the file's "Check email references" button with it, in the same undo step.
  const leaving = new Set(found.flatMap(({ node }) => (node === null ? [] : [node.id])));
  const buttonGoes = leaving.size > 0 && (await checkButtonGoesAsync(figma, leaving, (done, total) => onProgress('Looking for references left in the file…', done, total)));

  throwIfCancelled();
  // What the plugin did before stays a step of its own; the removals below are the next one.
  figma.commitUndo();
  const failures: ReferenceRemoval['failures'] = [];
  let removed = 0;
  let kept = false;
  const framesKept: NonNullable<ReferenceRemoval['framesKept']> = [];
  /** What held the references removed: a journey board left with only its stage labels goes too. */
  const holders = new Set<BaseNode>();
  for (const { nodeId, node } of found) {
    if (node === null || node.removed || node.type === 'DOCUMENT' || node.type === 'PAGE') {
      failures.push({ nodeId, name: '', pageName: '', reason: 'Someone deleted it after the check.' });
      continue;
    }
    const record = parseReferenceRecord(node.getPluginData(REFERENCE_DATA_KEY));
    if (record === null || !gone.has(record.emailId)) {
      kept = true;
      failures.push({ nodeId, name: node.name, pageName: pageNameOf(node), reason: 'Its record no longer names a removed email, so it was left as it is.' });
      continue;
    }
    const pageName = pageNameOf(node);
    const { built, added } = layersOf(node, record);
    if (added.some(holdsImage)) {
      kept = true;
      failures.push({ nodeId, name: node.name, pageName, reason: IMAGE_AMONG_ADDED });
      continue;
    }
    try {
      const holder = node.parent;
      if (added.length > 0) {
        removeBuiltLayersOnly(node, built);
        framesKept.push({ nodeId, name: node.name, pageName });
      } else {
        node.remove();
        if (holder) holders.add(holder);
      }
      removed++;
    } catch (error) {
      kept = true;
      failures.push({ nodeId, name: node.name, pageName, reason: removalProblem(node, error) });
    }
  }
  const boards = removeEmptiedBoards(holders);
  // A reference that stayed (refused, or its record changed) keeps the button.
  if (buttonGoes && !kept) dropCheckButton(figma.root);
  figma.commitUndo();
  return { removed, failures, ...(boards.length > 0 ? { boards } : {}), ...(framesKept.length > 0 ? { framesKept } : {}) };
}

/**
 * Why a reference holding an image among the layers the designer added stays: its screenshot may
 * be among them (a tile they grouped or renamed), and is never told from an image of their own.
 */
const IMAGE_AMONG_ADDED = 'It holds layers you added, and one of them holds an image Envelope cannot tell from its screenshot. Move your layers out of its frame, then remove it again.';

/** A reference's layers: those it was built with, and those the designer added (a note, an arrow). */
function layersOf(node: SceneNode, record: ReferenceRecord): { built: SceneNode[]; added: SceneNode[] } {
  const built: SceneNode[] = [];
  const added: SceneNode[] = [];
  for (const layer of 'children' in node ? node.children : []) (isBuiltReferenceLayer(layer, record) ? built : added).push(layer);
  return { built, added };
}

/**
 * A reference holding layers the designer added loses only what it was built with (`built`), and
 * its record and relaunch button (another feature's button on the frame stays): their layers stay
 * in its frame, where they put them.
 */
function removeBuiltLayersOnly(node: SceneNode, built: readonly SceneNode[]): void {
  for (const layer of built) layer.remove();
  node.setPluginData(REFERENCE_DATA_KEY, '');
  setRelaunchButton(node, OPEN_EMAIL_COMMAND, null);
}

/** Removes the journey boards left empty (in the caller's undo step); a board Figma refuses to remove stays, unsaid. */
function removeEmptiedBoards(holders: ReadonlySet<BaseNode>): NonNullable<ReferenceRemoval['boards']> {
  const boards: NonNullable<ReferenceRemoval['boards']> = [];
  for (const holder of holders) {
    if (holder.removed || !isEmptiedBoard(holder)) continue;
    const board = { name: holder.name, pageName: pageNameOf(holder) };
    try {
      holder.remove();
      boards.push(board);
    } catch {
      // Inside an instance, say: an empty board is untidy, not wrong.
    }
  }
  return boards;
}
