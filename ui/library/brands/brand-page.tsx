// One brand: its emails (a page at a time, on request) and its insights.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { LibraryClient } from '../../../src/shared/api/library/client';
import type { BrandInsights, EmailSummary, GetBrandResponse } from '../../../src/shared/api/library/schemas';
import { Button } from '../../components/button';
import { LiveStatus } from '../../components/live-status';
import { libraryProblem, type LibraryProblem } from '../library-problem';
import { focusFell, ProblemNotice, useRetryFocus } from '../problem-notice';
import { useOwnCountdown } from '../held-notice';
import { EmailRows } from '../email-rows';
import { useListChanges, usePagedList, type OpenedList } from '../use-paged-list';
import { totalWithout } from '../removed-email';
import { emptyListText } from '../emptied-words';
import { useWithoutRemoved } from '../use-without-removed';
import { BrandInsightsView } from './brand-insights';
import { focusRowFrom, MoreButton } from '../more-button';
import { ExternalLink } from '../../components/external-link';
import { countWord, plural } from '../../components/count-words';
import { useKeptScroll } from '../use-kept-scroll';

const PAGE_SIZE = 20;

/** What the brand's emails say once none is left. */
const BRAND_EMPTY = { none: 'This brand has no emails in the library.', left: 'No emails from this brand are left', all: 'all its emails' };

export interface BrandPageProps {
  client: LibraryClient;
  slug: string;
  hidden: boolean;
  onBack: () => void;
  backLabel: string;
  onOpen: (emails: readonly EmailSummary[], index: number, paged: OpenedList<EmailSummary>) => void;
  /** The emails changed (another page came): an email opened from them follows. */
  onList?: (paged: OpenedList<EmailSummary>) => void;
  onOpenSettings: () => void;
}

type InsightsState = { status: 'loading' } | { status: 'ok'; insights: BrandInsights } | { status: 'too_few' } | { status: 'failed'; problem: LibraryProblem };

export function BrandPage({ client, slug, hidden, onBack, backLabel, onOpen, onList, onOpenSettings }: BrandPageProps) {
  // Without the emails found removed: an email opened from here and found gone leaves the list.
  // Kept for its connection, as Me's lists are: it comes back with the pages loaded, and, emptied
  // by removals meanwhile, says so.
  const list = useWithoutRemoved(
    usePagedList(
      `brand ${slug}`,
      async (page, signal) => {
        const response = await client.getBrandAsync(slug, { page, perPage: PAGE_SIZE }, signal);
        return { items: response.data.emails, perPage: response.meta.per_page, meta: response.data.brand };
      },
      client,
    ),
  );
  const brand = list.meta as GetBrandResponse['data']['brand'] | null;
  // The brand's count still holds the emails found removed since that it listed.
  const inLibrary = brand && totalWithout(brand.email_count, list.gone);
  const { items: emails, problem } = list;
  useListChanges(list, onList);
  const [insights, setInsights] = useState<InsightsState>({ status: 'loading' });
  const [insightsAttempt, setInsightsAttempt] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let current = true;
    const unneeded = new AbortController();
    client.getBrandInsightsAsync(slug, unneeded.signal).then(
      (response) => current && setInsights({ status: 'ok', insights: response.data }),
      (error: unknown) => {
        if (!current) return;
        const problem = libraryProblem(error);
        // Made once per failure: the notice's countdown starts again for each new problem.
        setInsights((error as { code?: unknown }).code === 'no_insights' ? { status: 'too_few' } : { status: 'failed', problem: { ...problem, message: `Insights could not be loaded. ${problem.message}` } });
      },
    );
    return () => {
      current = false;
      unneeded.abort();
    };
  }, [client, slug, insightsAttempt]);

  // A Try again that worked: the first email it brought (after a page of emails failed, the first
  // of that page; after the brand failed, its first), else (none) the heading.
  const rows = useRef<HTMLUListElement>(null);
  const page = useRef<HTMLElement>(null);
  // The insights asked for again with it come above the email focused, often after it: at the
  // page's top the browser does not keep what is in view in place, and it went out of sight.
  const retriedRow = useRef<HTMLElement | null>(null);
  const retryFocused = useRetryFocus(list.loading, problem !== null, emails.length, (from) => {
    if (focusRowFrom(rows.current, from)) retriedRow.current = document.activeElement as HTMLElement;
    else heading.current?.focus();
  });
  useLayoutEffect(() => {
    if (insights.status === 'loading') return;
    if (retriedRow.current !== null && retriedRow.current === document.activeElement) retriedRow.current.scrollIntoView({ block: 'nearest' });
    retriedRow.current = null;
  }, [insights.status]);

  // Once, when the brand first shows: each page of emails brings the brand again, and "More emails" keeps the focus.
  // As the heading is drawn (the row pressed went with the list): left to the next frame, the focus sat on the page meanwhile.
  // Not after a Try again pressed (the brand failed first): its own focus (useRetryFocus, after the
  // paint) goes on at the first email, as a journey's does (the heading took it, and the press stopped there).
  // Only if the focus fell to the page: a designer who went on while the brand was on its way (to the
  // search field, the header's sections, Back) keeps the keyboard there.
  const shown = brand !== null;
  useLayoutEffect(() => {
    // The insights' notice may have come first and taken the fallen keyboard: not the designer's choice, so the heading takes it on.
    const noticeTookIt = page.current?.querySelector('[data-testid="library-problem"]')?.contains(document.activeElement) === true;
    if (shown && !retryFocused.pressed() && (focusFell() || noticeTookIt)) heading.current?.focus();
    // Once, as the brand first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);
  // Come back to (its pages kept), it shows where the designer had scrolled to, as Me and Journeys
  // do: once the insights above its emails are drawn too, so the place is where it was.
  useKeptScroll(`brand ${slug}`, '', client, shown && !hidden && insights.status !== 'loading', page);
  const insightsRetryFocused = useRetryFocus(insights.status === 'loading', insights.status === 'failed', 0, () => (page.current?.querySelector<HTMLElement>('#brand-insights-title') ?? heading.current)?.focus());
  // The list's notice, else the insights': whichever shows.
  useOwnCountdown(!hidden && (problem ?? (insights.status === 'failed' ? insights.problem : null))?.kind === 'busy');

  // The insights failed too: the list's notice, the one shown, says so (its Try again asks for them).
  // The whole brand failed: the notice speaks for the page, empty but for it, insights or not.
  const insightsFailed = insights.status === 'failed';
  const wholeBrand = emails.length === 0;
  const listProblem = useMemo(
    () =>
      problem &&
      (wholeBrand && problem.kind !== 'not_found'
        ? { ...problem, message: `This brand could not be loaded. ${problem.message}` }
        : insightsFailed && !wholeBrand
          ? { ...problem, message: `${problem.message} The insights could not be loaded either.` }
          : problem),
    [problem, insightsFailed, wholeBrand],
  );
  const listNotice = listProblem ? (
    <ProblemNotice
      problem={listProblem}
      onRetry={retryFocused(() => {
        list.retry();
        if (!insightsFailed) return;
        // Loading, not failed, while asked again: the insights' own notice would say it again above and take the keyboard.
        setInsights({ status: 'loading' });
        setInsightsAttempt((n) => n + 1);
      })}
      onOpenSettings={onOpenSettings}
    />
  ) : null;
  return (
    <article class="brand-page" hidden={hidden} aria-labelledby="brand-page-title" ref={page}>
      <nav class="email-detail-nav" aria-label="Brand">
        <Button variant="link" onClick={onBack}>
          {backLabel}
        </Button>
      </nav>
      {brand ? (
        <>
          <h2 id="brand-page-title" tabIndex={-1} ref={heading} class="email-detail-title" data-list-heading>
            {brand.name}
          </h2>
          <p class="email-attribution">
            {plural(inLibrary ?? 0, 'email')} in the library ·{' '}
            <ExternalLink href={brand.url}>Its page in the library</ExternalLink>
          </p>
        </>
      ) : null}
      <LiveStatus busy>{!brand && !problem ? 'Loading the brand…' : null}</LiveStatus>
      {/* When the brand itself failed, its notice speaks for the page: its one retry asks for the insights too. */}
      {problem && emails.length === 0 ? listNotice : null}
      {insights.status === 'ok' ? <BrandInsightsView insights={insights.insights} emails={emails} moreToLoad={!list.done} inLibrary={inLibrary ?? undefined} /> : null}
      {insights.status === 'too_few' ? (
        <p class="notice notice-info" data-testid="no-insights">
          Too few emails yet for insights: they appear once the library has captured a few more from this brand.
        </p>
      ) : null}
      {/* A 429 is waited out and asked again by itself, like the list's. */}
      {insights.status === 'failed' && !problem ? (
        <ProblemNotice
          problem={insights.problem}
          onRetry={insightsRetryFocused(() => {
            // Gone while asked again, as the list's notice: the keyboard goes on at what it brings.
            setInsights({ status: 'loading' });
            setInsightsAttempt((n) => n + 1);
          })}
          onOpenSettings={onOpenSettings}
        />
      ) : null}
      {/* Its emails found removed, every one shown (now or on an earlier visit): the section stays, saying why it is empty. */}
      {emails.length > 0 || list.gone > 0 || list.goneBefore > 0 ? (
        <section aria-labelledby="brand-emails-title">
          <h3 id="brand-emails-title">Emails</h3>
          {emails.length === 0 ? <p class="empty-state">{list.done || list.gone === 0 ? emptyListText(list, BRAND_EMPTY) : `The library removed ${countWord(list.gone, 'the email', 'the emails')} shown here. Loading the next ones…`}</p> : null}
          <EmailRows emails={emails} label={`Emails from ${brand?.name ?? 'the brand'}`} onOpen={(index) => onOpen(emails, index, list)} brandName={brand?.name} listRef={rows} />
          {/* A next page that failed: said where More was pressed, not above the insights (the window jumped up to it). */}
          {problem ? listNotice : null}
          <MoreButton list={list}>More emails</MoreButton>
        </section>
      ) : null}
    </article>
  );
}
