// Placing library emails on the canvas from anywhere in Browse: screens ask through this context
// (`useCanvasInsert`), the bar under the screen shows progress with Cancel and then the summary,
// and a thumbnail dragged out of the window is placed where it lands.
import { createContext, type ComponentChildren } from 'preact';
import { useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { LibraryClient } from '../../src/shared/api/library/client';
import { PLACED_WATCH_MAX } from '../../src/shared/bridge/messages';
import { onSandboxEvent, type UiEndpoint } from '../bridge/ui-endpoint';
import { Button } from '../components/button';
import { WaitOverStatus } from '../components/wait-over-status';
import { useLatest } from '../hooks/use-latest';
import { useStillBefore } from '../hooks/use-still-before';
import { dragText } from './drag-text';
import { insertProgressText, insertSummarySince, refusedKeyOutcome, type RefusedKeySince } from './insert-summary';
import { createInsertSessions, type SessionReport } from './insert-session';
import { KeyRefusalContext } from '../library/refused-key';
import { createReferenceInserter, nameOf, type Attribution, type BatchOptions, type InsertItem } from './reference-inserter';

export interface CanvasInsert {
  /** Places the emails: one alone, several as a batch (a grid unless `batch` says a board); `onPlaced` hears which were placed. */
  insert(items: readonly InsertItem[], batch?: BatchOptions, onPlaced?: (emailIds: number[]) => void): void;
  /** Drag and drop: what a draggable thumbnail spreads on itself. */
  dragProps(item: InsertItem): { draggable: boolean; onDragStart: (event: DragEvent) => void; onDragEnd: (event: DragEvent) => void };
  busy: boolean;
  /** The library asked to slow down (for an email's facts or its screenshot): placing waits until the time the summary says (a press would only be refused again). */
  held: boolean;
  /** Hears of each email found removed from the library while placing it (drops too); returns the way to stop. */
  onEmailGone: (listener: (emailId: number) => void) => () => void;
}

const CanvasInsertContext = createContext<CanvasInsert | null>(null);

export function useCanvasInsert(): CanvasInsert | null {
  return useContext(CanvasInsertContext);
}

type BarState = { kind: 'idle' } | SessionReport;

/** How long one ask of what left the canvas waits for an answer before it is asked again. */
const WATCH_ASK_MS = 5 * 60_000;

/** Drags whose drop has not come back yet (a drag released inside the window never does). */
const MAX_PENDING_DRAGS = 10;

export interface CanvasInsertProviderProps {
  endpoint: Pick<UiEndpoint, 'request'>;
  client: LibraryClient;
  /** Reads past the answers kept for the minute (whether an email whose screenshot is missing is gone). */
  freshClient?: LibraryClient;
  subscribe?: typeof onSandboxEvent;
  /** The service as the library names it, for a dragged card's text; else what placing an email learnt. */
  attribution?: Attribution | null;
  /** Browse is not showing: its bar hides with it, kept (running or done) for when the designer comes back. */
  hidden?: boolean;
  /** Settings, on the library's key: a summary saying the key was refused offers it. */
  onOpenSettings?: () => void;
  children: ComponentChildren;
}

export function CanvasInsertProvider({ endpoint, client, freshClient = client, subscribe = onSandboxEvent, attribution = null, hidden, onOpenSettings, children }: CanvasInsertProviderProps) {
  /** Who hears of emails found removed (Browse's lists): one set for the provider's life, so a listener outlives a new inserter. */
  const goneListeners = useMemo(() => new Set<(emailId: number) => void>(), []);
  const onEmailGone = useCallback(
    (listener: (emailId: number) => void) => {
      goneListeners.add(listener);
      return () => void goneListeners.delete(listener);
    },
    [goneListeners],
  );
  const inserter = useMemo(
    () => createReferenceInserter({ endpoint, client, freshClient, onEmailGone: (emailId) => goneListeners.forEach((listener) => listener(emailId)) }),
    [endpoint, client, freshClient, goneListeners],
  );
  const [bar, setBar] = useState<BarState>({ kind: 'idle' });
  /** When the library's "slow down" ends: placing is held until then, also once its summary is dismissed. */
  const [heldUntil, setHeldUntil] = useState<number | null>(null);
  const held = useStillBefore(heldUntil);
  /** What is being placed: drops in quick succession run side by side under one bar, one Cancel and one summary. */
  const sessions = useMemo(
    () =>
      createInsertSessions((state) => {
        setBar(state);
        if (state.kind === 'done' && state.tryAgainAt !== undefined) setHeldUntil(state.tryAgainAt);
      }),
    [],
  );
  // Dismiss hides the bar with its button: the focus goes back to what started the insert, or to
  // where the person was since, outside the bar (a grid's card, once the placed emails left the
  // selection and its Insert N with them).
  const started = useRef<Element | null>(null);
  useEffect(() => {
    const note = ({ target }: FocusEvent) => {
      if (target instanceof Element && !target.closest('.insert-bar')) started.current = target;
    };
    document.addEventListener('focusin', note);
    return () => document.removeEventListener('focusin', note);
  }, []);
  const dismiss = () => {
    setBar({ kind: 'idle' });
    if (started.current instanceof HTMLElement && started.current.isConnected) started.current.focus();
  };
  /** Of the summary's `placed` (compared by identity: a new summary starts at none), how many have left the canvas since. */
  const [since, setSince] = useState<{ placed: object; gone: number } | null>(null);
  const placed = bar.kind === 'done' ? bar.placed : undefined;
  // While the summary shows, the sandbox says when its references leave the canvas (⌘Z, a delete)
  // or come back (⌘⇧Z); the watching stops with the summary (Dismiss, a new placing).
  useEffect(() => {
    // More than the sandbox follows: the words stay as the placing left them (a request it refuses would end the watch unsaid).
    if (!placed || placed.nodeIds.length > PLACED_WATCH_MAX) return;
    let stopped = false;
    let asking: { cancel(): void } | null = null;
    const followAsync = async () => {
      let gone = 0;
      while (!stopped) {
        try {
          const request = endpoint.request('canvas/placed-watch', { nodeIds: [...placed.nodeIds], gone }, { timeoutMs: WATCH_ASK_MS });
          asking = request;
          const answer = await request;
          // The sandbox answers only a change: the same number again would be a loop, not news.
          if (answer.gone === gone) return;
          gone = answer.gone;
          if (!stopped) setSince({ placed, gone });
        } catch (error) {
          // A long quiet is no failure: asked again. Anything else (the plugin closed) ends the watching; the words stay.
          if ((error as { code?: unknown }).code !== 'timeout') return;
        }
      }
    };
    void followAsync();
    return () => {
      stopped = true;
      asking?.cancel();
    };
  }, [placed, endpoint]);
  // The library refused the key sent for an email's facts: Browse hears of it (Settings says so by
  // the key field), and the summary offers to go on without it, as placing needs none.
  const keyRefusal = useContext(KeyRefusalContext);
  const keyRefused = bar.kind === 'done' && bar.keyRefused === true;
  // Noted once per summary: the summary outlives the connection, and a key saved since is not the one refused.
  const noteRefused = useLatest(keyRefusal.noteRefused);
  const summaryRefused = keyRefused ? bar : null;
  useEffect(() => {
    if (summaryRefused) noteRefused.current();
  }, [summaryRefused, noteRefused]);
  // The summary's "Check the key in Settings" was about the attempt made with the key: once Browse
  // no longer sends it (Browse without the key pressed, or another key or address saved since), it
  // says so, and to try again.
  const keySince: RefusedKeySince | null = !keyRefused ? null : keyRefusal.withoutKey || keyRefusal.savedSince === 'noKey' ? 'withoutKey' : keyRefusal.savedSince === 'changed' ? 'changed' : null;
  // Kept while nothing it reads changes: the bar's effects run on a new state (they measure it, and may scroll).
  const shown: BarState = useMemo(() => {
    if (bar.kind !== 'done') return bar;
    if (placed && since?.placed === placed && since.gone > 0) return { ...bar, text: insertSummarySince(keySince ? refusedKeyOutcome(placed.outcome, keySince) : placed.outcome, since.gone) };
    return keySince && bar.textsSince ? { ...bar, text: bar.textsSince[keySince] } : bar;
  }, [bar, placed, since, keySince]);
  /** Each drag's email and the card it started from (Dismiss gives the focus back to it). */
  const drags = useRef(new Map<string, { item: InsertItem; origin: EventTarget | null }>());

  useEffect(
    () =>
      subscribe((type, payload) => {
        if (type !== 'canvas/insert-dropped') return;
        const drag = drags.current.get(payload.dropId);
        if (!drag) return;
        drags.current.delete(payload.dropId);
        const { item } = drag;
        started.current = drag.origin instanceof Element ? drag.origin : null;
        // The bar's Cancel stops this one too; the inserter says at once which email it is placing, named as Insert names it.
        void sessions.runAsync((signal, onProgress) => inserter.insertDroppedAsync(item, payload.dropId, signal, onProgress));
      }),
    [subscribe, inserter, sessions],
  );

  const api = useMemo<CanvasInsert>(
    () => ({
      busy: bar.kind === 'running',
      held,
      onEmailGone,
      insert(items, batch, onPlaced) {
        if (items.length === 0 || sessions.running() || held) return;
        started.current = document.activeElement;
        // Named at once, as the inserter names it: a nameless line first was said, then said again named.
        setBar({ kind: 'running', progress: { done: 0, total: items.length, label: nameOf(items[0]!) } });
        void sessions.runAsync((signal, onProgress) => inserter.insertAsync(items, batch ?? (items.length > 1 ? { layout: 'grid' } : null), onProgress, signal), items.map(nameOf)).then((outcome) => {
          if (outcome) onPlaced?.(outcome.placedIds);
        });
      },
      dragProps(item) {
        return {
          // Not while references are being placed: the sandbox refuses a drop then (one undo step per
          // batch); nor while the library's "slow down" lasts.
          draggable: bar.kind !== 'running' && !held,
          onDragStart(event) {
            event.dataTransfer?.setData('text/plain', dragText(item, attribution ?? inserter.attribution()));
          },
          onDragEnd(event) {
            const dropId = `${Date.now().toString(36)}-${item.emailId}`;
            drags.current.set(dropId, { item, origin: event.currentTarget });
            if (drags.current.size > MAX_PENDING_DRAGS) drags.current.delete(drags.current.keys().next().value!);
            // Figma turns this into figma.on('drop') when the pointer is over the canvas.
            parent.postMessage({ pluginDrop: { clientX: event.clientX, clientY: event.clientY, items: [], dropMetadata: { envelopeReference: { dropId, emailId: item.emailId } } } }, '*');
          },
        };
      },
    }),
    [inserter, sessions, bar.kind, held, attribution, onEmailGone],
  );

  return (
    <CanvasInsertContext.Provider value={api}>
      {children}
      {/* Hidden with Browse, not emptied: filled again on the way back, its words were said again. */}
      <InsertBar state={shown} held={held} hidden={hidden} onCancel={() => sessions.cancel()} onDismiss={dismiss} onBrowseWithoutKey={keyRefused && keyRefusal.refused ? keyRefusal.browseWithoutKey : null} onOpenSettings={keyRefused && keySince !== 'changed' ? (onOpenSettings ?? null) : null} />
    </CanvasInsertContext.Provider>
  );
}

/** The focus ring's width (theme.css), kept in sight with what it rings. */
const FOCUS_RING_PX = 2;

interface InsertBarProps {
  state: BarState;
  held: boolean;
  hidden?: boolean;
  onCancel: () => void;
  onDismiss: () => void;
  /** The summary says the library refused the key, and Browse still sends it: offered under the words. */
  onBrowseWithoutKey: (() => void) | null;
  /** The summary sends the designer to Settings (the key was refused, before and after going on without it; not once another was saved). */
  onOpenSettings: (() => void) | null;
}

function InsertBar({ state, held, hidden, onCancel, onDismiss, onBrowseWithoutKey, onOpenSettings }: InsertBarProps) {
  const region = useRef<HTMLDivElement>(null);
  const summary = useRef<HTMLParagraphElement>(null);
  // A summary past the bar's cap scrolls inside it: then Tab reaches it, to scroll by keyboard.
  useEffect(() => {
    const text = summary.current;
    if (!text) return;
    const reachable = () => (text.tabIndex = text.scrollHeight > text.clientHeight ? 0 : -1);
    reachable();
    addEventListener('resize', reachable);
    return () => removeEventListener('resize', reachable);
  }, [state]);
  // In a short window the bar, stuck to the bottom of the scrolling screen, can cover what has the
  // focus (Insert on canvas, pressed by keyboard; a link Tab reaches): the screen keeps the bar's
  // height clear when it scrolls to the focus (canvas.css, by the height given here), and lifts the
  // focus above the bar as it appears or grows.
  useLayoutEffect(() => {
    const bar = region.current!;
    const screen = bar.closest('main');
    if (!screen) return;
    const clear = state.kind === 'idle' || hidden ? 0 : bar.offsetHeight + FOCUS_RING_PX;
    screen.style.setProperty('--insert-bar-clear', `${clear}px`);
    const active = document.activeElement;
    const covered = clear === 0 || !active || bar.contains(active) || !screen.contains(active) ? 0 : active.getBoundingClientRect().bottom + FOCUS_RING_PX - bar.getBoundingClientRect().top;
    if (covered > 0) screen.scrollBy(0, covered);
    // The screen is shared: Sync, Settings and the rest have no bar to keep clear.
    return () => void screen.style.removeProperty('--insert-bar-clear');
  }, [state, hidden]);
  // The library's wait is said once, as it starts: its countdown, ticking in sight, is hidden from
  // screen readers (each second was read out). Reset by the next email's progress.
  const waitSaid = useRef('');
  const progressText = state.kind === 'running' ? insertProgressText(state.progress) : '';
  waitSaid.current = state.kind === 'running' && state.progress.waitingSeconds !== undefined ? waitSaid.current || progressText : '';
  // The live region stays in place while idle, empty (screen readers skip a region that appears
  // already filled), and holds the words alone: with the button in it, "Cancel" and then "Dismiss"
  // were read out with every line. Idle, nothing of the bar shows or takes the focus.
  const idle = state.kind === 'idle';
  return (
    <div ref={region} data-testid="insert-status" hidden={hidden} class={idle ? 'visually-hidden' : undefined}>
      <div class={idle ? undefined : 'insert-bar'}>
        <div class="insert-words">
          <div role="status" aria-live="polite">
            {state.kind === 'running' ? (
              <div class="sync-progress insert-progress">
                <p id="insert-progress-label" aria-hidden={waitSaid.current ? 'true' : undefined}>
                  {progressText}
                </p>
                {waitSaid.current ? <span class="visually-hidden">{waitSaid.current}</span> : null}
                <progress aria-labelledby="insert-progress-label" max={state.progress.total} value={state.progress.done} />
              </div>
            ) : null}
            {state.kind === 'done' ? <p ref={summary} class={state.failed ? 'insert-text insert-failed' : 'insert-text'}>{state.text}</p> : null}
          </div>
          {/* The summary's "slow down" over: said alone, as on the other screens, by a status line of
              its own beside the bar's region (not in it: a status is read whole, so the summary was
              read out again with it), there from the summary's coming, empty while placing is held. */}
          {state.kind === 'done' && state.tryAgainAt !== undefined ? <WaitOverStatus held={held} /> : null}
          {/* Outside the live region, as Dismiss is: its name is not read out with every summary. */}
          {state.kind === 'done' && (onBrowseWithoutKey || onOpenSettings) ? (
            <div class="insert-actions">
              {/* Opens on the library's key, as Browse's notices' Open Settings does. */}
              {onOpenSettings ? <Button onClick={onOpenSettings}>Open Settings</Button> : null}
              {onBrowseWithoutKey ? <Button onClick={onBrowseWithoutKey}>Browse without the key</Button> : null}
            </div>
          ) : null}
        </div>
        {/* One button, Cancel then Dismiss: the focus on Cancel stays when the summary comes. */}
        {idle ? null : (
          <Button variant={state.kind === 'running' ? 'secondary' : 'link'} onClick={state.kind === 'running' ? onCancel : onDismiss}>
            {state.kind === 'running' ? 'Cancel' : 'Dismiss'}
          </Button>
        )}
      </div>
    </div>
  );
}
