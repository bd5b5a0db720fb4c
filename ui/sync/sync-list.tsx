// The diff list: a grid of components grouped by kind, rendering only the rows in view so it
// stays fast and complete at 10,000. One tab stop; arrows move, Enter opens, Space ticks.
// It stays mounted (hidden) while a detail is open, so going back keeps the scroll and the row.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { SyncChoice, SyncItem } from '../../src/shared/bridge/messages';
import { useLatest } from '../hooks/use-latest';
import { ChoiceCell } from './choice-control';
import type { PictureLoader } from './picture-loader';
import { chipsText, chipText, choiceMode, choiceText, KIND_LABEL, otherChipText, otherNameRowText, otherNameText, otherPropertiesRowText, REPLACED_LABEL, NOT_TAKEN_AGAIN, replacementChoiceText, takenInPartRowText, takenInPartText } from './sync-kinds';
import { firstItemIndex, foldedChipCount, formatCount, nextItemIndex, type SyncRow } from './sync-rows';
import { relativeTime } from '../messages/relative-time';
import { sameNameRowText, sameNameText } from './same-name';
import { revealRow, rowsPerPage, virtualWindow } from './virtual-window';

const ROW_HEIGHT = 40;

export interface SyncListProps {
  rows: readonly SyncRow[];
  /** Changes when the filter or search does (not when a choice does): the list scrolls to the top. */
  resetKey: string;
  hidden: boolean;
  readOnly: boolean;
  nowMs: number;
  /** `replaces`: the row is a replacement of that deleted component. */
  onOpen: (item: SyncItem, replaces?: SyncItem) => void;
  onChoose: (item: SyncItem, choice: SyncChoice) => void;
  /** Space on a row whose choice is not a tick (a conflict): say how to decide it. */
  onToggle: (item: SyncItem) => void;
  /** Thumbnails of the rows in view. */
  pictures: PictureLoader;
  /** Set by the list after each render: gives the keyboard to a row, scrolled into view (false when the list does not show it); null once the list is gone. */
  focusRowRef?: { current: ((key: string) => boolean) | null };
}

/** Who gave the design system its version, and when. A change made here is not theirs: it syncs over what they last synced. */
export function remoteText(item: SyncItem, nowMs: number): string | null {
  if (!item.remoteUpdatedAt && !item.remoteUpdatedBy) return null;
  const who = item.remoteUpdatedBy ? `by ${item.remoteUpdatedBy}` : '';
  const when = item.remoteUpdatedAt ? relativeTime(item.remoteUpdatedAt, nowMs) : '';
  return `${choiceMode(item.kind) === 'push' ? 'Last synced' : 'Changed'} ${[who, when].filter(Boolean).join(', ')}`;
}

/**
 * remoteText for a row, short enough for the default window: "Robin Vale · 3 h ago" (the builder's
 * "(builder app)" and the words the detail says in full go; the whole line is the row's title).
 */
function rowRemoteText(item: SyncItem, nowMs: number): string | null {
  const who = item.remoteUpdatedBy?.replace(/ \([^)]*\)$/, '');
  const when = item.remoteUpdatedAt && relativeTime(item.remoteUpdatedAt, nowMs, true);
  return who ? [who, when].filter(Boolean).join(' · ') : when ? `Changed ${when}` : null;
}

/** A row's thumbnail, or a placeholder of the same size while it loads or when there is none. */
function RowThumbnail({ src }: { src: string | null | undefined }) {
  const [broken, setBroken] = useState<string | null>(null);
  if (typeof src !== 'string' || broken === src) return <span class={`sync-thumb${src === undefined ? ' sync-thumb-loading' : ''}`} aria-hidden="true" />;
  // Decorative: the name beside it says what it is.
  return <img class="sync-thumb" src={src} alt="" decoding="async" onError={() => setBroken(src)} />;
}

/**
 * A row's name: past its last "/", the part that tells "Header / Dark" from "Header / Light" stays
 * whole while the path before it gives way (cut at the end, every such row read "Email / Header / Pr…").
 * In full for the pointer (title).
 */
function RowName({ name }: { name: string }) {
  const split = /^(.+?)(\s*\/[^/]*)$/.exec(name);
  return (
    <span class={`sync-name${split ? ' sync-name-split' : ''}`} title={name}>
      {split ? (
        <>
          <span class="sync-name-path">{split[1]}</span>
          <span>{split[2]}</span>
        </>
      ) : (
        name
      )}
    </span>
  );
}

/** Each rendered row's chips box → how it sets its "+N" count. */
const chipCounts = new WeakMap<Element, (count: number) => void>();
let chipsObserver: ResizeObserver | undefined;

/**
 * The "+N" of the rows whose chips' room changed (the window resized, the name changed, the "+N"
 * came or went). One observer for all the rows in view: every row is measured before any re-renders.
 */
function fitChips(entries: ResizeObserverEntry[]) {
  const counts = entries.map(({ target }) => {
    const box = target as HTMLElement;
    const tags = [...box.children] as HTMLElement[];
    return foldedChipCount(
      tags.map((tag) => tag.getBoundingClientRect().width),
      // The gap between chips, as sync.css sets it.
      parseFloat(getComputedStyle(box).columnGap) || 0,
      // Up to the end of the "+N" (rendered right after the box) when it shows.
      (box.nextElementSibling ?? box).getBoundingClientRect().right - box.getBoundingClientRect().left,
      // Below the box's first line (its empty ::before keeps even the first chip off it when it does not fit).
      tags.filter((tag) => tag.offsetTop > box.offsetTop).length,
    );
  });
  entries.forEach(({ target }, index) => chipCounts.get(target)?.(counts[index]!));
}

/**
 * A row's what-changed chips. Those that do not fit wrap onto a hidden line (sync.css) and are
 * counted by a visible "+N" (the pointer's tooltip names them); screen readers hear every chip
 * in the row, and the detail (Enter) names them all.
 */
const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

function RowChips({ chips, otherProperties }: { chips: readonly string[]; otherProperties: readonly string[] | undefined }) {
  const box = useRef<HTMLSpanElement>(null);
  const [left, setLeft] = useState(0);
  useLayoutEffect(() => {
    const element = box.current!;
    chipCounts.set(element, setLeft);
    // Observed anew with other chips: measured once more even if the box keeps its size.
    const observer = (chipsObserver ??= new ResizeObserver(fitChips));
    observer.observe(element);
    return () => observer.unobserve(element);
  }, [chips]);
  return (
    <>
      <span class="visually-hidden">Changed: {chipsText(chips, otherProperties)}</span>
      <span ref={box} class="sync-tags" data-testid="sync-row-chips" aria-hidden="true">
        {chips.map((chip) => (
          <span key={chip} class="sync-tag" title={chip === 'other' && otherProperties !== undefined ? otherChipText(otherProperties) : undefined}>
            {chipText(chip)}
          </span>
        ))}
      </span>
      {left > 0 ? (
        <span class="sync-tag sync-tag-more" aria-hidden="true" title={chipsText(chips.slice(-left), otherProperties)}>
          +{left}
        </span>
      ) : null}
    </>
  );
}

/**
 * A row's quiet line, its parts apart by " · ". `unsaid`, a part the row's hidden "Changed: …"
 * already names (its other properties), is hidden from screen readers with its " · ": they heard it twice.
 */
function quietLine(parts: readonly (string | null)[], unsaid: string | null) {
  const shown = parts.filter((part): part is string => Boolean(part));
  return shown.map((part, index) => {
    // A first part hidden takes the " · " after it, so what is heard does not start with one.
    const before = index === 0 || (index === 1 && shown[0] === unsaid) ? '' : ' · ';
    if (part !== unsaid) return `${before}${part}`;
    return (
      <span key={index} aria-hidden="true">
        {before}
        {part}
        {index === 0 && shown.length > 1 ? ' · ' : ''}
      </span>
    );
  });
}

export function SyncList({ rows, resetKey, hidden, readOnly, nowMs, onOpen, onChoose, onToggle, pictures, focusRowRef }: SyncListProps) {
  // Pictures arriving re-render the rows in view.
  const [, setPicturesVersion] = useState(0);
  useEffect(() => pictures.subscribe(() => setPicturesVersion((value) => value + 1)), [pictures]);
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(400);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);

  const keyIndex = useMemo(() => {
    const map = new Map<string, number>();
    rows.forEach((row, index) => {
      if (row.type === 'item') map.set(row.item.key, index);
    });
    return map;
  }, [rows]);
  const activeIndex = activeKey !== null && keyIndex.has(activeKey) ? (keyIndex.get(activeKey) ?? -1) : firstItemIndex(rows);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      // A hidden list measures 0: keep the last real height for when it shows again.
      if (element.clientHeight > 0) setViewport(element.clientHeight);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Back from a detail: the same scroll position and the same row, with focus on the list.
  // Only when the list shows again, not on every scroll: the effect reads the latest position.
  // (Its layout effect is declared first, so it runs first: the one below reads this render's.)
  const shown = useLatest({ scrollTop, activeKey });
  useLayoutEffect(() => {
    const element = scroller.current;
    if (hidden || !element) return;
    element.scrollTop = shown.current.scrollTop;
    // Focus comes back only if it was lost with the detail (not taken from the search field).
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (shown.current.activeKey !== null && focusLost) element.focus();
  }, [hidden, shown]);

  // Another filter or search starts at the top.
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = 0;
    setScrollTop(0);
  }, [resetKey]);

  function moveTo(index: number) {
    const row = rows[index];
    if (!row || row.type !== 'item') return;
    setActiveKey(row.item.key);
    const element = scroller.current;
    if (!element) return;
    let top = revealRow(index, ROW_HEIGHT, element.scrollTop, element.clientHeight);
    // The first item of a group brings its group's header into view with it.
    if (rows[index - 1]?.type === 'header') top = Math.min(top, (index - 1) * ROW_HEIGHT);
    if (top !== element.scrollTop) element.scrollTop = top;
  }

  // Handed to the screen once this render is on screen, not while rendering (a render is no place
  // for side effects), and taken back when the list goes. Layout effects run child first: the
  // screen's own (the focus after a retry) finds this render's.
  useLayoutEffect(() => {
    if (!focusRowRef) return;
    focusRowRef.current = (key) => {
      const index = keyIndex.get(key);
      if (hidden || index === undefined || !scroller.current) return false;
      moveTo(index);
      scroller.current.focus();
      return true;
    };
    return () => {
      focusRowRef.current = null;
    };
  });

  function onKeyDown(event: KeyboardEvent) {
    const page = rowsPerPage(ROW_HEIGHT, viewport);
    const steps: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page };
    const step = steps[event.key];
    if (step !== undefined) {
      event.preventDefault();
      moveTo(nextItemIndex(rows, activeIndex, step));
      return;
    }
    if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      moveTo(firstItemIndex(rows, event.key === 'Home' ? 1 : -1));
      return;
    }
    const row = rows[activeIndex];
    if (!row || row.type !== 'item') return;
    if (event.key === 'Enter') {
      event.preventDefault();
      // The row opened is the one to come back to (also the first row, opened before any arrow key).
      setActiveKey(row.item.key);
      onOpen(row.item, row.replaces);
    } else if (event.key === ' ') {
      event.preventDefault();
      onToggle(row.item);
    }
  }

  const view = virtualWindow(rows.length, ROW_HEIGHT, scrollTop, viewport);
  const keysInView: string[] = [];
  for (let index = view.start; index < view.end; index++) {
    const row = rows[index];
    if (row?.type === 'item') keysInView.push(row.item.key);
  }
  const viewId = hidden ? '' : keysInView.join('\n');
  // Hidden, none are in view: a new comparison then asks for none until the list shows again.
  useEffect(() => {
    pictures.show(viewId === '' ? [] : viewId.split('\n'));
  }, [viewId, pictures]);
  const activeRendered = activeIndex >= view.start && activeIndex < view.end;
  const rendered: preact.JSX.Element[] = [];
  for (let index = view.start; index < view.end; index++) {
    const row = rows[index];
    if (!row) continue;
    if (row.type === 'header') {
      rendered.push(
        <div role="row" aria-rowindex={index + 1} class="sync-row sync-row-header" key={`h-${row.kind}`}>
          <div role="gridcell" aria-colspan={2} class="sync-cell-header">
            {row.kind === 'replaced' ? REPLACED_LABEL : KIND_LABEL[row.kind]} <span class="muted">{formatCount(row.count)}</span>
          </div>
        </div>,
      );
      continue;
    }
    const item = row.item;
    const replaces = row.replaces;
    // The cursor shows once the list has been focused or used, not on a list just opened.
    const active = index === activeIndex && (focused || activeKey !== null);
    // A change made here: its row says what will happen (the detail says who last synced it).
    const remote = choiceMode(item.kind) === 'push' ? null : rowRemoteText(item, nowMs);
    const inMenu = choiceMode(item.kind) === 'conflict' || choiceMode(item.kind) === 'deletion';
    // In full for the pointer: the row says it short (and "Will be taken" or "Will be deleted", as "Will be pushed", so that at 320 px who and when still fit).
    const remoteFull = remote ? remoteText(item, nowMs) : null;
    // A rename: its other name leads the quiet line, so at 320 px it shows before who and when give way (in full in the title).
    const renamed = otherNameRowText(item);
    const renamedFull = otherNameText(item);
    // What "other properties" stands for, after the rename: the chip cannot say it and keep its width.
    const others = otherPropertiesRowText(item);
    const othersFull = others === null ? null : capitalized(otherChipText(item.otherProperties));
    // Taken in part and not ticked: not taken again (the default), which the row leaves unsaid and the title says.
    const partly = takenInPartText(item);
    const notTakenAgain = partly !== null && item.choice === 'skip';
    const partlyFull = partly === null ? null : notTakenAgain ? `${partly}; ${NOT_TAKEN_AGAIN.toLowerCase()}` : partly;
    // A namesake on the other side leads: at 320 px it shows before the choice gives way.
    const sameName = sameNameRowText(item);
    const subTitle = [sameNameText(item, nowMs), renamedFull === null ? null : capitalized(renamedFull), othersFull, partlyFull, remoteFull].filter(Boolean).join(' · ');
    rendered.push(
      <div
        role="row"
        aria-rowindex={index + 1}
        aria-selected={active}
        class={`sync-row${active ? ' sync-row-active' : ''}${active && focused ? ' sync-row-focus' : ''}`}
        key={item.key}
        data-testid="sync-row"
        data-key={item.key}
        onClick={() => {
          setActiveKey(item.key);
          onOpen(item, replaces);
        }}
      >
        {/* Not the row's click (that opens the detail), but a choice made there makes the row the
            active one: the tick or menu clicked keeps the keyboard, and the list acts on its active
            row for Space and Enter (they flipped the first row's tick). Set with the choice, not on
            the click: a render between a tick's click and its change put the tick back. */}
        <div role="gridcell" class="sync-cell-choice" onClick={(event) => event.stopPropagation()}>
          <ChoiceCell
            item={item}
            mixed={replaces !== undefined && replaces.choice !== item.choice}
            disabled={readOnly}
            onChoose={(choice) => {
              setActiveKey(item.key);
              onChoose(item, choice);
            }}
          />
        </div>
        <div role="gridcell" id={`sync-row-${index}`} class="sync-cell-name">
          <RowThumbnail src={pictures.picture(item.key)} />
          <span class="sync-name-text">
            <span class="sync-name-line">
              <RowName name={item.name} />
              {item.chips && item.chips.length > 0 ? <RowChips chips={item.chips} otherProperties={item.otherProperties} /> : null}
            </span>
            <span class="sync-sub" title={subTitle === '' ? undefined : subTitle}>
              {/* A conflict's choice (or a deletion there's) shows in its menu; screen readers hear it with the name. */}
              {inMenu ? <span class="visually-hidden">{choiceText(item)}. </span> : null}
              {replaces
                ? `Replaces the deleted “${replaces.name}” · ${replacementChoiceText(item, replaces)}`
                : quietLine([sameName, renamed, others, takenInPartRowText(item), inMenu || notTakenAgain ? null : choiceText(item).replace(/ (into|from) th.*/, ''), remote], others)}
            </span>
          </span>
        </div>
      </div>,
    );
  }

  return (
    <div
      ref={scroller}
      class="sync-list"
      role="grid"
      aria-label="Components that differ"
      aria-rowcount={rows.length}
      aria-colcount={2}
      aria-activedescendant={focused && activeRendered ? `sync-row-${activeIndex}` : undefined}
      aria-describedby="sync-list-help"
      tabIndex={0}
      hidden={hidden}
      data-testid="sync-list"
      onScroll={(event) => {
        if (!hidden) setScrollTop(event.currentTarget.scrollTop);
      }}
      onKeyDown={onKeyDown}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <div style={{ height: `${view.totalHeight}px`, position: 'relative' }} role="presentation">
        <div role="rowgroup" style={{ transform: `translateY(${view.offsetTop}px)` }}>
          {rendered}
        </div>
      </div>
    </div>
  );
}
