// One email: what it is, who sent it, where it sits in the library, and the email itself.
// (The Browse screen gives it its keys: arrows for the previous or next result, Escape for back.)
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { LibraryClient } from '../../../src/shared/api/library/client';
import type { GetEmailResponse } from '../../../src/shared/api/library/schemas';
import { useCanvasInsert } from '../../canvas/canvas-insert';
import { Button } from '../../components/button';
import { LiveStatus } from '../../components/live-status';
import type { LibraryProblem } from '../library-problem';
import { emailProblem, goneAfterScreenshot } from './email-problem';
import { focusFell, ProblemNotice } from '../problem-notice';
import { useRetryOnce } from '../use-retry-once';
import { useOwnCountdown } from '../held-notice';
import { shortDate } from '../search/search-query';
import { subjectOf } from '../email-subject';
import { EmailPreview, FIRST_VIEW, type PreviewView } from './email-preview';
import { ExternalLink } from '../../components/external-link';
import { useLatest } from '../../hooks/use-latest';
import { positionText } from '../removed-email';

const STEP_PAUSE_MS = 250;

export interface EmailDetailProps {
  client: LibraryClient;
  /** The same client, its reads always sent: asked again when the screenshot fails (the email may be gone). */
  freshClient?: LibraryClient;
  libraryUrl: string;
  emailId: number;
  /** "3 of 120": where this email is in the results; `more`: the search has more to load ("3 of 50+": "so far" wrapped Next away at 320 px). */
  position: { index: number; count: number; more?: boolean; gone?: boolean };
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
  /** The results after this one are on their way (why Next is off). */
  nextLoading?: boolean;
  onBack: () => void;
  /** Where Back goes, in words ("← Back to the journey"). */
  backLabel?: string;
  onCategory: (name: string) => void;
  /** Opens the brand's page in the plugin. */
  onBrand: (slug: string) => void;
  onOpenSettings: () => void;
  /** Hears when the email counts a 429's wait down itself (true) and when it stops (false). */
  onWaiting?: (waiting: boolean) => void;
  /** Goes with the email's own retry at the end of its wait (what waited for the same wait). */
  onWaitOver?: () => void;
  /** The library has no such email (now): the results it was opened from let it go. */
  onGone?: (id: number) => void;
}

export function EmailDetailView({ client, freshClient, libraryUrl, emailId, position, onPrevious, onNext, nextLoading = false, onBack, backLabel = '← Back to results', onCategory, onBrand, onOpenSettings, onWaiting, onWaitOver, onGone }: EmailDetailProps) {
  const [state, setState] = useState<{ response: GetEmailResponse | null; problem: LibraryProblem | null }>({ response: null, problem: null });
  // Found gone (its detail's 404, or the fresh read after its screenshot failed): told as it is said,
  // in the same render, so a Back pressed at once already finds the results without it.
  const told = useLatest(onGone);
  const showProblem = useCallback(
    (id: number, problem: LibraryProblem) => {
      setState({ response: null, problem });
      if (problem.kind === 'not_found') told.current?.(id);
    },
    [told],
  );
  const { shown: problem, attempt, retry } = useRetryOnce(state.problem);
  // Shown while the email is open (a hidden Browse hides the held notice too).
  const waiting = problem?.kind === 'busy';
  useOwnCountdown(waiting);
  useEffect(() => {
    if (!waiting) return undefined;
    onWaiting?.(true);
    return () => onWaiting?.(false);
  }, [waiting, onWaiting]);
  // Screenshot or HTML, and its width, stay as chosen while stepping through the results.
  const [view, setView] = useState<PreviewView>(FIRST_VIEW);
  const heading = useRef<HTMLHeadingElement>(null);
  const article = useRef<HTMLElement>(null);
  const shownOnce = useRef(false);
  // The email whose screenshot failed (asked again, fresh, below).
  const [shotFailed, setShotFailed] = useState<number | null>(null);
  // Where the keyboard was as this email was asked for, until it moves in the email: read as the
  // press is drawn (the Previous or Next pressed, the card); an effect, after the paint, could see it moved on.
  const asked = useRef<{ id?: number; from?: Element | null }>({});
  if (asked.current.id !== emailId) asked.current = { id: emailId, from: document.activeElement };

  useEffect(() => {
    let current = true;
    // Stepped past (or closed): the request stops holding one of the library's slots.
    const steppedPast = new AbortController();
    setState({ response: null, problem: null });
    setShotFailed(null);
    // Stepping through results, only the email stopped on is asked for: quick presses of
    // Next (or a held arrow) would otherwise spend the rate limit on emails passed over.
    const timer = setTimeout(
      () =>
        client.getEmailAsync(emailId, steppedPast.signal).then(
          (response) => current && setState({ response, problem: null }),
          (error: unknown) => current && showProblem(emailId, emailProblem(error)),
        ),
      shownOnce.current ? STEP_PAUSE_MS : 0,
    );
    shownOnce.current = true;
    return () => {
      current = false;
      clearTimeout(timer);
      steppedPast.abort();
    };
  }, [client, emailId, attempt, showProblem]);

  // Its screenshot failed (a 404 when the email is gone): the detail may be the cache's, from before
  // the library removed the email, so the library is asked again, fresh. Gone: said as a 404 of the
  // detail is; still there (or no answer): the screenshot's own words stay.
  useEffect(() => {
    if (shotFailed !== emailId || !freshClient) return undefined;
    let current = true;
    const steppedPast = new AbortController();
    freshClient.getEmailAsync(emailId, steppedPast.signal).then(
      () => undefined,
      (error: unknown) => {
        const gone = goneAfterScreenshot(error);
        if (current && gone) showProblem(emailId, gone);
      },
    );
    return () => {
      current = false;
      steppedPast.abort();
    };
  }, [freshClient, emailId, shotFailed, showProblem]);

  // The email come: the keyboard goes on from its heading, if still where it was left (not if the
  // person went on meanwhile: to Back, a category, the next results' Try again).
  useEffect(() => {
    if (state.response && (focusFell() || document.activeElement === asked.current.from)) heading.current?.focus();
  }, [state.response]);
  // The card opened, or the Try again pressed, went: the notice's way on (Try again, Open Settings)
  // takes the focus (ProblemNotice); a notice without one (the email removed) leaves it to Back,
  // not on the page. Previous and Next keep it.
  useEffect(() => {
    if (!problem || !focusFell()) return;
    article.current?.querySelector<HTMLButtonElement>('.email-detail-nav button')?.focus();
  }, [problem]);

  const email = state.response?.data;
  const attribution = state.response?.meta.attribution;
  const canvas = useCanvasInsert();
  const item = email
    ? { emailId: email.id, brandSlug: email.brand.slug, brandName: email.brand.name, subject: subjectOf(email), url: email.service_url, capturedDate: email.captured_date, previewUrl: email.preview_url }
    : null;
  return (
    <article class="email-detail" aria-labelledby="email-detail-title" ref={article} onFocusIn={() => (asked.current.from = null)}>
      <nav class="email-detail-nav" aria-label="Results">
        <Button variant="link" onClick={onBack}>
          {backLabel}
        </Button>
        {/* One group: in a narrow window it wraps as a whole, never Next alone. */}
        <span class="email-detail-position">
          {positionText(position)}
          <Button onClick={() => onPrevious?.()} disabled={!onPrevious}>
            Previous
          </Button>
          <Button onClick={() => onNext?.()} disabled={!onNext}>
            Next
          </Button>
        </span>
      </nav>
      {/* Plain words, not a live region: Next goes on once they are gone, without a word each page. */}
      {nextLoading && !onNext ? <p class="muted">Loading the next results…</p> : null}
      {/* Always there, for a screen reader's headings: while the email loads or failed, in words. */}
      <h2 id="email-detail-title" tabIndex={-1} ref={heading} class="email-detail-title">
        {email ? subjectOf(email) : 'Email'}
      </h2>
      {problem ? <ProblemNotice problem={problem} onRetry={() => {
            retry();
            onWaitOver?.();
          }} onOpenSettings={onOpenSettings} /> : null}
      <LiveStatus busy>{!email && !problem ? 'Loading the email…' : null}</LiveStatus>
      {email ? (
        <>
          {/* In a row, as the other primary buttons are: alone in the column it stretched to the window's width. */}
          {canvas && item ? (
            <div class="button-row">
              <Button variant="primary" onClick={() => canvas.insert([item])} busy={canvas.busy} held={canvas.held}>
                Insert on canvas
              </Button>
            </div>
          ) : null}
          <dl class="email-facts">
            <dt>From</dt>
            <dd>{email.from_email}</dd>
            <dt>Brand</dt>
            <dd>
              <Button variant="link" onClick={() => onBrand(email.brand.slug)} ariaLabel={`${email.brand.name}: the brand’s page`}>
                {email.brand.name}
              </Button>
            </dd>
            <dt>Sent</dt>
            <dd>{shortDate(email.sent_date)}</dd>
            <dt>Captured</dt>
            <dd>{shortDate(email.captured_date)}</dd>
            {email.categories.length > 0 ? (
              <>
                <dt>Categories</dt>
                <dd class="chips">
                  {email.categories.map((category) => (
                    <button key={category.slug} type="button" class="chip" onClick={() => onCategory(category.name)} aria-label={`Show ${category.name} emails`}>
                      {category.name}
                    </button>
                  ))}
                </dd>
              </>
            ) : null}
            {email.journey_stages.length > 0 ? (
              <>
                <dt>Journey stages</dt>
                <dd>{email.journey_stages.map((stage) => stage.stage).join(', ')}</dd>
              </>
            ) : null}
          </dl>
          <p class="email-attribution" data-testid="email-attribution">
            {/* "Via", not "From": the sender is the From above; the service only shows the email. */}
            This email belongs to {email.brand.name}, its sender. Via{' '}
            <ExternalLink href={attribution?.url}>{attribution?.source}</ExternalLink>
            {' · '}
            <ExternalLink href={email.service_url}>Its page in the library</ExternalLink>
          </p>
          <EmailPreview email={email} libraryUrl={libraryUrl} view={view} onView={setView} onOpenSettings={onOpenSettings} onScreenshotFailed={() => setShotFailed(email.id)} />
        </>
      ) : null}
    </article>
  );
}
