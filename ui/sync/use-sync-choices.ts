// The choices made on the Sync screen: shown at once, saved in batches (a failed batch is put
// back and said, with its retry), and a replaced row kept apart as two rows.
import { useCallback, useMemo, useRef, useState } from 'preact/hooks';
import type { SyncChoice, SyncComparison, SyncItem } from '../../src/shared/bridge/messages';
import type { LiveMessage } from '../components/notice';
import { errorText } from '../messages/error-text';
import { createChoiceBatcher, keepPendingChoices, type Choices } from './choice-batcher';
import type { Failure } from './sync-failure';
import type { SyncRequester } from './sync-requester';
import { plural } from './sync-rows';
import { countWord } from '../components/count-words';

export interface SyncChoicesOptions {
  requester: SyncRequester;
  /** Changes the latest list (and shows it); nothing before the first comparison. */
  updateItems: (change: (current: SyncItem[]) => SyncItem[]) => void;
  /** The latest list, also between a change and its render. */
  itemsRef: { readonly current: SyncItem[] | null };
  /** The replaced rows: each new key with the deleted row it replaces. */
  pairsRef: { readonly current: ReadonlyMap<string, SyncItem> };
  setComparison: (comparison: SyncComparison) => void;
  setOpenKey: (open: (current: string | null) => string | null) => void;
  setMessage: (message: LiveMessage | null) => void;
}

export function useSyncChoices({ requester, updateItems, itemsRef, pairsRef, setComparison, setOpenKey, setMessage }: SyncChoicesOptions) {
  const [chooseFailure, setChooseFailure] = useState<Failure | null>(null);
  const [apartFailure, setApartFailure] = useState<Failure | null>(null);
  // A batch of choices failed and was put back: the sync waits until they are saved.
  const unsaved = useRef(false);
  // The row of the latest choice: a failed batch's retry gives the keyboard back to it.
  const lastChosen = useRef<string | null>(null);
  // The batcher and applyChoices are made together: a failed batch's retry applies its choices again.
  const { batcher, applyChoices } = useMemo(() => {
    const created = createChoiceBatcher({
      sendAsync: (choices) => requester.chooseAsync(choices),
      onSaved: (saved) => {
        const byKey = new Map(saved.map((item) => [item.key, item]));
        updateItems((current) => current.map((item) => (byKey.has(item.key) && !created.isPending(item.key) ? (byKey.get(item.key) ?? item) : item)));
      },
      onFailed: (choices, previous, error) => {
        unsaved.current = true;
        // Put back what the sandbox still has, unless the row was changed again since.
        updateItems((current) => current.map((item) => (item.key in choices && item.choice === choices[item.key] ? { ...item, choice: previous[item.key] ?? item.choice } : item)));
        const keys = Object.keys(choices);
        const count = keys.length;
        setChooseFailure({
          focusKey: lastChosen.current !== null && keys.includes(lastChosen.current) ? lastChosen.current : keys[0],
          message: `${plural(count, 'choice')} could not be saved, so ${countWord(count, 'it was', 'they were')} put back: ${errorText(error)}`,
          retryLabel: 'Save the choices again',
          retry: () => {
            unsaved.current = false;
            setChooseFailure(null);
            apply(choices);
          },
        });
      },
    });
    function apply(choices: Choices): void {
      updateItems((current) =>
        current.map((item) => {
          const choice = choices[item.key];
          if (choice === undefined || choice === item.choice) return item;
          created.set(item.key, choice, item.choice);
          return { ...item, choice };
        }),
      );
    }
    return { batcher: created, applyChoices: apply };
  }, [requester, updateItems]);
  // Every list the sandbox sends while choices can be made (keep apart, the recorded state after a
  // failed or cancelled sync) may predate a choice still on its way: that choice stays as shown.
  const withPendingChoices = useCallback(
    (next: SyncItem[], shown: readonly SyncItem[] | null = itemsRef.current) => keepPendingChoices(next, shown ?? [], (key) => batcher.isPending(key)),
    [batcher, itemsRef],
  );
  const choose = useCallback(
    (item: SyncItem, choice: SyncChoice) => {
      const replaces = pairsRef.current.get(item.key);
      lastChosen.current = item.key;
      applyChoices(replaces ? { [item.key]: choice, [replaces.key]: choice } : { [item.key]: choice });
    },
    [applyChoices, pairsRef],
  );
  // One "Keep them apart" at a time (a second press while the first is on its way does nothing).
  const keeping = useRef(false);
  // The "shown apart" words as said, with the two rows they are about: they end once another
  // component opens (endApartMessage), rather than staying under its detail until the next action.
  const apartSaid = useRef<{ message: LiveMessage; keys: readonly string[] } | null>(null);
  const keepApartAsync = useCallback(
    async (item: SyncItem, replaces: SyncItem) => {
      if (keeping.current) return;
      keeping.current = true;
      setApartFailure(null);
      try {
        const result = await requester.keepApartAsync({ oldKey: replaces.key, newKey: item.key });
        // The same comparison with the pair as two rows: the pictures stay.
        updateItems((current) => withPendingChoices(result.items, current));
        setComparison(result);
        setOpenKey((open) => (open === item.key ? null : open));
        const message: LiveMessage = { tone: 'info', text: `${item.name}: the deleted and the added component are shown apart, each with its own choice.` };
        apartSaid.current = { message, keys: [replaces.key, item.key] };
        setMessage(message);
      } catch (error) {
        // Nothing changed: the row stays one replaced row, with its choices, and the detail stays open.
        setApartFailure({
          message: `${item.name} could not be shown as two rows, so it is still one replaced row: ${errorText(error)}`,
          // Named for what it does: the detail may show its own "Try again" (its changes) beside it.
          retryLabel: 'Try keeping them apart again',
          retry: () => void keepApartAsync(item, replaces),
        });
      } finally {
        keeping.current = false;
      }
    },
    [requester, withPendingChoices, updateItems, setComparison, setOpenKey, setMessage],
  );
  /** `message` with the "shown apart" words ended when `openKey` is neither of their two rows (null: the list, where they still fit). */
  const endApartMessage = useCallback((message: LiveMessage | null, openKey: string | null): LiveMessage | null => {
    const said = apartSaid.current;
    return said !== null && message === said.message && openKey !== null && !said.keys.includes(openKey) ? null : message;
  }, []);
  return { chooseFailure, setChooseFailure, apartFailure, setApartFailure, unsaved, batcher, withPendingChoices, choose, keepApartAsync, endApartMessage };
}
