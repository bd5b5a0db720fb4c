// The canvas requests: one reference placed at once (one undo step), a batch of them arranged as a
// grid or a journey board when it ends (one undo step), and drops from the plugin window.
import { BridgeError } from '../shared/bridge/bridge-error';
import type { HandlerContext, Handlers } from '../shared/bridge/endpoint';
import type { CanvasInsert, InsertLayout, SandboxRequests } from '../shared/bridge/messages';
import { arrangeBoard, arrangeGrid } from './arrangement';
import { stageLabelName } from './board';
import { asCanvasError, errorMessage, readOnlyError, syncRunningError } from './canvas-errors';
import { dropCheckButtonUnlessReferencesAsync, showCheckButton } from './check-references-button';
import { clearOf, flowInsertIndex, placeBesideOrCentre, unionBox, type Box, type Point } from './placement';
import { viewOnto } from '../platform/view-onto';
import { pageOf } from '../platform/show-node';
import { createPlacedWatch } from './placed-watch';
import { createReferenceCheckHandlers, createRemovalTracker, REMOVING_REFERENCES, type ReferenceCheckHandlers } from './reference-check-handlers';
import { buildReference, createFontLoader, prepareReferenceAsync, referenceFootprint } from './reference-nodes';
import { REFERENCE_DATA_KEY } from './reference-record';

/** With the reference check's: a removal must wait for an open batch (one undo step each). */
export type CanvasHandlers = Pick<Handlers<SandboxRequests>, 'canvas/insert' | 'canvas/insert-begin' | 'canvas/insert-alive' | 'canvas/insert-end' | 'canvas/placed-watch'> & ReferenceCheckHandlers;

/** What `dropMetadata` carries for a drag that started on an Envelope thumbnail. */
export interface ReferenceDropMetadata {
  envelopeReference: { dropId: string; emailId: number };
}

export function isReferenceDrop(metadata: unknown): metadata is ReferenceDropMetadata {
  const value = (metadata as Partial<ReferenceDropMetadata> | null | undefined)?.envelopeReference;
  return typeof value === 'object' && value !== null && typeof value.dropId === 'string' && value.dropId.length <= 64 && typeof value.emailId === 'number';
}

interface Drop {
  target: BaseNode;
  /** The page it landed on: the person may have opened another before the reference arrives. */
  page: PageNode;
  x: number;
  y: number;
  absoluteX: number;
  absoluteY: number;
}

interface Batch {
  layout: InsertLayout;
  title: string;
  placed: Array<{ frame: FrameNode; stage: string | undefined; emailId: number }>;
  /** When the batch last heard from the UI (begin or an insert), in ms. */
  lastHeardMs: number;
  /**
   * Its end has come and is under way (a board built, the check button's search): it takes no
   * more references, but still counts as placing until its step is committed, so no other
   * change (a batch, a lone reference, a sync's take) falls into that step or is cut by its commit.
   */
  ending: boolean;
  /** The selection's box when the batch began: it goes beside it (measured once, not per insert). */
  beside: Box | null;
  /** The middle of the view when the batch began: with nothing selected, the batch goes there. */
  center: Point;
  /**
   * The page the batch began on: its references all go there, even if the person opens another
   * page while they download (Figma puts new nodes on whichever page is open).
   */
  page: PageNode;
}

/** Drops waiting for their reference; older ones are forgotten (a drag whose insert never came). */
const MAX_PENDING_DROPS = 20;
/**
 * A batch that has heard nothing from the UI for this long was abandoned (its end was lost): it no
 * longer holds lone references, syncs and other batches back. Far above the UI's wait for one
 * insert (60 s); the UI says it is still at work every BATCH_ALIVE_MS (the messages) meanwhile.
 */
export const ABANDONED_BATCH_MS = 5 * 60_000;
export const STILL_ENDING_BATCH = 'Envelope is still finishing the last batch of references. Wait a moment, then place again.';
const BOARD_LABEL_FONT_SIZE = 24;
const BOARD_LABEL_HEIGHT = 40;
/** Below a stage's name, before its first reference (a one-line name's 28.8 px + this = BOARD_LABEL_HEIGHT). */
const BOARD_LABEL_SPACE_BELOW = 11;
const EMPTY_COLUMN_WIDTH = 240;
const BOARD_PADDING = 80;

export interface CanvasFeature {
  handlers: CanvasHandlers;
  /** Whether a batch is being placed: its undo step is open, and another feature's commit would cut it in two. */
  placing: () => boolean;
  /** Whether references are being removed: the removal commits after its waits, which would cut a step opened meanwhile in two. */
  removing: () => boolean;
  /** Listens for drops from the plugin window; `emit` tells the UI which drag landed. */
  startDropListener(emit: (dropped: { dropId: string; emailId: number }) => void): void;
}

export interface CanvasFeatureDependencies {
  figma: PluginAPI;
  now?: () => Date;
  /**
   * Whether a sync is running: its take of the design system's versions is one undo step that a
   * commit of ours would cut in two, and its records in the file would join our step (⌘Z of the
   * references would take them back too). Default never.
   */
  syncing?: () => boolean;
}

export function createCanvasFeature({ figma, now = () => new Date(), syncing = () => false }: CanvasFeatureDependencies): CanvasFeature {
  const loadFontAsync = createFontLoader(figma);
  const drops = new Map<string, Drop>();
  const batches = new Map<string, Batch>();
  let batchCounter = 0;
  /** References placed so far (lone or in a batch): a reference check that searched while one landed may have missed it. */
  let placedSoFar = 0;
  /** The references placed: the bar's words follow them after the batch (⌘Z, a delete, ⌘⇧Z). */
  const placedWatch = createPlacedWatch(figma);

  const assertEditable = () => {
    if (figma.editorType === 'dev') throw readOnlyError();
  };

  /** The layer on the page (or in a section) that holds `node`: a reference goes beside a whole design, not over it. */
  const outermost = (node: SceneNode): SceneNode => {
    let top = node;
    while (top.parent && top.parent.type !== 'PAGE' && top.parent.type !== 'SECTION') top = top.parent as SceneNode;
    return top;
  };

  const selectionBox = (): Box | null =>
    unionBox(
      figma.currentPage.selection.flatMap((node) => {
        const top = outermost(node);
        return 'absoluteBoundingBox' in top && top.absoluteBoundingBox ? [top.absoluteBoundingBox] : [];
      }),
    );

  /**
   * Selects what was placed on its page and ends the undo step. The view follows only on the page
   * the person is looking at (at a readable zoom: `viewOnto` says the rule), and not for a drop
   * (`follow` false: they chose the place): one they opened meanwhile is left as they see it, and
   * the page's name comes back so the UI can say where the references went.
   */
  const showAndCommit = (page: PageNode, nodes: SceneNode[], follow = true): { pageName?: string } => {
    page.selection = nodes;
    const elsewhere = page !== figma.currentPage;
    const box = unionBox(nodes.flatMap((node) => (node.absoluteBoundingBox ? [node.absoluteBoundingBox] : [])));
    if (!elsewhere && follow && box) {
      const view = viewOnto(box, figma.viewport.bounds, figma.viewport.zoom);
      figma.viewport.zoom = view.zoom;
      figma.viewport.center = view.center;
    }
    figma.commitUndo();
    return elsewhere ? { pageName: page.name } : {};
  };

  /**
   * Beside the selection or in the middle of the view, moved right past anything on the page it
   * would cover (a designer's components stay in sight); `own` are the nodes being placed.
   */
  const placeClear = (page: PageNode, size: { width: number; height: number }, where: Pick<Batch, 'beside' | 'center'>, own: readonly SceneNode[]): Point => {
    const skip = new Set(own.map((node) => node.id));
    const taken = page.children.flatMap((node) => (skip.has(node.id) || !node.absoluteBoundingBox ? [] : [node.absoluteBoundingBox]));
    return clearOf(placeBesideOrCentre(size, where.beside, where.center), size, taken);
  };

  /** Where the next part of a batch goes: its page, or the open one if its page was deleted meanwhile. */
  const batchPage = (batch: Batch): PageNode => {
    if (batch.page.removed) batch.page = figma.currentPage;
    return batch.page;
  };

  /**
   * A reference is no place for another (a screenshot inside a screenshot, removed with it by the
   * check): a drop on one, or on a layer of one, goes to what holds it, at the same canvas point.
   */
  const outsideReferences = (drop: Drop): Drop => {
    let holder: BaseNode | null = null;
    for (let at: BaseNode | null = drop.target.removed ? null : drop.target; at && at.type !== 'PAGE'; at = at.parent) {
      if (at.getPluginData(REFERENCE_DATA_KEY) !== '') holder = at.parent;
    }
    if (holder === null) return drop;
    const [[, , left], [, , top]] = 'absoluteTransform' in holder ? holder.absoluteTransform : [[1, 0, 0], [0, 1, 0]];
    return { ...drop, target: holder, x: drop.absoluteX - left, y: drop.absoluteY - top };
  };

  /**
   * Puts a lone reference where it was dropped: inside the frame, section or group it landed on (in
   * an auto-layout frame, in the flow where the drop fell; a group takes it as a layer dropped on a
   * group joins it in Figma), else on the page. Never into a component (or an instance): its layers
   * go to the design system with the next sync, and a library screenshot is not the design system's to have.
   * Nor into anything locked or hidden, itself or around it: a locked design stays as it was
   * approved, and a reference inside a hidden frame would not be seen.
   * Nor into another reference (`outsideReferences`).
   */
  const placeAtDrop = (frame: FrameNode, dropped: Drop, page: PageNode) => {
    const drop = outsideReferences(dropped);
    const target = drop.target;
    let closed = false;
    for (let at: BaseNode | null = target.removed ? null : target; at && at.type !== 'PAGE' && !closed; at = at.parent) {
      closed = at.type === 'COMPONENT' || at.type === 'COMPONENT_SET' || at.type === 'INSTANCE' || ('locked' in at && at.locked) || ('visible' in at && !at.visible);
    }
    const inside = !target.removed && !closed && (target.type === 'FRAME' || target.type === 'SECTION' || target.type === 'GROUP');
    if (inside && target.type === 'FRAME' && target.layoutMode !== 'NONE') {
      const children = target.children.map((child) => ({
        x: child.x,
        y: child.y,
        width: child.width,
        height: child.height,
        inFlow: child.visible && !('layoutPositioning' in child && child.layoutPositioning === 'ABSOLUTE'),
      }));
      // A grid fills its cells row by row: read like wrapped rows.
      const wraps = target.layoutMode === 'GRID' || target.layoutWrap === 'WRAP';
      target.insertChild(flowInsertIndex(children, target.layoutMode === 'VERTICAL' ? 'VERTICAL' : 'HORIZONTAL', wraps, drop), frame);
    } else if (inside && target.type === 'GROUP') {
      // A group's layers keep the coordinates of the frame (or page) around it: placed by the canvas point.
      target.appendChild(frame);
      frame.x = Math.round(drop.absoluteX - (frame.absoluteTransform[0][2] - frame.x));
      frame.y = Math.round(drop.absoluteY - (frame.absoluteTransform[1][2] - frame.y));
    } else if (inside) {
      target.appendChild(frame);
      frame.x = Math.round(drop.x);
      frame.y = Math.round(drop.y);
    } else {
      if (frame.parent !== page) page.appendChild(frame);
      frame.x = Math.round(drop.absoluteX);
      frame.y = Math.round(drop.absoluteY);
    }
  };

  /** Forgets batches whose end never came; their references stay where they were laid out. */
  const dropAbandonedBatches = () => {
    const nowMs = now().getTime();
    for (const [id, batch] of batches) if (nowMs - batch.lastHeardMs > ABANDONED_BATCH_MS) batches.delete(id);
  };

  const removals = createRemovalTracker();

  /** Whether a batch is open (one whose end was lost no longer counts). */
  const placing = (): boolean => {
    dropAbandonedBatches();
    return batches.size > 0;
  };

  /** The batch `batchId`, heard from now; refused once it has ended (or is ending), or was forgotten. */
  const heardFromBatch = (batchId: string): Batch => {
    const batch = batches.get(batchId);
    if (!batch || batch.ending) throw new BridgeError('invalid_input', 'That batch of references has ended or was never started.');
    batch.lastHeardMs = now().getTime();
    return batch;
  };

  const insertAsync = async (payload: CanvasInsert, context: HandlerContext) => {
    assertEditable();
    const batch = payload.batchId === undefined ? undefined : heardFromBatch(payload.batchId);
    const drop = payload.dropId === undefined ? undefined : drops.get(payload.dropId);
    if (payload.dropId !== undefined && !drop) throw new BridgeError('invalid_input', 'The drop for this reference is no longer known; drag it again.');
    // A lone reference's undo step would cut an open batch's step (or a sync's take) in two and take its frames along.
    const refuseWhileStepOpen = () => {
      if (batch) return;
      if (placing()) throw new BridgeError('busy', [...batches.values()].every((open) => open.ending) ? STILL_ENDING_BATCH : 'Envelope is still placing other references. Wait until they are on the canvas, then place this one again.');
      if (syncing()) throw syncRunningError('Place this reference');
      if (removals.removing()) throw new BridgeError('busy', REMOVING_REFERENCES);
    };
    refuseWhileStepOpen();
    const prepared = await prepareReferenceAsync(figma, { source: payload.reference, width: payload.width, height: payload.height, tiles: payload.tiles }, loadFontAsync);
    // Asked again: a batch or a sync may have begun while Figma read the images and the font.
    refuseWhileStepOpen();
    // A lone insert is its own undo step: close whatever step was open before. From here to its
    // commit nothing waits, so no other change can fall into it.
    if (!batch) figma.commitUndo();
    const frame = buildReference(figma, prepared, now());
    placedWatch.remember(frame);
    try {
      // The UI stopped waiting (it timed out or was cancelled) and has reported this one as not
      // placed: it must not appear anyway.
      context.throwIfCancelled();
      if (batch) {
        const page = batchPage(batch);
        if (frame.parent !== page) page.appendChild(frame);
        batch.placed.push({ frame, stage: payload.stage, emailId: payload.reference.emailId });
        placedSoFar++;
        // Laid out as they come, where the batch will end up: never piled at the page's origin
        // over someone's work, and tidy even if the plugin is closed before the batch ends.
        arrangeAsGrid(batch.placed.flatMap((entry) => (entry.frame.removed ? [] : [entry.frame])), batch);
        // With nothing selected, the file offers the reference check; part of the batch's undo step.
        showCheckButton(figma.root, true);
        return { nodeId: frame.id, name: frame.name };
      }
      let page = figma.currentPage;
      if (drop && payload.dropId !== undefined) {
        drops.delete(payload.dropId);
        if (!drop.page.removed) page = drop.page;
        placeAtDrop(frame, drop, page);
      } else {
        const at = placeClear(page, frame, { beside: selectionBox(), center: figma.viewport.center }, [frame]);
        frame.x = at.x;
        frame.y = at.y;
      }
      showCheckButton(figma.root, true);
      placedSoFar++;
      return { nodeId: frame.id, name: frame.name, ...showAndCommit(page, [frame], drop === undefined) };
    } catch (error) {
      if (!frame.removed) frame.remove();
      // Set for this reference (or a batch's earlier one the person deleted since): not left on a file with none.
      await dropCheckButtonUnlessPlacedDuringAsync();
      throw asCanvasError(error);
    }
  };

  /** The file's check button dropped unless a reference is left, or one was placed while the pages were searched. */
  const dropCheckButtonUnlessPlacedDuringAsync = async () => {
    const placedBefore = placedSoFar;
    await dropCheckButtonUnlessReferencesAsync(figma, () => placedSoFar === placedBefore);
  };

  const endBatchAsync = async (batchId: string, stages: readonly string[] | undefined) => {
    // Heard from: an end that waits (a page search) is not taken for an abandoned batch meanwhile.
    const batch = heardFromBatch(batchId);
    batch.ending = true;
    try {
      return await endedBatchAsync(batch, stages);
    } finally {
      // Forgotten once its step is committed (nothing waits between the commit and here).
      batches.delete(batchId);
    }
  };

  const endedBatchAsync = async (batch: Batch, stages: readonly string[] | undefined) => {
    const placed = batch.placed.filter((entry) => !entry.frame.removed);
    // Nothing placed (every email failed, or Cancel came first): no board of empty columns either, as the summary says.
    if (placed.length === 0) {
      // An earlier insert of the batch set the file's check button, and its reference is gone (the person deleted it).
      await dropCheckButtonUnlessPlacedDuringAsync();
      figma.commitUndo();
      return { placed: 0, nodeIds: [] };
    }
    try {
      let problem: string | undefined;
      let shown: SceneNode[];
      try {
        shown = batch.layout === 'board' ? await buildBoardAsync(batch, placed, stages ?? []) : arrangeAsGrid(placed.map((entry) => entry.frame), batch);
      } catch (error) {
        if (batch.layout !== 'board') throw error;
        // The references were placed: they stay, as a grid (buildBoardAsync took the half-made board away).
        problem = errorMessage(error).replace(/\.$/, '');
        shown = arrangeAsGrid(placed.map((entry) => entry.frame).filter((frame) => !frame.removed), batch);
      }
      const kept = placed.filter((entry) => !entry.frame.removed);
      // Each with its email: the UI counts (and unticks) one whose insert it let go of (Cancel, a timeout) once it had landed.
      const ids = { nodeIds: kept.map((entry) => entry.frame.id), emailIds: kept.map((entry) => entry.emailId) };
      const shownOn = showAndCommit(batchPage(batch), shown);
      const reply = { placed: kept.length, ...ids, ...shownOn };
      if (problem === undefined) return reply;
      // On another page than the one open (opened meanwhile): said, or the person looks for them here.
      const where = shownOn.pageName === undefined ? 'on the canvas' : `on the page “${shownOn.pageName}”`;
      const what = kept.length === 1 ? 'reference is' : `${kept.length} references are`;
      // An answer, not a failure: the emails that landed come with it, so none on the canvas is called failed.
      return { ...reply, problem: `The board “${batch.title}” could not be built (${problem}), so its ${what} ${where} as a grid instead.` };
    } catch (error) {
      throw asCanvasError(error);
    }
  };

  const arrangeAsGrid = (frames: FrameNode[], batch: Batch): SceneNode[] => {
    const arrangement = arrangeGrid(frames.map(referenceFootprint));
    const origin = placeClear(batchPage(batch), arrangement.size, batch, frames);
    frames.forEach((frame, index) => {
      const at = arrangement.positions[index]!;
      frame.x = origin.x + at.x;
      frame.y = origin.y + at.y;
    });
    return frames;
  };

  /** A frame titled after the journey, a labelled column per stage (in the order given), its references in the order they came. */
  const buildBoardAsync = async (batch: Batch, placed: Batch['placed'], stages: readonly string[]): Promise<SceneNode[]> => {
    const order = [...stages];
    for (const entry of placed) if (entry.stage !== undefined && !order.includes(entry.stage)) order.push(entry.stage);
    const columns = order.map((label) => ({ label, frames: placed.filter((entry) => entry.stage === label).map((entry) => entry.frame) }));
    const unstaged = placed.filter((entry) => entry.stage === undefined).map((entry) => entry.frame);
    if (unstaged.length > 0) columns.push({ label: 'Other', frames: unstaged });
    const sizes = columns.map((column) => ({ label: column.label, sizes: column.frames.map(referenceFootprint) }));
    let arrangement = arrangeBoard(sizes, BOARD_LABEL_HEIGHT, EMPTY_COLUMN_WIDTH);
    const font = await loadFontAsync();
    const board = figma.createFrame();
    const page = batchPage(batch);
    try {
      if (board.parent !== page) page.appendChild(board);
      board.name = batch.title;
      board.fills = [{ type: 'SOLID', color: { r: 0.96, g: 0.96, b: 0.96 } }];
      const labels = columns.map((column, index) => {
        // Into the board first: a failed step leaves no stray label on the page.
        const label = figma.createText();
        board.appendChild(label);
        label.fontName = font;
        label.fontSize = BOARD_LABEL_FONT_SIZE;
        label.characters = column.label;
        label.name = stageLabelName(column.label);
        // A long stage name wraps within its column (it ran over the next stage's name).
        label.resize(arrangement.columns[index]!.width, label.height);
        label.textAutoResize = 'HEIGHT';
        return label;
      });
      // The references start below the tallest name (column widths do not depend on it).
      const labelHeight = Math.max(BOARD_LABEL_HEIGHT, ...labels.map((label) => Math.ceil(label.height) + BOARD_LABEL_SPACE_BELOW));
      if (labelHeight > BOARD_LABEL_HEIGHT) arrangement = arrangeBoard(sizes, labelHeight, EMPTY_COLUMN_WIDTH);
      board.resize(arrangement.size.width + BOARD_PADDING * 2, arrangement.size.height + BOARD_PADDING * 2);
      columns.forEach((column, index) => {
        const place = arrangement.columns[index]!;
        const label = labels[index]!;
        label.x = BOARD_PADDING + place.label.x;
        label.y = BOARD_PADDING + place.label.y;
        column.frames.forEach((frame, row) => {
          board.appendChild(frame);
          frame.x = BOARD_PADDING + place.items[row]!.x;
          frame.y = BOARD_PADDING + place.items[row]!.y;
        });
      });
      const origin = placeClear(page, board, batch, [board]);
      board.x = origin.x;
      board.y = origin.y;
      return [board];
    } catch (error) {
      // Only the half-made board goes: the references come out of it first (endBatchAsync lays them out as a grid).
      for (const entry of placed) if (!entry.frame.removed && entry.frame.parent === board) page.appendChild(entry.frame);
      if (!board.removed) board.remove();
      throw error;
    }
  };

  return {
    placing,
    removing: removals.removing,
    handlers: {
      ...createReferenceCheckHandlers(figma, placing, syncing, removals, () => placedSoFar),
      'canvas/insert': (payload, context) => insertAsync(payload, context),
      'canvas/insert-begin': ({ layout, title }) => {
        assertEditable();
        if (syncing()) return Promise.reject(syncRunningError('Place these references'));
        if (removals.removing()) return Promise.reject(new BridgeError('busy', REMOVING_REFERENCES));
        // One still ending commits its step when done: begun now, this batch's would be cut in two.
        if ([...batches.values()].some((open) => open.ending)) return Promise.reject(new BridgeError('busy', STILL_ENDING_BATCH));
        // What came before stays its own step; the batch is the next one.
        figma.commitUndo();
        batchCounter += 1;
        const batchId = `batch-${batchCounter}`;
        batches.set(batchId, { layout, title, placed: [], lastHeardMs: now().getTime(), beside: selectionBox(), center: figma.viewport.center, page: figma.currentPage, ending: false });
        return Promise.resolve({ batchId });
      },
      // Refused (a throw in the executor) once the batch is no longer open.
      'canvas/insert-alive': ({ batchId }) =>
        new Promise((resolve) => {
          heardFromBatch(batchId);
          resolve({});
        }),
      'canvas/insert-end': ({ batchId, stages }) => endBatchAsync(batchId, stages),
      'canvas/placed-watch': (payload, context) => placedWatch.watchAsync(payload, context),
    },
    startDropListener(emit) {
      figma.on('drop', (event: DropEvent) => {
        if (!isReferenceDrop(event.dropMetadata)) return true;
        const { dropId, emailId } = event.dropMetadata.envelopeReference;
        drops.set(dropId, { target: event.node, page: pageOf(event.node) ?? figma.currentPage, x: event.x, y: event.y, absoluteX: event.absoluteX, absoluteY: event.absoluteY });
        if (drops.size > MAX_PENDING_DROPS) drops.delete(drops.keys().next().value!);
        emit({ dropId, emailId });
        // Handled here: Figma adds nothing of its own.
        return false;
      });
    },
  };
}

