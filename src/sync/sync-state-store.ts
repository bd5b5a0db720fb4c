// The file's sync state as the session reads and writes it: parsed again only when its head
// changed, read for one design system, and written by a run over what a collaborator's sync
// wrote meanwhile (state-merge.ts).
import { SHARED_DATA_NAMESPACE } from '../platform/shared-data';
import { SNAPSHOT_FORMAT } from '../snapshot/format-version';
import { mergeConcurrentState } from './state-merge';
import { emptySyncState, readSyncState, SYNC_STATE_HEAD_KEY, writeSyncState, type ReadSyncStateResult, type SharedDataHolder, type SyncState } from './sync-state';

export interface SyncStateStore {
  /** The file's state for this design system; a state of another design system starts afresh. */
  readStateFor(designSystemId: string): { state: SyncState; readOnlyReason: string | null; stateProblem: string | null };
  /** A run's writer of its state (see stateWriter). */
  writer(start: SyncState, onOverwritten?: OnOverwritten): StateWriter;
}

/** Hears of the stored state written over the run's last write (⌘Z of it, or a collaborator's sync), with that write. */
export type OnOverwritten = (stored: SyncState, ownLast: SyncState) => void;

/** Writes the run's state; `checkOverwritten` tells `onOverwritten` now (before a write's state is put together). */
export type StateWriter = ((ours: SyncState) => SyncState) & { checkOverwritten: () => void };

export function createSyncStateStore(root: SharedDataHolder): SyncStateStore {
  let lastRead: { head: string; result: ReadSyncStateResult } | null = null;

  /**
   * The state as stored, parsed again only when its head changed: every write makes a new head
   * (a new generation of parts), and the badge counts after each edit, the comparison and the
   * screen's overview all ask for it (a parse is ≈ 140 ms at 10,000 components in QuickJS).
   * The states handed out are never changed in place (push-plan.ts makes copies).
   */
  function readStoredState(): ReadSyncStateResult {
    const head = root.getSharedPluginData(SHARED_DATA_NAMESPACE, SYNC_STATE_HEAD_KEY);
    if (lastRead?.head !== head) lastRead = { head, result: readSyncState(root) };
    return lastRead.result;
  }

  /** The file's state for this design system; a state of another design system starts afresh. */
  function readStateFor(designSystemId: string): { state: SyncState; readOnlyReason: string | null; stateProblem: string | null } {
    const read = readStoredState();
    if (read.status === 'newer') return { state: emptySyncState(designSystemId, SNAPSHOT_FORMAT), readOnlyReason: read.message, stateProblem: null };
    if (read.status === 'ok' && read.state.designSystemId === designSystemId) return { state: read.state, readOnlyReason: null, stateProblem: null };
    // Empty, damaged (it cannot be trusted, so the first-sync rules apply: nothing is pushed
    // over a remote version without asking; the screen says why), or another design system's
    // (said too: a sync here replaces that state and its history).
    const stateProblem =
      read.status === 'damaged'
        ? read.message
        : read.status === 'ok'
          ? `This file’s sync state is for the design system "${read.state.designSystemId}". Syncing with "${designSystemId}" compares every component as if for the first time, and replaces that state and its history.`
          : null;
    return { state: emptySyncState(designSystemId, SNAPSHOT_FORMAT), readOnlyReason: null, stateProblem };
  }

  /**
   * Writes a run's state (`ours`, moved on from `start`, the state the run read). Written by a
   * collaborator since (another head than the run's own last one), the stored state is read again
   * and the run's changes are written over it (state-merge.ts), never the run's older copy over
   * theirs. Returns the state written.
   */
  function stateWriter(start: SyncState, onOverwritten: OnOverwritten = () => undefined): StateWriter {
    let ownHead = root.getSharedPluginData(SHARED_DATA_NAMESPACE, SYNC_STATE_HEAD_KEY);
    let merging = false;
    let ownBefore: SyncState | undefined;
    /** Said once per head written over the run's own (a later check of the same head says nothing new). */
    let heardHead: string | null = null;
    const checkOverwritten = () => {
      const head = root.getSharedPluginData(SHARED_DATA_NAMESPACE, SYNC_STATE_HEAD_KEY);
      if (ownBefore === undefined || head === ownHead || head === heardHead) return;
      heardHead = head;
      const stored = readStoredState();
      if (stored.status === 'ok' && stored.state.designSystemId === ownBefore.designSystemId) onOverwritten(stored.state, ownBefore);
    };
    const write = (ours: SyncState) => {
      checkOverwritten();
      let written = ours;
      if (merging || root.getSharedPluginData(SHARED_DATA_NAMESPACE, SYNC_STATE_HEAD_KEY) !== ownHead) {
        const stored = readStoredState();
        if (stored.status === 'ok' && stored.state.designSystemId === ours.designSystemId) {
          written = mergeConcurrentState(start, ours, stored.state, ownBefore);
          merging = true;
        }
      }
      writeSyncState(root, written);
      ownHead = root.getSharedPluginData(SHARED_DATA_NAMESPACE, SYNC_STATE_HEAD_KEY);
      ownBefore = ours;
      return written;
    };
    return Object.assign(write, { checkOverwritten });
  }

  return { readStateFor, writer: stateWriter };
}
