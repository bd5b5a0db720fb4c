// The row whose detail is open: which component it is as the list shows it, and what happens when
// it leaves the list (its detail closes and says why, rather than vanishing).
import { useEffect, useRef } from 'preact/hooks';
import type { SyncItem } from '../../src/shared/bridge/messages';
import type { LiveMessage } from '../components/notice';
import { useLatest } from '../hooks/use-latest';

export interface OpenRowOptions {
  /** The key of the row opened (null: the list shows), and its setter: the list opens, the detail's Back, a sync and a kept-apart pair close. */
  openKey: string | null;
  setOpenKey: (key: string | null) => void;
  /** The list as it shows (a replaced row's chips only while it is one row); `items`: null before the first comparison. */
  shownItems: readonly SyncItem[];
  items: SyncItem[] | null;
  /** A check or a sync runs: the list may be on its way. */
  busy: boolean;
  setMessage: (message: LiveMessage | null) => void;
  /** The row of Sync and Check again. */
  actions: { readonly current: HTMLElement | null };
}

/** `openItem`: the open component as the list shows it (null: none, or it left the list); `openKeyNow`: its key, as last committed. */
export function useOpenRow({ openKey, setOpenKey, shownItems, items, busy, setMessage, actions }: OpenRowOptions) {
  // As the list shows it (a replaced row's chips only while it is one row).
  const openItem = openKey !== null ? (shownItems.find((item) => item.key === openKey) ?? null) : null;
  const openKeyNow = useLatest(openItem?.key ?? null);
  // The open component left the list (a check found nothing to sync for it any more: put back as
  // it was, or added and deleted here): its detail closes and says why, rather than vanishing, and
  // does not open again by itself should the component change later.
  const openName = useRef<string | null>(null);
  if (openItem) openName.current = openItem.name;
  useEffect(() => {
    if (openKey === null || openItem !== null || items === null || busy) return;
    setOpenKey(null);
    if (openName.current === null) return;
    setMessage({ tone: 'info', text: `${openName.current} has nothing to sync any more, so its changes were closed.` });
    // The keyboard was in the detail that went: it goes on at the buttons, beside those words.
    if (document.hasFocus() && (document.activeElement === null || document.activeElement === document.body)) actions.current?.querySelector<HTMLElement>('button:not(:disabled)')?.focus();
  }, [openKey, openItem, items, busy, actions, setOpenKey, setMessage]);
  return { openItem, openKeyNow };
}
