// A template's change on its way (a rename, a deletion, its frame's unlink), kept by the list by
// template id. A row the filter hides is no longer drawn, and drawn again it forgot what it had
// sent: its Delete or Save could be pressed again while the first was on its way, and the second's
// answer ("already gone") said over the first's. Kept here, the row drawn again holds its actions.
import { useCallback, useRef, useState } from 'preact/hooks';

export type RowRequest = 'rename' | 'delete' | 'unlink';

export interface RowRequests {
  /** What is on its way, by template id, as drawn. */
  readonly onTheirWay: ReadonlyMap<string, RowRequest>;
  /** Whether a change of the template `id` is on its way now (before a render says so: a key pressed twice in one frame). */
  readonly isOnItsWay: (id: string) => boolean;
  /**
   * Keeps `sent` as the change of template `id` on its way until it settles, and returns it. Called
   * only when none is (`isOnItsWay`): it is settled after what `sent` itself does with its answer,
   * so the row's answer is shown before its actions are let go.
   */
  readonly track: <T>(id: string, kind: RowRequest, sent: Promise<T>) => Promise<T>;
}

export function useRowRequests(): RowRequests {
  const held = useRef(new Map<string, RowRequest>());
  const [onTheirWay, setOnTheirWay] = useState<ReadonlyMap<string, RowRequest>>(() => new Map());
  const isOnItsWay = useCallback((id: string) => held.current.has(id), []);
  const track = useCallback(<T>(id: string, kind: RowRequest, sent: Promise<T>): Promise<T> => {
    held.current.set(id, kind);
    setOnTheirWay(new Map(held.current));
    const settled = () => {
      held.current.delete(id);
      setOnTheirWay(new Map(held.current));
    };
    return sent.then(
      (value) => (settled(), value),
      (error: unknown) => {
        settled();
        throw error;
      },
    );
  }, []);
  return { onTheirWay, isOnItsWay, track };
}
