// A failure's retry goes with its notice: the keyboard then goes back to the choice the retry
// saves again (its option in the open detail, or its row in the list), else on from the actions
// (Cancel while it runs), not from the page's start.
import { useCallback, useLayoutEffect, useRef } from 'preact/hooks';
import { focusLost } from '../components/focus-keeper';
import type { Failure } from './sync-failure';

/**
 * `actions`: the row of Sync and Check again; `openKey`: the component whose detail is open;
 * the failures: the notices shown (a retry clears its own). Returns `retryFrom` (for the notices'
 * buttons), the screen's ref and the ref the list hands its "focus this row" to.
 */
export function useRetryFocus(
  actions: { current: HTMLElement | null },
  openKey: { readonly current: string | null },
  failure: Failure | null,
  chooseFailure: Failure | null,
  apartFailure: Failure | null,
): [(failed: Failure) => void, { current: HTMLDivElement | null }, { current: ((key: string) => boolean) | null }] {
  const retried = useRef<Failure | null>(null);
  const screen = useRef<HTMLDivElement>(null);
  const focusListRow = useRef<((key: string) => boolean) | null>(null);
  const retryFrom = useCallback((failed: Failure) => {
    retried.current = failed;
    failed.retry();
  }, []);
  useLayoutEffect(() => {
    const failed = retried.current;
    if (!failed) return;
    retried.current = null;
    if (!document.hasFocus() || !focusLost()) return;
    const key = failed.focusKey;
    if (key !== undefined && openKey.current === key) {
      // The detail's choice: the chosen option of a conflict, else its tick.
      const choice = screen.current?.querySelector<HTMLElement>('.sync-detail .sync-choice-option input:checked') ?? screen.current?.querySelector<HTMLElement>('.sync-detail .sync-choice-option input');
      if (choice) return choice.focus();
    }
    if (key !== undefined && openKey.current === null && focusListRow.current?.(key)) return;
    actions.current?.querySelector<HTMLElement>('button:not(:disabled)')?.focus();
  }, [failure, chooseFailure, apartFailure, actions, openKey]);
  return [retryFrom, screen, focusListRow];
}
