// The summary Copy summary puts on the clipboard, and the words said under the button: they go
// with the list they were of, and come into sight with the buttons.
import { useEffect, useState } from 'preact/hooks';
import type { SyncItem } from '../../src/shared/bridge/messages';
import type { LiveMessage } from '../components/notice';
import { copyTextAsync } from './copy-text';
import { withPairChips } from './sync-rows';
import { summaryHeadline, summaryText } from './sync-summary';

/** `items`: the list shown; `itemsRef`, `pairsRef`: the latest list and its replaced rows; `actions`: the row of buttons. */
export function useSummaryCopy(
  items: SyncItem[] | null,
  itemsRef: { readonly current: SyncItem[] | null },
  pairsRef: { readonly current: ReadonlyMap<string, SyncItem> },
  fileName: string | null,
  actions: { readonly current: HTMLElement | null },
): [LiveMessage | null, () => Promise<void>] {
  // Said under Copy summary, where it was pressed: the screen's message line is at its top, out of
  // sight once the buttons are scrolled to (the smallest window, a long list).
  const [copied, setCopied] = useState<LiveMessage | null>(null);
  // A summary copied was of the list before this change (a choice, a new comparison).
  useEffect(() => setCopied(null), [items]);
  // Its words come into sight with it (the buttons may be at the window's lower edge).
  useEffect(() => {
    if (copied) actions.current?.scrollIntoView({ block: 'nearest' });
  }, [copied, actions]);
  async function copySummaryAsync(): Promise<void> {
    const done = await copyTextAsync(summaryText(withPairChips(itemsRef.current ?? [], pairsRef.current), fileName, pairsRef.current));
    const said: LiveMessage = done
      ? { tone: 'success', text: `Summary copied: ${summaryHeadline(itemsRef.current ?? [], pairsRef.current)}.` }
      : { tone: 'error', text: 'The summary could not be copied: this window may not use the clipboard. Nothing was lost; try again.' };
    // Copied again, the same words are said again (unchanged, a screen reader heard nothing): a zero-width space comes or goes.
    setCopied((shown) => (shown?.text === said.text ? { ...said, text: `${said.text}\u200b` } : said));
  }
  return [copied, copySummaryAsync];
}
