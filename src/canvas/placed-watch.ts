// After a batch ends, the bar says what was placed; ⌘Z, ⌘⇧Z, a delete or "Remove reference" later
// makes that untrue. The window asks how many of the references it placed have left the canvas (or
// are no longer references: a removal keeps a frame holding the designer's layers but takes its
// record), and the answer comes
// once that number is not the one it knows (a long poll: the window asks again after each answer,
// and cancels when its bar goes or a new batch starts, which stops the watching here).
import { whenCancelled } from '../shared/api/http/cancel-signal';
import { BridgeError } from '../shared/bridge/bridge-error';
import type { HandlerContext } from '../shared/bridge/endpoint';
import { PLACED_WATCH_MAX } from '../shared/bridge/messages';
import { parseReferenceRecord, REFERENCE_DATA_KEY } from './reference-record';

export interface PlacedWatch {
  /** A reference placed in this run: its node is kept, so a watch reads it without a find. */
  remember(frame: FrameNode): void;
  /** How many of `nodeIds` are off the canvas, once that is not `gone`. Ids this run did not place are not watched. */
  watchAsync(payload: { nodeIds: readonly string[]; gone: number }, context: HandlerContext): Promise<{ gone: number }>;
}

/**
 * Whether a frame holds a reference record, read by `parseReferenceRecord` as the check reads it,
 * parsed again only when its stored text changed since the last watch read it. Not for a removed
 * node: its plugin data cannot be read.
 */
function createRecordReader(): (frame: FrameNode) => boolean {
  const read = new WeakMap<FrameNode, { stored: string; isReference: boolean }>();
  return (frame) => {
    const stored = frame.getPluginData(REFERENCE_DATA_KEY);
    let known = read.get(frame);
    if (known?.stored !== stored) {
      known = { stored, isReference: parseReferenceRecord(stored) !== null };
      read.set(frame, known);
    }
    return known.isReference;
  };
}

export function createPlacedWatch(figma: Pick<PluginAPI, 'on' | 'off' | 'loadAllPagesAsync'>): PlacedWatch {
  const placed = new Map<string, FrameNode>();
  const holdsRecord = createRecordReader();
  return {
    remember(frame) {
      placed.delete(frame.id);
      placed.set(frame.id, frame);
      if (placed.size > PLACED_WATCH_MAX) placed.delete(placed.keys().next().value!);
    },
    async watchAsync({ nodeIds, gone }, context) {
      const frames = new Map<string, FrameNode>();
      for (const id of nodeIds) {
        const frame = placed.get(id);
        if (frame) frames.set(id, frame);
      }
      // dynamic-page: documentchange needs every page loaded first. Loaded before the records are
      // read: nothing hears a change made while the pages load, so the reads and the listening
      // start together, with no wait between them.
      await figma.loadAllPagesAsync();
      context.throwIfCancelled();
      // assumption: a node's `removed` follows the file: true once it (or what holds it) is undone
      // or deleted, false again after ⌘⇧Z (same id), and undo and redo fire documentchange. The fake
      // Figma models it so; the plugin docs do not say it outright. A reference cut and pasted is a
      // new node, so it counts as gone. Each, and where the fake models it: docs/figma-assumptions.md.
      // A frame's record is read once per watch, then again only after a batch names its plugin
      // data (a removal that kept the frame took it, ⌘Z gave it back): other batches read only
      // `removed`, cheap beside a plugin-data read per frame (up to PLACED_WATCH_MAX of them).
      // Absent: to read when next on the canvas (a removed node's plugin data cannot be read).
      const hasRecord = new Map<FrameNode, boolean>();
      const stillPlaced = (frame: FrameNode) => {
        if (frame.removed) return false;
        let known = hasRecord.get(frame);
        if (known === undefined) hasRecord.set(frame, (known = holdsRecord(frame)));
        return known;
      };
      const goneNow = () => [...frames.values()].filter((frame) => !stillPlaced(frame)).length;
      const now = goneNow();
      if (now !== gone) return { gone: now };
      return new Promise((resolve, reject) => {
        let stopCancel = () => undefined as void;
        const onChange = (event: DocumentChangeEvent) => {
          // Only a layer coming or going, or a watched frame's plugin data (its record taken by a removal
          // that kept the frame, or given back by ⌘Z: no layer need come or go), takes a reference off
          // the canvas or brings it back: other edits cost nothing.
          let moves = false;
          for (const change of event.documentChanges) {
            if (change.type === 'CREATE' || change.type === 'DELETE') moves = true;
            else if (change.type === 'PROPERTY_CHANGE' && change.properties.includes('pluginData')) {
              const frame = frames.get(change.id);
              if (frame === undefined) continue;
              hasRecord.delete(frame);
              moves = true;
            }
          }
          if (!moves) return;
          const changed = goneNow();
          if (changed === gone) return;
          stop();
          resolve({ gone: changed });
        };
        const stop = () => {
          figma.off('documentchange', onChange);
          stopCancel();
        };
        figma.on('documentchange', onChange);
        stopCancel = whenCancelled(context.signal, () => {
          stop();
          reject(new BridgeError('cancelled', 'Cancelled.'));
        });
      });
    },
  };
}
