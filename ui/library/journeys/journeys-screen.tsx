// Journeys: the brands with a curated lifecycle journey, and one brand's journey as its stages
// in capture order, with a few emails each (1–10, adjustable).
import type { RefObject } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { LibraryClient } from '../../../src/shared/api/library/client';
import { LIBRARY_LIMITS } from '../../../src/shared/api/library/requests';
import type { EmailSummary, Journey } from '../../../src/shared/api/library/schemas';
import { useCanvasInsert } from '../../canvas/canvas-insert';
import { insertItemOf } from '../../canvas/reference-inserter';
import { Button } from '../../components/button';
import { ExternalLink } from '../../components/external-link';
import { LiveStatus } from '../../components/live-status';
import { EmailRows } from '../email-rows';
import { useRemovedEmails } from '../removed-emails-context';
import { stagesWithout, totalWithout } from '../removed-email';
import { libraryProblem, type LibraryProblem } from '../library-problem';
import { focusFell, ProblemNotice, useRetryFocus } from '../problem-notice';
import { useEscapeBack } from '../../hooks/use-escape-back';
import { useOwnCountdown } from '../held-notice';
import { usePagedList } from '../use-paged-list';
import { useRetryOnce } from '../use-retry-once';
import { focusRowFrom, MoreButton } from '../more-button';
import { SEARCH_DEBOUNCE_MS } from '../search/search-query';
import { plural } from '../../components/count-words';
import { useKeptState } from '../kept-state';
import { useKeptScroll } from '../use-kept-scroll';
import { useSettled } from '../../hooks/use-settled';
import { useBrandName, useBrandNames } from '../brand-names';
import { stageCountText } from './stage-count';
import { boardPlacesText } from './board-words';
import { perStageProblem } from './per-stage-problem';

export interface JourneysScreenProps {
  client: LibraryClient;
  hidden: boolean;
  onOpen: (emails: readonly EmailSummary[], index: number) => void;
  onOpenSettings: () => void;
}

export function JourneysScreen({ client, hidden, onOpen, onOpenSettings }: JourneysScreenProps) {
  // The journey last opened (`open`: still shown) stays through a visit to another section, as the
  // search does; with its connection only (a new one starts again). Its row takes the keyboard back.
  const [kept, keep] = useKeptState<{ client: LibraryClient; slug: string; open: boolean } | null>('journey', null);
  const mine = kept?.client === client ? kept : null;
  const opened = mine?.slug;
  const brand = mine?.open ? mine.slug : null;
  const setBrand = (slug: string | null) => keep(slug === null ? mine && { ...mine, open: false } : { client, slug, open: true });
  const openedRow = useRef<HTMLButtonElement>(null);
  // As the list is drawn again: left to the next frame, the focus sat on the page meanwhile.
  useLayoutEffect(() => {
    // The journey went from under the keyboard; not on coming back to Journeys (the section's button has it).
    if (brand === null && focusFell()) openedRow.current?.focus();
  }, [brand]);
  // The list names each brand by its slug ("petal-pine"): a missing name keeps it.
  const names = useBrandNames(client);
  const journeys = usePagedList('journeys', async (page, signal) => {
    const response = await client.listJourneysAsync({ page, perPage: 50 }, signal);
    return { items: response.data.map((journey) => ({ ...journey, id: journey.brand_slug })), perPage: response.meta.per_page };
  }, client);
  const rows = useRef<HTMLUListElement>(null);
  const retryFocused = useRetryFocus(journeys.loading, journeys.problem !== null, journeys.items.length, (from) => focusRowFrom(rows.current, from));
  useOwnCountdown(!hidden && brand === null && journeys.problem?.kind === 'busy');
  useEscapeBack(hidden || brand === null ? null : () => setBrand(null));
  // The list (with the pages loaded) and an open journey each come back where they were scrolled to, once drawn again.
  const box = useRef<HTMLElement>(null);
  useKeptScroll('journeys', '', client, !hidden && brand === null && journeys.items.length > 0, box);
  return (
    <section class="library-brands" hidden={hidden} aria-label="Journeys" ref={box}>
      {brand !== null ? (
        <JourneyView key={brand} box={box} client={client} slug={brand} hidden={hidden} knownName={names.get(brand) ?? null} onBack={() => setBrand(null)} onOpen={onOpen} onOpenSettings={onOpenSettings} />
      ) : (
        <>
          {/* No list while there is nothing in it: a screen reader said "list, 0 items" before the notice. */}
          {journeys.items.length === 0 ? null : <ul class="brand-list" aria-label="Brands with a journey" ref={rows}>
            {journeys.items.map((journey) => (
              <li key={journey.brand_slug}>
                <button
                  type="button"
                  class="brand-row"
                  ref={journey.brand_slug === opened ? openedRow : undefined}
                  onClick={() => setBrand(journey.brand_slug)}
                >
                  <span class="brand-row-name">{names.get(journey.brand_slug) ?? journey.brand}</span>
                  <span class="brand-row-count">{plural(journey.email_count, 'email')}</span>
                </button>
              </li>
            ))}
          </ul>}
          {/* Under the list, where More was pressed: above it, the window jumped up to it. */}
          {journeys.problem ? <ProblemNotice problem={journeys.problem} onRetry={retryFocused(journeys.retry)} onOpenSettings={onOpenSettings} /> : null}
          <LiveStatus busy>{journeys.loading ? 'Loading journeys…' : null}</LiveStatus>
          {!journeys.loading && !journeys.problem && journeys.items.length === 0 ? (
            <p class="empty-state" data-testid="journeys-empty">
              The library has no journeys yet.
            </p>
          ) : null}
          <MoreButton list={journeys}>More</MoreButton>
        </>
      )}
    </section>
  );
}

function JourneyView({ box, client, slug, hidden, knownName, onBack, onOpen, onOpenSettings }: { box: RefObject<HTMLElement>; slug: string; knownName: string | null; onBack: () => void } & JourneysScreenProps) {
  // The number chosen stays for the next journey opened: brands' journeys compare at one size.
  const [chosen, setChosen] = useKeptState('per stage', 3);
  // After a pause: arrow keys on the list step through every number on the way.
  const perStage = useSettled(chosen, SEARCH_DEBOUNCE_MS);
  // `perStage`: the number the journey shown was asked with (another may be loading meanwhile).
  const [state, setState] = useState<{ journey: Journey | null; perStage: number; problem: LibraryProblem | null }>({ journey: null, perStage, problem: null });
  const { shown: problem, attempt, retry } = useRetryOnce(state.problem);
  useEffect(() => {
    let live = true;
    const unneeded = new AbortController();
    setState((before) => ({ ...before, problem: null }));
    client.getJourneyAsync(slug, { emailsPerStage: perStage }, unneeded.signal).then(
      (response) => live && setState({ journey: response.data, perStage, problem: null }),
      (error: unknown) => live && setState((before) => ({ ...before, problem: libraryProblem(error) })),
    );
    return () => {
      live = false;
      unneeded.abort();
    };
  }, [client, slug, perStage, attempt]);
  // A journey names its brand by slug ("petal-pine"); the brand's own page has its name, for the
  // heading, the board and the captions. Best effort: the slug stays if it cannot be read.
  const name = useBrandName(client, slug, knownName);
  // Without the emails found removed: one opened from a stage and found gone leaves it.
  const removed = useRemovedEmails();
  const loaded = useMemo(() => state.journey && stagesWithout(state.journey, removed), [state.journey, removed]);
  // Another number per stage that could not be read: the stages on show (and Insert) are the earlier one's, said first.
  const shownPerStage = state.journey === null ? null : state.perStage;
  const said = useMemo(() => problem && perStageProblem(problem, shownPerStage, perStage), [problem, shownPerStage, perStage]);
  const { min, max } = LIBRARY_LIMITS.emailsPerStage;
  const all = loaded?.stages.flatMap((stage) => stage.emails) ?? [];
  // The journey's own count, without its emails found removed since (those the answer listed).
  const gone = (index: number) => (state.journey?.stages[index]?.emails.length ?? 0) - (loaded?.stages[index]?.emails.length ?? 0);
  const journeyTotal = loaded?.stages.reduce((sum, stage, index) => sum + totalWithout(stage.email_count, gone(index)), 0) ?? 0;
  const canvas = useCanvasInsert();
  const journey = loaded && name !== null ? { ...loaded, brand: name } : loaded;
  // Another number per stage is on its way: the stages shown are not the ones chosen.
  const loadingOther = state.journey !== null && state.perStage !== chosen && !problem;
  const heading = useRef<HTMLHeadingElement>(null);
  // A Try again that worked: the first stage's first email, else (none) the heading.
  const firstStage = useRef<HTMLElement>(null);
  const asking = (state.journey === null || state.perStage !== perStage) && !problem;
  useOwnCountdown(!hidden && problem?.kind === 'busy');
  const retryFocused = useRetryFocus(asking, problem !== null, 0, () => focusRowFrom(firstStage.current?.querySelector('ul'), 0) || heading.current?.focus());
  // The list it was opened from is gone: once the journey comes, the keyboard goes on from its
  // heading, as it is drawn (left to the next frame, the focus sat on the page meanwhile). Not
  // before: a journey that cannot be read gives its notice the keyboard. Not after a Try again
  // pressed: its own focus (useRetryFocus, after the paint) goes on at the first stage's email.
  const shown = state.journey !== null;
  useLayoutEffect(() => {
    if (shown && !retryFocused.pressed() && focusFell()) heading.current?.focus();
    // Once, as the journey first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);
  useKeptScroll('journeys', slug, client, shown && !hidden, box);
  let offset = 0;
  return (
    <>
      <nav class="email-detail-nav" aria-label="Journey">
        <Button variant="link" onClick={onBack}>
          ← All journeys
        </Button>
      </nav>
      <h2 class="email-detail-title" tabIndex={-1} ref={heading} data-list-heading>
        {journey ? `${journey.brand}: journey` : 'Journey'}
      </h2>
      {journey ? (
        <p class="email-attribution">
          {plural(journey.stages.length, 'stage')} · <ExternalLink href={journey.url}>Its page in the library</ExternalLink>
        </p>
      ) : null}
      <div class="field">
        <label class="field-label" for="library-per-stage">
          Emails per stage
        </label>
        <select id="library-per-stage" class="field-input" value={String(chosen)} onChange={(event) => setChosen(Number(event.currentTarget.value))}>
          {Array.from({ length: max - min + 1 }, (_, index) => min + index).map((count) => (
            <option key={count} value={String(count)}>
              {count}
            </option>
          ))}
        </select>
      </div>
      {canvas && journey && all.length > 0 ? (
        <>
          <Button
            variant="primary"
            busy={canvas.busy}
            held={canvas.held}
            disabled={loadingOther}
            describedBy="journey-board-places"
            onClick={() =>
              canvas.insert(
                journey.stages.flatMap((stage) => stage.emails.map((email) => insertItemOf(email, name ?? undefined, stage.stage))),
                // A stage without emails gets no column: an empty one reads as a failed insert.
                {
                  layout: 'board',
                  title: boardTitle(journey.brand),
                  // Its brand's name not read yet (the slug shows): the inserter reads it from an email first.
                  ...(name === null ? { titleOfBrand: boardTitle } : {}),
                  stages: journey.stages.filter((stage) => stage.emails.length > 0).map((stage) => stage.stage),
                },
              )
            }
          >
            Insert journey as board
          </Button>
          {/* Only the emails shown go on the board: said before pressing, not learned from the summary after. */}
          <p class="field-hint" id="journey-board-places" data-testid="journey-board-places">
            {boardPlacesText(all.length, journeyTotal)}
          </p>
        </>
      ) : null}
      {said ? <ProblemNotice problem={said} onRetry={retryFocused(retry)} onOpenSettings={onOpenSettings} /> : null}
      <LiveStatus busy>{state.journey === null && !problem ? 'Loading the journey…' : loadingOther ? `Loading ${plural(chosen, 'email')} per stage…` : null}</LiveStatus>
      {loaded?.stages.length === 0 ? <p class="empty-state">This journey has no emails yet.</p> : null}
      {loaded?.stages.map((stage, index) => {
        const start = offset;
        offset += stage.emails.length;
        // The stage's count still holds its emails found removed since (those the answer listed).
        const count = stageCountText(stage.emails.length, totalWithout(stage.email_count, gone(index)));
        return (
          // data-email-group: its rows are a list of their own for the keyboard's way back from a removed email (rowAfterRemoval); its heading takes it when none is left.
          <section key={stage.stage_slug} aria-label={stage.stage} ref={index === 0 ? firstStage : undefined} data-email-group>
            <h3 tabIndex={-1} data-list-heading>
              {stage.stage}
              {count === null ? null : <span class="brand-row-count"> {count}</span>}
            </h3>
            {stage.emails.length === 0 ? (
              <p class="empty-state">The library has no emails in this stage now.</p>
            ) : (
              <EmailRows emails={stage.emails} label={`${stage.stage} emails`} onOpen={(index) => onOpen(all, start + index)} brandName={name ?? undefined} />
            )}
          </section>
        );
      })}
    </>
  );
}

/** A journey board's name on the canvas. */
const boardTitle = (brand: string) => `${brand} — journey`;
