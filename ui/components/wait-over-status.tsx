// A wait of hours (a 429 whose end is said by the clock), over: said politely, once. The region is
// in the page from the start (empty while `held`), so its words are announced; the focus stays put.
import { LiveStatus } from './live-status';

export function WaitOverStatus({ held }: { held: boolean }) {
  return <LiveStatus class="muted">{held ? null : 'You can try again now.'}</LiveStatus>;
}
