// One component's changes: the two pictures side by side or overlaid, then property by property
// (before → after, colour swatches), and its choice. Escape or "Back to the list" returns.
import type { ComponentChildren, RefObject } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { PropertyChange, SyncChoice, SyncDetail, SyncItem, SyncKind } from '../../src/shared/bridge/messages';
import { Button } from '../components/button';
import { plural } from '../components/count-words';
import { focusLost, useFocusKeeper } from '../components/focus-keeper';
import { ErrorNotice } from '../components/notice';
import { Spinner } from '../components/spinner';
import { errorText } from '../messages/error-text';
import { rateLimitWait, type RateLimitWait } from '../messages/retry-countdown';
import { useStillBefore } from '../hooks/use-still-before';
import { WaitOverStatus } from '../components/wait-over-status';
import { headLines, missingPictureText, PICTURE_LABEL } from '../../src/shared/sync/picture-labels';
import { DetailChoice } from './choice-control';
import { sideWithNoVersion } from './one-version';
import { PixelDifference } from './pixel-difference';
import { pairFactors } from './picture-scale';
import { sameNameText } from './same-name';
import { remoteText } from './sync-list';
import { chipsText, choiceMode, KIND_ONE, REPLACED_LABEL, replacementReason, takenInPartText } from './sync-kinds';

export interface SyncDetailProps {
  /** The row as the list has it now (its choice is the latest). */
  item: SyncItem;
  /** A replaced row: the deleted component the item (added) replaces. */
  replaces?: SyncItem | null;
  /** Its `cancel`, when it has one, is called when the detail closes or loads again. */
  loadAsync: (key: string, replaces?: string) => Promise<SyncDetail> & { cancel?: () => void };
  /** Changes with each new comparison: the detail is loaded again (the row may have changed). */
  comparison?: number;
  /** Shows the two components as separate rows again (a replaced row). */
  onKeepApart?: () => void;
  readOnly: boolean;
  nowMs: number;
  /** How the two pictures are compared: kept by the screen, so the next row opens the same way. */
  pictureMode: PictureMode;
  onPictureMode: (mode: PictureMode) => void;
  /** Overlay's opacity and Swipe's split, in %: kept by the screen too, so rows compare at one place. */
  pictureAmount: number;
  onPictureAmount: (amount: number) => void;
  onChoose: (item: SyncItem, choice: SyncChoice) => void;
  onBack: () => void;
}

// A failure keeps the error; its message is worded at render, with the component's name then.
// `row`: the row a detail was loaded for (key, pair, kind).
// `again`: the row's detail was shown, and its load after a new comparison failed (its changes and pictures went).
// `wait`: the builder asked Envelope to slow down (rateLimitWait), read as it failed: said by when it ends, Try again held until then.
type Load = { status: 'loading' } | { status: 'failed'; error: unknown; again: boolean; wait: RateLimitWait | null } | { status: 'ready'; detail: SyncDetail; row: string };

/** The option chosen, else the first that can be chosen. */
const chosenOption = (group: HTMLElement) => group.querySelector<HTMLElement>('input:checked:not(:disabled)') ?? group.querySelector<HTMLElement>('input:not(:disabled)');

export function SyncDetailView({ item, replaces = null, loadAsync, comparison = 0, readOnly, nowMs, pictureMode, onPictureMode, pictureAmount, onPictureAmount, onChoose, onBack, onKeepApart }: SyncDetailProps) {
  const replacesKey = replaces?.key;
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const held = useStillBefore(load.status === 'failed' ? (load.wait?.tryAgainAt ?? null) : null);
  const heading = useRef<HTMLHeadingElement>(null);
  const tryAgain = useRef<HTMLButtonElement>(null);
  // A load after a new comparison that fails takes the changes and pictures away: the keyboard
  // there (a picture mode's button, the slider) fell to the page. It goes to Try again, under the
  // words saying why, as a library problem's action takes it (problem-notice.tsx): the words are an
  // alert, read once as they come. On the words themselves they were read twice, as the alert and
  // as the keyboard's place.
  const detailFocus = useFocusKeeper<HTMLElement>(load.status, useCallback(() => tryAgain.current ?? heading.current, []));

  // Before paint: a key pressed as soon as the detail shows (Escape) reaches it, not the page body.
  useLayoutEffect(() => heading.current?.focus(), []);
  const row = `${item.key}\n${replacesKey}\n${item.kind}`;
  useEffect(() => {
    let current = true;
    // Loaded again for a new comparison (an edit anywhere in the file starts one): the same row's
    // detail stays until the new one is in. Emptied, it blinked, said "Loading" and dropped the keyboard (a slider) to the page.
    setLoad((shown) => (shown.status === 'ready' && shown.row === row ? shown : { status: 'loading' }));
    const loading = loadAsync(item.key, replacesKey);
    loading.then(
      (detail) => current && setLoad({ status: 'ready', detail, row }),
      (error: unknown) => current && setLoad((shown) => ({ status: 'failed', error, again: shown.status === 'ready' && shown.row === row, wait: rateLimitWait(error) })),
    );
    return () => {
      current = false;
      // A picture still being read for it (a slow builder) must not hold the requests after it.
      loading.cancel?.();
    };
    // The screen keeps `loadAsync` stable (one per requester), so this loads once per row, per comparison and per retry.
  }, [row, item.key, replacesKey, attempt, loadAsync, comparison]);

  const remote = remoteText(item, nowMs);
  const sameName = sameNameText(item, nowMs);
  const detail = load.status === 'ready' ? load.detail : null;
  const mode = choiceMode(item.kind);
  // Held while the screen compares again (a collaborator's edit can start it): the control with the
  // keyboard went disabled and the focus fell to the body. It comes back to the option chosen.
  const choiceFocus = useFocusKeeper<HTMLDivElement>(readOnly, chosenOption);
  const choice =
    mode === 'none' ? null : (
      <div {...choiceFocus}>
        <DetailChoice
          item={item}
          mixed={replaces !== null && replaces.choice !== item.choice}
          disabled={readOnly}
          onChoose={(chosen) => onChoose(item, chosen)}
          label={replaces ? 'Push the replacement: delete the old key and add the new one with the next sync' : undefined}
        />
      </div>
    );
  return (
    <section
      {...detailFocus}
      class="sync-detail"
      aria-labelledby="sync-detail-title"
      data-testid="sync-detail"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onBack();
        }
      }}
    >
      <div>
        <Button variant="link" onClick={onBack} testId="sync-detail-back">
          ← Back to the list
        </Button>
      </div>
      <h2 id="sync-detail-title" tabIndex={-1} ref={heading}>
        {item.name}
      </h2>
      {/* The choice right under the name: in the smallest window (320 × 240) it showed only its
          title, its options under the edge. A replaced row's choice needs the pairing said first. */}
      {replaces ? null : choice}
      <div>
        <p class="muted">
          {replaces ? REPLACED_LABEL : KIND_ONE[item.kind]}
          {remote ? ` · ${remote}` : ''}
        </p>
        {/* Every chip, also those the list's row had no room for. */}
        {item.chips && item.chips.length > 0 ? <p class="muted">Changed: {chipsText(item.chips, item.otherProperties)}</p> : null}
      </div>
      {replaces ? (
        <div class="sync-replaced" data-testid="sync-replaced">
          <p>{replacementReason(replaces, item)}</p>
          <p class="muted">
            Old key <code>{replaces.key}</code> → new key <code>{item.key}</code>
          </p>
        </div>
      ) : null}
      {replaces ? choice : null}
      {replaces && onKeepApart ? (
        <div>
          {/* Like the choice: not while a sync runs (the pair may be gone when it ends) or read-only. */}
          <Button onClick={onKeepApart} testId="sync-keep-apart" disabled={readOnly}>
            Keep them apart
          </Button>
        </div>
      ) : null}
      {load.status === 'loading' ? (
        <p class="sync-inline-status" role="status">
          <Spinner /> Loading the changes…
        </p>
      ) : null}
      {load.status === 'failed' ? (
        <div class="sync-error">
          <ErrorNotice
            message={`The changes of ${item.name}${load.again ? ' and their pictures could not be loaded again after the last check' : ' could not be loaded'}: ${load.wait?.words ?? errorText(load.error)}`}
            testId="sync-detail-error"
          />
          <Button
            buttonRef={tryAgain}
            onClick={() => {
              // The button goes while it loads: the keyboard stays in the detail (Escape, Tab), not on the page.
              heading.current?.focus();
              setAttempt((value) => value + 1);
            }}
            held={held}
          >
            Try again
          </Button>
          {load.wait ? <WaitOverStatus held={held} /> : null}
        </div>
      ) : null}
      {sameName === null ? null : (
        <div class="notice notice-info" data-testid="sync-same-name">
          <p>{sameName}</p>
        </div>
      )}
      {item.takenInPart ? (
        <div class="notice notice-info" data-testid="sync-taken-in-part">
          <p>
            {takenInPartText(item)}. An earlier sync took what Envelope can apply of their version; make these changes by hand, and once this file matches their
            version it is settled. It is not taken again unless you choose to take it.
          </p>
          {item.takenInPart.steps.length > 0 ? (
            <ul class="sync-steps">
              {item.takenInPart.steps.map((step, index) => (
                <li key={index}>{step}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {/* A row taken in part says its steps above (those left as the file is now); taking again leaves the same. */}
      {/* Listed in full once theirs is chosen; until then one line that opens on demand, so it is
          said before theirs is taken without pushing the pictures out of a 400 × 600 window. */}
      {detail && detail.manualSteps.length > 0 && !item.takenInPart && (mode === 'take' || mode === 'conflict' || mode === 'deletion') ? (
        item.choice === 'take' ? (
          <div class="notice notice-info" data-testid="sync-manual-steps">
            <p>Taking theirs cannot apply everything. Change these by hand afterwards:</p>
            <ManualSteps steps={detail.manualSteps} />
          </div>
        ) : (
          <details class="notice notice-info sync-steps-later" data-testid="sync-manual-steps">
            <summary>Taking theirs leaves {plural(detail.manualSteps.length, 'change')} to make by hand</summary>
            <ManualSteps steps={detail.manualSteps} />
          </details>
        )
      ) : null}
      {/* The pictures before the property table: under it, at the default size (400 × 600) a table
          of a few rows put the picture below the visible part, and no picture showed without scrolling. */}
      {detail ? <PictureCompare detail={detail} name={item.name} kind={item.kind} mode={pictureMode} setMode={onPictureMode} amount={pictureAmount} setAmount={onPictureAmount} /> : null}
      {detail ? <ChangesTable detail={detail} same={item.kind === 'both-same'} /> : null}
    </section>
  );
}

function ManualSteps({ steps }: { steps: readonly string[] }) {
  return (
    <ul class="sync-steps">
      {steps.map((step, index) => (
        <li key={index}>{step}</li>
      ))}
    </ul>
  );
}

/** A conflict's three-way marks: who changed the property since the last sync. */
const SIDE_WORDS = { here: 'Changed in this file', there: 'Changed in the design system', both: 'Changed on both sides' };

/** `same`: the row is the same on both sides (nothing differs between them, whatever changed since the last sync). */
function ChangesTable({ detail, same }: { detail: SyncDetail; same: boolean }) {
  // Who changed theirs, said in full above the table (also when no property differs): in the heads
  // of its column and picture, at the window's default width, it was cut ("Theirs by Robin Val…").
  const by = headLines(detail.beforeLabel).by ?? headLines(detail.afterLabel).by;
  return (
    <section class="sync-detail-part" aria-labelledby="sync-changes-title">
      <h3 id="sync-changes-title">What changed</h3>
      {by ? <p class="muted">Theirs: changed {by}</p> : null}
      {!detail.beforeKnown ? (
        <p class="notice notice-info" data-testid="sync-before-unknown">
          The version before this change is not known (it was not kept since the last sync), so only the current values are shown.
        </p>
      ) : null}
      {detail.sidesKnown === false ? (
        <p class="notice notice-info" data-testid="sync-sides-unknown">
          The last synced version was not kept, so Envelope cannot tell which side changed each property.
        </p>
      ) : null}
      {detail.changes.length === 0 ? (
        <p class="muted">{same ? 'No property differs: this file and the design system have the same version.' : 'No property differs; only the component’s format or position changed.'}</p>
      ) : (
        <table class="sync-changes" data-testid="sync-changes">
          <thead>
            <tr>
              <th scope="col">Property</th>
              <th scope="col">
                <VersionHead label={detail.beforeLabel} />
              </th>
              <th scope="col">
                <VersionHead label={detail.afterLabel} />
              </th>
            </tr>
          </thead>
          <tbody>
            {detail.changes.map((change, index) => (
              <tr key={index}>
                <th scope="row">
                  <span class="sync-change-path">{change.path}</span>
                  <span class="sync-change-property">{change.property}</span>
                  {change.side ? <span class="sync-change-path">{SIDE_WORDS[change.side]}</span> : null}
                </th>
                <td>{detail.beforeKnown ? <Value value={change.before} color={change.beforeColor} /> : <span class="muted">Not known</span>}</td>
                <td>
                  <Value value={change.after} color={change.afterColor} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * A version's head in one line, so a narrow window does not stack a caption over four: whose
 * version alone (who changed it is said above the table); the whole caption for the pointer (title) and screen readers.
 */
function VersionHead({ label }: { label: string }) {
  return (
    <>
      <span class="sync-head" title={label} aria-hidden="true">
        {headLines(label).whose}
      </span>
      <span class="visually-hidden">{label}</span>
    </>
  );
}

function Value({ value, color }: { value: PropertyChange['before']; color: string | undefined }) {
  if (value === null) return <span class="muted">None</span>;
  return (
    <span class="sync-value">
      {color ? <span class="sync-swatch" style={{ background: color }} aria-hidden="true" /> : null}
      {value}
    </span>
  );
}

export type PictureMode = 'side' | 'overlay' | 'swipe' | 'difference';
const MODES: readonly { mode: PictureMode; label: string }[] = [
  { mode: 'side', label: 'Side by side' },
  { mode: 'overlay', label: 'Overlay' },
  { mode: 'swipe', label: 'Swipe' },
  { mode: 'difference', label: 'Difference' },
];

function Picture({ src, label, name }: { src: string | null; label: string; name: string }) {
  // The picture that could not be read: a new one (the component edited) is tried.
  const [broken, setBroken] = useState<string | null>(null);
  if (src === null || broken === src) {
    return <div class="sync-picture-missing">{missingPictureText(label, src === null ? 'none' : 'broken')}</div>;
  }
  return <img class="sync-picture" src={src} alt={`${name}: ${label}`} onError={() => setBroken(src)} />;
}

/** One version's picture side by side with the other's (or `children`, its framed picture), headed by its caption. */
function CaptionedPicture({ src, label, name, children }: { src: string | null; label: string; name: string; children?: ComponentChildren }) {
  return (
    <figure>
      {children ?? <Picture src={src} label={label} name={name} />}
      <figcaption>
        <VersionHead label={label} />
      </figcaption>
    </figure>
  );
}

type Size = { width: number; height: number };

/**
 * Both pictures at one scale (picture-scale.ts: the one drawn at the larger scale shrunk to the
 * other's), aligned at the top left of a frame as large as the larger of each side, as Difference
 * lines them up; fitted each on its own, a component whose size changed looked rescaled rather
 * than moved. Overlay and Swipe stack them in one frame (`topStyle` styles the "after"); side by
 * side, each is in a frame of that shape, so the larger version fills it and the smaller one is
 * smaller in proportion. The frame takes the pictures' shape once both loaded.
 */
function ScaledPictures({ detail, name, topStyle, split, children }: { detail: SyncDetail; name: string; topStyle?: Record<string, string | number>; split?: number; children?: ComponentChildren }) {
  // Each picture's size once loaded (null: it could not be read), by its address: a new one (the
  // component edited) is measured in the same element; made anew, the slider among them lost the keyboard.
  const [sizes, setSizes] = useState<Record<string, Size | null>>({});
  const before = sizes[detail.beforePicture!];
  const after = sizes[detail.afterPicture!];
  // Each fitted on its own, as before: a picture that cannot be read, or side by side where a version's size is not known (never a guess).
  const apart = before === null || after === null || (!topStyle && !(detail.beforeSize && detail.afterSize && detail.beforePicture && detail.afterPicture));
  const factors = before && after && pairFactors({ before: detail.beforeSize, after: detail.afterSize }, { before, after });
  const drawn = factors && { before: { width: before.width * factors.before, height: before.height * factors.before }, after: { width: after.width * factors.after, height: after.height * factors.after } };
  const frame = drawn && { width: Math.max(drawn.before.width, drawn.after.width), height: Math.max(drawn.before.height, drawn.after.height) };
  const frameStyle = frame ? { '--ratio': frame.width / frame.height, '--width': `${frame.width}px` } : undefined;
  const layer = (side: 'before' | 'after') => {
    const src = (side === 'before' ? detail.beforePicture : detail.afterPicture)!;
    return (
      <img
        class="sync-stack-picture"
        src={src}
        alt={`${name}: ${side === 'before' ? detail.beforeLabel : detail.afterLabel}`}
        style={frame ? { width: `${(100 * drawn[side].width) / frame.width}%`, height: `${(100 * drawn[side].height) / frame.height}%` } : { visibility: 'hidden' }}
        onLoad={({ currentTarget: image }) => setSizes((known) => ({ ...known, [src]: { width: image.naturalWidth, height: image.naturalHeight } }))}
        onError={() => setSizes((known) => ({ ...known, [src]: null }))}
      />
    );
  };
  return apart || !topStyle ? (
    <div class="sync-pictures">
      <CaptionedPicture src={detail.beforePicture} label={detail.beforeLabel} name={name}>
        {apart ? null : (
          <div class="sync-stack" style={frameStyle}>
            {layer('before')}
          </div>
        )}
      </CaptionedPicture>
      <CaptionedPicture src={detail.afterPicture} label={detail.afterLabel} name={name}>
        {apart ? null : (
          <div class="sync-stack" style={frameStyle}>
            {layer('after')}
          </div>
        )}
      </CaptionedPicture>
    </div>
  ) : (
    // `children`, the slider, only with the pictures stacked: shown apart (one could not be read) it moved nothing.
    // Above the picture, under the mode's button: below a tall picture it was out of sight, and the picture did not move.
    <div class="sync-stack-column" style={frameStyle}>
      {children}
      <div class="sync-stack" style={frameStyle}>
        {layer('before')}
        <div class="sync-stack-top" style={topStyle}>
          {layer('after')}
        </div>
        {/* Swipe's split, where the slider has it: dark on light (light on dark in the dark theme), so it shows on any picture. */}
        {split === undefined ? null : (
          <div class="sync-split" aria-hidden="true" style={{ left: `${split}%` }} />
        )}
      </div>
    </div>
  );
}

/** Why a version has no picture, as far as the window can tell from its caption and the row's kind. */
function noPictureReason(label: string, kind: SyncKind): string {
  if (label === PICTURE_LABEL.lastSync || label === PICTURE_LABEL.deleted) return kind === 'local-add' ? 'it was never synced' : 'the design system no longer has a picture of that version';
  if (label === PICTURE_LABEL.thisFile || label === PICTURE_LABEL.mine || label === PICTURE_LABEL.added) return 'Figma could not draw it, or it is no longer in this file';
  return 'the design system has no picture of it';
}

/** What the pictures' part says with only one picture (or none): why, and why they are side by side. */
function onlySideText(detail: SyncDetail, kind: SyncKind): string {
  const missing = [
    ...(detail.beforePicture === null ? [detail.beforeLabel] : []),
    ...(detail.afterPicture === null ? [detail.afterLabel] : []),
  ];
  const why = missing.map((label) => `${missingPictureText(label, 'none')}: ${noPictureReason(label, kind)}.`).join(' ');
  return `${why} Overlay, Swipe and Difference need both pictures: only side by side is shown.`;
}

/**
 * What the pictures' part says of a component with one version only: which, and why its picture is
 * missing too, when it is. The box in the picture's place already says "No picture of …": said
 * here as well, the detail read it twice in a row, the second time beside its own reason.
 */
function oneVersionText(detail: SyncDetail, kind: SyncKind, one: { side: 'before' | 'after'; words: string }): string {
  const [label, picture] = one.side === 'before' ? [detail.afterLabel, detail.afterPicture] : [detail.beforeLabel, detail.beforePicture];
  if (picture !== null) return one.words;
  const reason = noPictureReason(label, kind);
  return `${one.words} ${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`;
}

/**
 * The keyboard in the part's controls stays in the part when they go (a check brought no picture
 * for a side, so the modes go; a picture that could not be read, so the slider goes): on the mode
 * pressed, else on the part's heading, which says why. It fell to the page, where Escape did nothing.
 */
function useFocusKeptInPart(part: RefObject<HTMLElement>, heading: RefObject<HTMLElement>): void {
  useLayoutEffect(() => {
    const element = part.current;
    if (!element) return;
    let inside = false;
    // A removed control's focus goes to the body with no focusin: it is still "in the part" then.
    const follow = ({ target }: FocusEvent) => {
      inside = target instanceof Node && element.contains(target);
    };
    document.addEventListener('focusin', follow);
    // Before paint (a microtask after the change): no frame shows the focus on the body.
    const observer = new MutationObserver(() => {
      if (!inside || !document.hasFocus() || !focusLost()) return;
      (element.querySelector<HTMLElement>('[aria-pressed="true"]') ?? heading.current)?.focus();
    });
    observer.observe(element, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', follow);
      observer.disconnect();
    };
  }, [part, heading]);
}

/**
 * The slider of a mode the designer just chose, scrolled into the detail's view if it is not: in a
 * short window the mode's button can sit at the bottom edge, the slider under it. Only on a choice:
 * a row opened in a remembered mode keeps its place at the top.
 */
function useSliderShownWhenChosen(shown: PictureMode): { label: RefObject<HTMLLabelElement>; chosen: { current: boolean } } {
  const label = useRef<HTMLLabelElement>(null);
  const chosen = useRef(false);
  useLayoutEffect(() => {
    if (!chosen.current) return;
    chosen.current = false;
    label.current?.scrollIntoView({ block: 'nearest' });
  }, [shown]);
  return { label, chosen };
}

function PictureCompare({ detail, name, kind, mode, setMode, amount, setAmount }: { detail: SyncDetail; name: string; kind: SyncKind; mode: PictureMode; setMode: (mode: PictureMode) => void; amount: number; setAmount: (amount: number) => void }) {
  const both = detail.beforePicture !== null && detail.afterPicture !== null;
  const shown = both ? mode : 'side';
  // An added or deleted component: the one version there is, not an empty box beside it.
  const oneVersion = sideWithNoVersion(detail, kind);
  const part = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusKeptInPart(part, heading);
  const slider = useSliderShownWhenChosen(shown);
  const choose = (chosen: PictureMode) => {
    // The mode already shown changes nothing: no scroll waits for a later change.
    slider.chosen.current = chosen !== shown;
    setMode(chosen);
  };
  return (
    <section ref={part} class="sync-detail-part" aria-labelledby="sync-pictures-title">
      <div class="sync-part-head">
        <h3 id="sync-pictures-title" ref={heading} tabIndex={-1} aria-describedby={both ? undefined : 'sync-pictures-why'}>
          How it looks
        </h3>
        {both ? (
          <div class="segmented" role="group" aria-label="Compare the pictures">
            {MODES.map((entry) => (
              <button key={entry.mode} type="button" aria-pressed={shown === entry.mode} onClick={() => choose(entry.mode)}>
                {entry.label}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      {both ? null : (
        <p id="sync-pictures-why" class="muted" data-testid="sync-pictures-why">
          {oneVersion ? oneVersionText(detail, kind, oneVersion) : onlySideText(detail, kind)}
        </p>
      )}
      {oneVersion ? (
        <div class="sync-pictures">
          {oneVersion.side === 'before' ? (
            <CaptionedPicture src={detail.afterPicture} label={detail.afterLabel} name={name} />
          ) : (
            <CaptionedPicture src={detail.beforePicture} label={detail.beforeLabel} name={name} />
          )}
        </div>
      ) : shown === 'difference' && detail.beforePicture !== null && detail.afterPicture !== null ? (
        <PixelDifference
          before={detail.beforePicture}
          after={detail.afterPicture}
          beforeSize={detail.beforeSize}
          afterSize={detail.afterSize}
          name={name}
          beforeLabel={detail.beforeLabel}
          afterLabel={detail.afterLabel}
        />
      ) : shown === 'side' ? (
        <ScaledPictures detail={detail} name={name} />
      ) : (
        <div class="sync-stack-wrap">
          <ScaledPictures
            detail={detail}
            name={name}
            topStyle={shown === 'overlay' ? { opacity: amount / 100 } : { clipPath: `inset(0 0 0 ${amount}%)` }}
            split={shown === 'swipe' ? amount : undefined}
          >
            <label ref={slider.label} class="sync-range">
              {shown === 'overlay' ? `Opacity of “${detail.afterLabel}”` : `Swipe between “${detail.beforeLabel}” and “${detail.afterLabel}”`}
              <input
                type="range"
                min={0}
                max={100}
                value={amount}
                // A bare number does not say what each version's share of the picture is: in Swipe, which one
                // is where; in Overlay, how much of each shows through the blend.
                aria-valuetext={
                  shown === 'swipe'
                    ? `“${detail.beforeLabel}” ${amount} % on the left, “${detail.afterLabel}” ${100 - amount} % on the right`
                    : `“${detail.afterLabel}” ${amount} % over “${detail.beforeLabel}” ${100 - amount} %`
                }
                onInput={(event) => setAmount(Number(event.currentTarget.value))}
              />
            </label>
          </ScaledPictures>
        </div>
      )}
    </section>
  );
}
