// A service's "slow down" said as a countdown, the same on every screen that waits one out.
import { plural } from '../components/count-words';

/** The longest wait counted down (the limits are per minute); a longer one gets a Try again button. */
export const MAX_COUNTDOWN_SECONDS = 300;

/** "Trying again in 12 seconds." */
export function retryCountdownText(secondsLeft: number): string {
  if (secondsLeft <= 0) return 'Trying again now…';
  return `Trying again in ${plural(secondsLeft, 'second')}.`;
}
