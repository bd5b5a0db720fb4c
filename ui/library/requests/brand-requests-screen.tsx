// Brand requests: ask the library to start collecting a brand's emails, and follow my requests.
import { useContext, useEffect, useLayoutEffect, useRef, useState, type MutableRef } from 'preact/hooks';
import { describeBrandRequestStatus, STATUS_STALENESS_MINUTES } from '../../../src/shared/api/library/brand-request-status';
import type { LibraryClient } from '../../../src/shared/api/library/client';
import type { ListedBrandRequest } from '../../../src/shared/api/library/schemas';
import { LIBRARY_LIMITS } from '../../../src/shared/api/library/requests';
import { CategorySelect } from '../category-select';
import { Button } from '../../components/button';
import { LiveStatus } from '../../components/live-status';
import { TextField } from '../../components/text-field';
import { ProblemNotice, useRetryFocus } from '../problem-notice';
import { usePagedList } from '../use-paged-list';
import {
  brandRequestFailure,
  brandRequestOutcome,
  brandRequestProblems,
  dayUsedText,
  EMPTY_BRAND_REQUEST,
  notesCountText,
  formAfterSent,
  requestedText,
  requestsTodayText,
  type BrandRequestField,
  type BrandRequestForm,
  type BrandRequestOutcome,
} from './brand-request-outcome';
import { SubmitForm } from '../../components/submit-form';
import { ExternalLink } from '../../components/external-link';
import { useKeptState } from '../kept-state';
import { useOwnCountdown } from '../held-notice';
import { useStillBefore } from '../../hooks/use-still-before';
import { KeyRefusalContext } from '../refused-key';
import { NeedsKey } from '../needs-key';

export interface BrandRequestsScreenProps {
  client: LibraryClient;
  hidden: boolean;
  onBrand: (slug: string) => void;
  onOpenSettings: () => void;
  /** A new number for each connection (a library key or address saved): what the library said to the one before is not shown. */
  epoch: number;
  /** Where Browse reaches this screen: the keyboard's place after a brand was asked for is decided here, beside the fields. */
  handle?: MutableRef<BrandRequestsHandle | null>;
}

export interface BrandRequestsHandle {
  /** Brands could not find `name` (blank: no search) and asked for it: the keyboard goes to the next field to fill, or without a key to the way to add one. */
  focusAfterAsk(name: string): void;
}

const MOST_LISTED = LIBRARY_LIMITS.brandRequestListLimit.max;

export function BrandRequestsScreen({ client, hidden, onBrand, onOpenSettings, epoch, handle }: BrandRequestsScreenProps) {
  // A half-filled request, and what the library said to the last one, survive a look at another
  // section; what it said, not a change of key (it was said to the old one).
  const [form, setForm] = useKeptState<BrandRequestForm>('brand request', EMPTY_BRAND_REQUEST);
  const [outcome, setOutcome] = useKeptState<BrandRequestOutcome | null>(`brand request outcome ${epoch}`, null);
  // Refused until a given time (the day's 50 used, a long 429): Send waits for it, the form kept.
  const held = useStillBefore(outcome?.sendAt ?? null);
  const keyRefusal = useContext(KeyRefusalContext);
  const [problems, setProblems] = useState<Partial<Record<BrandRequestField, string>>>({});
  // Kept too: a request still on its way when the section was left holds Send on its return (a
  // second Send came back as "already asked for"), and its answer reads My requests again there.
  const [sending, setSending] = useKeptState('brand request sending', false);
  const [listVersion, setListVersion] = useKeptState('brand requests read', 0);
  // The day's limit over (midnight UTC came): My requests read again, with the new day's count
  // ("50 of today's 50 used" stayed beside "You can send your request now").
  const newDay = outcome?.today !== undefined && outcome.sendAt !== undefined && !held;
  useEffect(() => {
    if (newDay) setListVersion((n) => n + 1);
  }, [newDay, setListVersion]);
  // A form sent with problems takes the keyboard to the first one, once it is marked (its words are read with it).
  // Sending sets `fixFirst` with new problems (a new object each time, the same ones found again too):
  // the render that marks them is the one to follow, not every render.
  const fixFirst = useRef<BrandRequestField | null>(null);
  useLayoutEffect(() => {
    if (fixFirst.current === null) return;
    document.getElementById(`request-${fixFirst.current}`)?.focus();
    fixFirst.current = null;
  }, [problems]);
  const mine = usePagedList(`requests ${listVersion}`, async (_page, signal) => {
    // The most one answer gives (100 unless asked); there is no page after it.
    const response = await client.listBrandRequestsAsync({ limit: MOST_LISTED }, signal);
    return { items: response.data.map((request, index) => ({ ...request, id: `${request.domain} ${index}` })), perPage: Infinity, meta: response.meta };
  });

  useOwnCountdown(!hidden && mine.problem?.kind === 'busy');

  const brandField = useRef<HTMLInputElement>(null);
  const websiteField = useRef<HTMLInputElement>(null);
  const needKey = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!handle) return undefined;
    const own: BrandRequestsHandle = {
      focusAfterAsk: (name) => (client.hasKey ? (name.trim() ? websiteField : brandField).current : needKey.current?.querySelector('button'))?.focus(),
    };
    handle.current = own;
    return () => {
      if (handle.current === own) handle.current = null;
    };
  }, [handle, client]);

  // A Try again that worked: its rows hold nothing to press (a link at most), so the list's heading.
  const listHeading = useRef<HTMLHeadingElement>(null);
  const retryFocused = useRetryFocus(mine.loading, mine.problem !== null, 0, () => listHeading.current?.focus());

  if (!client.hasKey) {
    return (
      <section class="library-brands" hidden={hidden} aria-label="Brand requests">
        <NeedsKey needs="Asking for a brand needs" refused={keyRefusal.refused} onOpenSettings={onOpenSettings} testIds={{ refused: 'requests-key-refused', missing: 'requests-need-key' }} boxRef={needKey} />
      </section>
    );
  }

  const set = (field: keyof BrandRequestForm) => (value: string) => {
    const next = { ...form, [field]: value };
    setForm(next);
    // A problem said is checked again as the field is fixed: gone once right, never words gone false
    // ("Enter the brand’s name." beside a name, "these are 510" at 480).
    if (field in problems) setProblems({ ...problems, [field]: brandRequestProblems(next)[field as BrandRequestField] });
  };
  const submit = () => {
    const found = brandRequestProblems(form);
    setProblems(found);
    // Found in the form's order.
    fixFirst.current = (Object.keys(found)[0] as BrandRequestField | undefined) ?? null;
    if (fixFirst.current !== null || sending) return;
    setSending(true);
    setOutcome(null);
    const sent = form;
    void client
      .createBrandRequestAsync({ brand: form.brand, website: form.website, category: form.category || undefined, signupUrl: form.signupUrl, notes: form.notes })
      .then(
        (result) => brandRequestOutcome(result, Date.now()),
        (error: unknown) => brandRequestFailure(error, Date.now()),
      )
      .then((next) => {
        setSending(false);
        setOutcome(next);
        // The key refused: Browse hears of it (Settings says so by the key field).
        if (next.settings) keyRefusal.noteRefused();
        if (!next.keepForm) setForm((current) => formAfterSent(current, sent));
        // Only a request the library took changes the list. One refused or lost (a wait, the
        // library down, the connection dropped) left it as it was, and reading it now would
        // mostly fail the same way, said a second time under My requests (sent again, a lost
        // one that did arrive comes back as already asked for, and the list is read then).
        // The day's limit reached is the exception: the list reads fine, with today's true count.
        if (!next.keepForm || next.today) setListVersion((n) => n + 1);
      });
  };

  // Too long is marked as typed (red, and so invalid to a screen reader too), not only once sent.
  const overNotes = brandRequestProblems(form).notes !== undefined;
  // Read with the list; while it reloads after a request, or cannot be read, as the request's answer gave it.
  const today: Record<string, unknown> | undefined = mine.meta ?? outcome?.today;
  // The day's requests all used (here or elsewhere), said before a form is filled in only to be
  // refused; Send stays: a brand already in the library, or asked for before, is not counted.
  // Not beside the refusal itself (it says so, and holds Send), nor once its wait is over.
  const dayUsed = today !== undefined && !held && !newDay ? dayUsedText(Number(today['requests_today']), Number(today['daily_limit'])) : null;

  return (
    <section class="library-brands" hidden={hidden} aria-label="Brand requests">
      <SubmitForm class="brand-request-form" labelledBy="brand-request-title" onSubmit={submit}>
        <h2 id="brand-request-title" class="email-detail-title">
          Ask for a brand
        </h2>
        <TextField id="request-brand" label="Brand" value={form.brand} onValue={set('brand')} error={problems.brand} inputRef={brandField} />
        <TextField id="request-website" label="Website" value={form.website} onValue={set('website')} error={problems.website} placeholder="brand.com" inputRef={websiteField} />
        <CategorySelect id="request-category" value={form.category} anyLabel="Let the service choose" onValue={set('category')} />
        <TextField id="request-signupUrl" label="Signup page (optional)" value={form.signupUrl} onValue={set('signupUrl')} error={problems.signupUrl} type="url" />
        <div class="field">
          <label class="field-label" for="request-notes">
            Notes (optional)
          </label>
          <textarea
            id="request-notes"
            class="field-input"
            rows={3}
            value={form.notes}
            aria-describedby="request-notes-count"
            aria-invalid={overNotes || undefined}
            onInput={(event) => set('notes')(event.currentTarget.value)}
          />
          <p id="request-notes-count" class={overNotes ? 'field-error' : 'field-hint'}>
            {problems.notes ?? notesCountText(form.notes)}
          </p>
        </div>
        {dayUsed ? (
          <p class="field-hint" id="request-day-used" data-testid="request-day-used">
            {dayUsed}
          </p>
        ) : null}
        <div>
          <Button variant="primary" type="submit" busy={sending} held={held} describedBy={held ? 'request-outcome-text' : dayUsed ? 'request-day-used' : undefined}>
            Send request
          </Button>
        </div>
        <div aria-live="polite" data-testid="request-outcome">
          {outcome ? (
            <p class={`notice notice-${outcome.tone}`} id="request-outcome-text">
              {outcome.text}{' '}
              {outcome.brandSlug ? (
                <Button variant="link" onClick={() => onBrand(outcome.brandSlug!)}>
                  Open its page
                </Button>
              ) : null}
              {outcome.settings ? (
                <Button variant="link" onClick={onOpenSettings}>
                  Open Settings
                </Button>
              ) : null}
            </p>
          ) : null}
          {/* The wait over: added to the live region, so said once (the focus stays where it is). */}
          {outcome?.sendAt !== undefined && !held ? <p class="muted">You can send your request now.</p> : null}
        </div>
      </SubmitForm>
      <h3 tabIndex={-1} ref={listHeading}>
        My requests
      </h3>
      <p class="field-hint" data-testid="requests-today">
        {today ? `${requestsTodayText(Number(today['requests_today']), Number(today['daily_limit']))} ` : ''}
        Statuses refresh every {STATUS_STALENESS_MINUTES} minutes, so a change can take that long to show here.
        {mine.items.length >= MOST_LISTED ? ` Your newest ${MOST_LISTED} requests are listed.` : ''}
      </p>
      {mine.problem ? <ProblemNotice problem={mine.problem} onRetry={retryFocused(mine.retry)} onOpenSettings={onOpenSettings} needsKey /> : null}
      <LiveStatus busy>{mine.loading ? 'Loading your requests…' : null}</LiveStatus>
      {!mine.loading && !mine.problem && mine.items.length === 0 ? (
        <p class="empty-state">You have not asked for a brand yet: the ones you ask for show here, with how far they have got.</p>
      ) : null}
      {mine.items.length === 0 ? null : <ul class="brand-list" aria-label="My requests">
        {mine.items.map((request: ListedBrandRequest & { id: string }) => (
          <li key={request.id} class="brand-row">
            {/* Paragraphs, not spans: a screen reader ran the date into the status ("Requested 30 Nov Queued."). */}
            <p class="brand-row-name">
              {request.brand}{' '}
              <span class="brand-row-count">
                {/* The date whole: after a long website it broke between day and month ("Requested 4 / Dec"). */}
                {request.domain} · <span class="keep-together">{requestedText(request.requested_at, Date.now())}</span>
              </span>
            </p>
            <p class="brand-row-description">
              {describeBrandRequestStatus(request.status, Date.now())}{' '}
              {request.library_url ? (
                <ExternalLink href={request.library_url}>Its page in the library</ExternalLink>
              ) : null}
            </p>
          </li>
        ))}
      </ul>}
    </section>
  );
}
