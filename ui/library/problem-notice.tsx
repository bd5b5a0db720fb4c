// A failed library call in words, with the one useful action: Settings for a refused key (and browsing on without it, unless what failed needs a key), a
// countdown and a retry of its own for a 429 (a wait of hours: its end, and Try again once it is over), nothing for what the library removed (asking
// again can only fail), "Try again" for the rest (with Settings too when its words say to check the address). In place of what the person was acting on, the
// action takes the keyboard; while a wait holds it back, the line under the words does.
import type { RefObject } from 'preact';
import { useContext, useEffect, useMemo, useRef } from 'preact/hooks';
import { useSecondsLeft } from '../hooks/use-seconds-left';
import { useLatest } from '../hooks/use-latest';
import { useStillBefore } from '../hooks/use-still-before';
import { useDrawnAfterPress } from '../hooks/use-drawn-after-press';
import { Button } from '../components/button';
import { WaitOverStatus } from '../components/wait-over-status';
import type { LibraryProblem } from './library-problem';
import { retryCountdownText } from '../messages/retry-countdown';
import { openSettingsOn } from '../settings/settings-focus';
import { KeyRefusalContext, WORKS_WITHOUT_KEY } from './refused-key';

export interface ProblemNoticeProps {
  problem: LibraryProblem;
  /** `pressed`: by the person (Try again), or by the countdown while the notice held the keyboard. */
  onRetry: (pressed: boolean) => void;
  onOpenSettings: () => void;
  /**
   * What failed needs a key (Me, brand requests): a refused key is no reason to go on without one
   * here, so instead of offering that, the notice says what works without a key.
   */
  needsKey?: boolean;
}

/**
 * The focus fell to the page: what held it went from under it. Also while it still sits on a
 * control hidden with its list (the row pressed, as the brand it opened is drawn in the same
 * task): the browser moves it to the page only at its next rendering.
 */
export const focusFell = (): boolean => {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected || active.getClientRects().length === 0;
};

/** Gives the notice's onRetry for a `retry`; `pressed()`: a Try again pressed awaits its answer (this hook gives that the keyboard). */
export interface RetryFocus {
  (retry: () => void): (pressed: boolean) => void;
  pressed: () => boolean;
}

/**
 * A Try again pressed goes while it asks, so the focus falls to the page: once the answer has come
 * (`loading` over, not `failed` again) the keyboard goes on at what it brought, not from the top.
 * `focusResult` is given how many items were `shown` when it was pressed (where a page's rows
 * start). One that fails again: the notice takes it. A countdown's own retry leaves it alone.
 * A focus move of the screen's own as the answer is drawn (before this hook's, after the paint)
 * leaves a pressed one to it.
 */
export function useRetryFocus(loading: boolean, failed: boolean, shown: number, focusResult: (from: number) => void): RetryFocus {
  const pressedAt = useRef<number | null>(null);
  // An effect of a render drawn before the press sees the list not asked again yet: it would take
  // the press as answered, leaving the focus on the page.
  const { press, drawnAfterPress } = useDrawnAfterPress();
  const focus = useLatest(focusResult);
  useEffect(() => {
    if (loading || pressedAt.current === null || !drawnAfterPress()) return;
    const from = pressedAt.current;
    pressedAt.current = null;
    if (!failed && focusFell()) focus.current(from);
    // A press alone is no answer: only what its retry brings (loading, failing) is waited for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loading, failed, focus]);
  const onRetry = (retry: () => void) => (pressed: boolean) => {
    press();
    pressedAt.current = pressed ? shown : null;
    retry();
  };
  return Object.assign(onRetry, { pressed: () => pressedAt.current !== null });
}

/** The notice's action has the keyboard; with none, its wait's line (never the alert, nor what holds it). */
function giveKeyboard(notice: HTMLElement | null, waitLine: HTMLElement | null): void {
  const action = notice?.querySelector('button');
  if (action) action.focus();
  else waitLine?.focus();
}

/**
 * A notice drawn as the focus fell to the page (what the person acted on went from under it: the
 * card or row opened, the Try again pressed, gone while it asked): its action takes the keyboard;
 * with none, its wait's line. Again for each new `shown` (what it says). A notice that comes on
 * its own (a filter changed, a page loaded on scroll) leaves the focus where it is.
 */
export function useKeyboardWhereFocusFell(notice: RefObject<HTMLElement>, shown: unknown, waitLine?: RefObject<HTMLElement>): void {
  useEffect(() => {
    if (focusFell()) giveKeyboard(notice.current, waitLine?.current ?? null);
    // Only a new notice moves the keyboard: the refs are the same throughout.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);
}

export function ProblemNotice({ problem, onRetry, onOpenSettings, needsKey = false }: ProblemNoticeProps) {
  // A wait (at least a second: libraryProblem) counted from when the library answered, also for a
  // notice shown later (the next results, at the last email); at its end, the retry.
  const until = useMemo(() => (problem.retryAfterSeconds === null ? null : (problem.retryAt ?? Date.now() + problem.retryAfterSeconds * 1000)), [problem]);
  const secondsLeft = useSecondsLeft(until);
  // A wait too long to count down: no Try again until it is over (it could only be refused again); one timer to its end.
  const held = useStillBefore(problem.tryAgainAt ?? null);
  const retry = useLatest(onRetry);
  const notice = useRef<HTMLDivElement>(null);
  // A wait's line under the words (its countdown, or where Try again comes): the keyboard's place
  // while there is nothing to press. Not the alert nor what holds it: the words, read out as they
  // come, were read again on taking the focus.
  const waitLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // The notice holding the keyboard through the wait: the retry carries it on, as a Try again pressed would.
    if (until !== null && secondsLeft === 0) retry.current(notice.current?.contains(document.activeElement) ?? false);
  }, [until, secondsLeft, retry]);
  // The focus fell to the page: the action takes it. A wait has no action: its line takes it (else
  // it stayed on the page). A removed email's is left to its screen.
  const settings = problem.kind === 'key' || problem.kind === 'address';
  // A key sent and refused: Browse is told (Settings says so by the key field), and browsing, which
  // needs no key, can go on without it (not from what needs one: the words say what works without).
  const keyRefusal = useContext(KeyRefusalContext);
  const keyProblem = problem.kind === 'key';
  useEffect(() => {
    if (keyProblem) keyRefusal.noteRefused();
  }, [keyProblem, keyRefusal]);
  const browseWithoutKey = keyProblem && !needsKey ? keyRefusal.browseWithoutKey : null;
  const worksWithout = keyProblem && needsKey && keyRefusal.browseWithoutKey !== null;
  useKeyboardWhereFocusFell(notice, problem, waitLine);
  // A wait of hours over: its line goes as Try again comes, and the keyboard it held goes to the button.
  const wasHeld = useRef(held);
  useEffect(() => {
    if (wasHeld.current && !held && focusFell()) giveKeyboard(notice.current, waitLine.current);
    wasHeld.current = held;
  }, [held]);
  return (
    <div class="library-problem" data-testid="library-problem" data-kind={problem.kind} ref={notice}>
      <p role="alert" class={`notice ${problem.kind === 'busy' ? 'notice-info' : 'notice-error'}`}>
        {problem.message}
        {worksWithout ? ` ${WORKS_WITHOUT_KEY}` : null}
      </p>
      {/* Not in the alert: said once, the seconds are seen ticking but not announced every second. */}
      {until !== null ? (
        <p class="muted" ref={waitLine} tabIndex={-1}>
          {retryCountdownText(secondsLeft)}
        </p>
      ) : null}
      {held ? (
        <p class="muted" ref={waitLine} tabIndex={-1}>
          Try again shows here once the wait is over.
        </p>
      ) : null}
      {/* A wait of hours over: its Try again comes. */}
      {problem.tryAgainAt === undefined ? null : <WaitOverStatus held={held} />}
      {settings || problem.checkAddress ? (
        // An address problem, whatever said it, opens Settings on the library's address; a key problem, on its key.
        <Button variant="primary" onClick={problem.kind === 'key' ? onOpenSettings : () => openSettingsOn('library-address', onOpenSettings)}>
          Open Settings
        </Button>
      ) : null}
      {browseWithoutKey ? <Button onClick={browseWithoutKey}>Browse without the key</Button> : null}
      {settings || problem.kind === 'busy' || problem.kind === 'not_found' || held ? null : <Button onClick={() => onRetry(true)}>Try again</Button>}
    </div>
  );
}
