// Browse: the library's emails. Connects with the key the sandbox hands over, then shows the
// search (kept in the page, with its place, while an email is open) or one email's detail.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { UiEndpoint } from '../bridge/ui-endpoint';
import { CanvasInsertProvider, useCanvasInsert } from '../canvas/canvas-insert';
import { Button } from '../components/button';
import { ErrorNotice } from '../components/notice';
import { LiveStatus } from '../components/live-status';
import { errorText } from '../messages/error-text';
import { BrandPage } from './brands/brand-page';
import { BrandsScreen } from './brands/brands-screen';
import { EmailDetailView } from './email/email-detail';
import { JourneysScreen } from './journeys/journeys-screen';
import { MeScreen } from './me/me-screen';
import { ReferencesScreen } from './references/references-screen';
import { BrandRequestsScreen, type BrandRequestsHandle } from './requests/brand-requests-screen';
import { EMPTY_BRAND_REQUEST, type BrandRequestForm } from './requests/brand-request-outcome';
import { keepState } from './kept-state';
import type { Attribution } from './cached-library-client';
import { connectLibraryAsync, MISSING_ADDRESS, type LibraryConnection } from './library-connection';
import { isStandInAddress } from '../../src/shared/config/stand-in-address';
import type { GridPlace } from './search/email-grid';
import { SearchScreen } from './search/search-screen';
import { categorySearch } from './search/search-query';
import { useEmailSearch } from './search/use-email-search';
import type { OpenedList } from './use-paged-list';
import { placeAfterRemoval, steppedIndex, withoutEmail } from './removed-email';
import { RemovedEmails } from './removed-emails-context';
import { rowAfterRemoval } from './row-after-removal';
import { ExternalLink } from '../components/external-link';
import { HeldNotice, OwnCountdowns, useOwnCountdown } from './held-notice';
import { focusFell, ProblemNotice, useKeyboardWhereFocusFell, useRetryFocus } from './problem-notice';
import { requestSettingsFocus } from '../settings/settings-focus';
import { useLatest } from '../hooks/use-latest';
import { useWhenDrawn } from '../hooks/use-when-drawn';
import { KeyRefusalContext, refusalOfConnection, savedSinceRefusal, type KeyRefusal, type RefusedKey } from './refused-key';

export interface LibraryScreenProps {
  endpoint: Pick<UiEndpoint, 'request' | 'emit'>;
  onOpenSettings: () => void;
  /** The section shown first (the reference check's menu command opens References). */
  initialSection?: Section;
  /** An email to show first (a reference's "Open email" relaunch button); Back goes to the search. */
  initialEmailId?: number | null;
  /** Another screen shows: everything stays as it was, and the keys are left alone. */
  hidden?: boolean;
  /** A new number when the library's address or key was saved: Browse reconnects with the new one. */
  epoch?: number;
  /** The library refused the saved key (null: not, or no longer): Settings says so by the key field. */
  onKeyRefused?: (refused: RefusedKey | null) => void;
}

export function LibraryScreen({ endpoint, onOpenSettings: openSettings, initialSection = 'emails', initialEmailId = null, hidden = false, epoch = 0, onKeyRefused }: LibraryScreenProps) {
  // "Open Settings" here opens on the library's key; a missing address's opens on the address (ProblemNotice).
  const onOpenSettings = useCallback(() => {
    requestSettingsFocus('library');
    openSettings();
  }, [openSettings]);
  // `generation`: which connection (a new one for each key or address saved).
  const [connection, setConnection] = useState<(LibraryConnection & { generation: number }) | { failed: string } | null>(null);
  const [attribution, setAttribution] = useState<Attribution | null>(null);
  const [heldUntil, setHeldUntil] = useState(0);
  // Sections' notices counting the library's wait down: the held notice stays quiet meanwhile.
  const [ownCountdowns, setOwnCountdowns] = useState(0);
  const countOwnCountdown = useCallback((change: number) => setOwnCountdowns((count) => count + change), []);
  const latest = useRef(0);
  // The library refused the saved key and the designer chose to go on without it: anonymous for
  // this epoch, until a key or address is saved (a new epoch).
  const [withoutKeyIn, setWithoutKeyIn] = useState<number | null>(null);
  const withoutKey = withoutKeyIn === epoch;
  const connect = useCallback(() => {
    const mine = ++latest.current;
    // A reconnect keeps Browse (the search, its filters, an open email, a half-filled request) until the new client is ready.
    setConnection((current) => (current !== null && 'client' in current ? current : null));
    // The same for every answer: stored once, not on each.
    connectLibraryAsync(
      endpoint,
      (heard) => setAttribution((known) => (known?.source === heard.source && known.url === heard.url ? known : heard)),
      // A replaced connection's requests say nothing about this one's.
      (seconds) => mine === latest.current && setHeldUntil(seconds === 0 ? 0 : Date.now() + seconds * 1000),
      withoutKey,
    ).then(
      (next) => {
        if (mine !== latest.current) return;
        setConnection({ ...next, generation: mine });
      },
      (error: unknown) => mine === latest.current && setConnection({ failed: `The library settings could not be read: ${errorText(error)}` }),
    );
  }, [endpoint, withoutKey]);
  useEffect(connect, [connect, epoch]);
  const keyed = connection !== null && 'client' in connection ? connection : null;
  // The key the library refused, heard anywhere in Browse: it describes this epoch's connection
  // (sending that key, or going on without it), and ends with another key or address saved.
  const [heardRefusal, setHeardRefusal] = useState<(RefusedKey & { epoch: number }) | null>(null);
  const refused = refusalOfConnection(heardRefusal, epoch, keyed, withoutKey);
  const refusedBaseUrl = refused?.baseUrl;
  const refusedKey = refused?.key;
  const isRefused = refused !== null;
  // A key or address saved since: words about the refusal say what Browse sends now.
  const savedSince = savedSinceRefusal(heardRefusal, epoch, keyed);
  useEffect(() => {
    onKeyRefused?.(refusedBaseUrl === undefined || refusedKey === undefined ? null : { baseUrl: refusedBaseUrl, key: refusedKey });
  }, [onKeyRefused, refusedBaseUrl, refusedKey]);
  const keyRefusal = useMemo<KeyRefusal>(() => {
    const sent = keyed?.key ? { baseUrl: keyed.baseUrl, key: keyed.key } : null;
    return {
      refused: isRefused,
      noteRefused: () => {
        if (sent) setHeardRefusal((known) => (known?.epoch === epoch && known.baseUrl === sent.baseUrl && known.key === sent.key ? known : { ...sent, epoch }));
      },
      browseWithoutKey: sent
        ? () => {
            // The notice goes as Browse reconnects: the keyboard waits on the section shown.
            document.querySelector<HTMLElement>('.library-sections [aria-current="page"]')?.focus();
            setWithoutKeyIn(epoch);
          }
        : null,
      withoutKey,
      savedSince,
    };
  }, [keyed, epoch, isRefused, withoutKey, savedSince]);

  const noAddress = connection !== null && 'client' in connection && isStandInAddress('library', connection.baseUrl);
  if (hidden && (connection === null || 'failed' in connection || noAddress)) return null;
  if (connection === null) {
    return (
      <LiveStatus busy>Opening the library…</LiveStatus>
    );
  }
  if ('failed' in connection) return <ConnectionFailed message={connection.failed} onRetry={connect} />;
  // Nothing to browse, nor any request worth sending, until the address is entered (Settings opens on it).
  if (noAddress) {
    return (
      <ProblemNotice problem={MISSING_ADDRESS} onRetry={connect} onOpenSettings={onOpenSettings} />
    );
  }
  return (
    // Around the canvas insert too: its summary says a refused key as the notices do.
    <KeyRefusalContext.Provider value={keyRefusal}>
      <CanvasInsertProvider endpoint={endpoint} client={connection.client} freshClient={connection.freshClient} attribution={attribution} hidden={hidden} onOpenSettings={onOpenSettings}>
        <OwnCountdowns.Provider value={countOwnCountdown}>
          <LibraryBrowser endpoint={endpoint} connection={connection} onOpenSettings={onOpenSettings} initialSection={initialSection} initialEmailId={initialEmailId} hidden={hidden} epoch={connection.generation} attribution={attribution} heldUntil={ownCountdowns > 0 ? 0 : heldUntil} />
        </OwnCountdowns.Provider>
      </CanvasInsertProvider>
    </KeyRefusalContext.Provider>
  );
}

/**
 * The key and address could not be read from the plugin. Its Try again goes while it asks, so one
 * pressed that fails again finds the focus on the page: it takes the keyboard back, as the other
 * library notices' actions do (never the alert: its words would be read twice).
 */
function ConnectionFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const notice = useRef<HTMLDivElement>(null);
  useKeyboardWhereFocusFell(notice, message);
  return (
    <div class="library-problem" ref={notice}>
      <ErrorNotice message={message} />
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}

export type Section = 'emails' | 'brands' | 'journeys' | 'me' | 'requests' | 'references';

const SECTION_LABELS: Record<Section, string> = { emails: 'Emails', brands: 'Brands', journeys: 'Journeys', me: 'Me', requests: 'Requests', references: 'References' };

/** An email's back button, by where it was opened (emails open from a brand's page, a journey, Me; the search and the canvas go back to the results). */
const EMAIL_BACK_LABELS: Partial<Record<Section, string>> = { brands: '← Back to the brand', journeys: '← Back to the journey', me: '← Back to Me' };

/** None found removed yet (one set, so the lists' memos keep their rows). */
const NONE_REMOVED: ReadonlySet<number> = new Set();

/** An open email: which list it came from (for previous/next) and where in it. */
interface OpenEmail {
  /** `canvas`: opened from a reference on the canvas, on its own (no previous or next). */
  from: Section | 'canvas';
  list: ReadonlyArray<{ id: number }>;
  index: number;
  /** A list read a page at a time (a brand's emails, likes, a collection), as it is now: `list` is its rows. */
  paged?: OpenedList<{ id: number }>;
  /** From the search: the search it was opened from (a later one keeps it on `list`, the results it was opened from). */
  generation?: number;
  /** The open email, found removed from the library: it left the list (the next one now sits at `index`). */
  gone?: number;
}

/** Where a brand's page was opened from, the row that opened the one before, and what that one was opened from. */
interface BrandFrom {
  open: OpenEmail | null;
  section: Section;
  brand: string | null;
  opener: Element | null;
  from: BrandFrom | null;
}

interface LibraryBrowserProps {
  endpoint: Pick<UiEndpoint, 'request'>;
  connection: LibraryConnection;
  onOpenSettings: () => void;
  initialSection: Section;
  initialEmailId: number | null;
  hidden: boolean;
  /**
   * Sections other than the search start again with each new connection (their lists came from
   * the old key). Not with the key saved: the old connection stays until the new one is ready.
   */
  epoch: number;
  attribution: Attribution | null;
  /** When requests held back for the rate allowance go (0: none held). */
  heldUntil: number;
}

function LibraryBrowser({ endpoint, connection, onOpenSettings, initialSection, initialEmailId, hidden, epoch, attribution, heldUntil }: LibraryBrowserProps) {
  const { client, baseUrl } = connection;
  const search = useEmailSearch(client);
  // `query`: the search form the place was in (use-email-search.ts); the same one read again through a new connection keeps it.
  const [savedPlace, setSavedPlace] = useState<GridPlace & { query: number }>({ query: 0, scrollTop: 0, focused: 0 });
  const [section, setSection] = useState<Section>(initialSection);
  // The menu command's check runs once, not again each time References is opened.
  const [autoCheck, setAutoCheck] = useState(initialSection === 'references');
  const [brand, setBrand] = useState<string | null>(null);
  // The list of brands loads when asked for: a brand opened from an email does not fetch the top brands too.
  const [brandsList, setBrandsList] = useState(false);
  const [open, setOpen] = useState<OpenEmail | null>(initialEmailId === null ? null : { from: 'canvas', list: [{ id: initialEmailId }], index: 0 });
  // A brand's page opened from an email, Me or Requests: back (and Escape) goes there, where the designer was.
  const [brandFrom, setBrandFrom] = useState<BrandFrom | null>(null);
  // A section a brand's page goes back to, at last: it stays as it was meanwhile.
  const backTo = (target: Section) => {
    for (let from = brandFrom; from; from = from.from) if (from.section === target) return true;
    return false;
  };
  // The row a brand was opened from: it takes the focus back.
  const brandOpener = useRef<Element | null>(null);
  // Focus moves a change of screen asks for, given as the screen is drawn.
  const whenDrawn = useWhenDrawn();
  const [focusRequest, setFocusRequest] = useState(0);
  const searchField = useRef<HTMLInputElement>(null);
  // The row an email was opened from (a brand's emails, a journey, Me): it takes the focus back.
  const opener = useRef<Element | null>(null);
  // The screen that row is in: the row itself goes if its email is found removed.
  const openerScreen = useRef<Element | null>(null);
  // The open email found removed: what takes the keyboard back in the list it leaves (rowAfterRemoval).
  const afterGone = useRef<HTMLElement | null>(null);
  const openFrom = (from: Section) => (emailList: readonly { id: number }[], index: number, paged?: OpenedList<{ id: number }>) => {
    opener.current = document.activeElement;
    openerScreen.current = opener.current?.closest('.library > *') ?? null;
    setOpen({ from, list: emailList, index, paged });
  };
  // The list an open email came from grew (its next page came): Previous, Next and the count follow it.
  const listFrom = (from: Section) => (paged: OpenedList<{ id: number }>) => setOpen((current) => (current?.from === from ? { ...current, list: paged.items, paged } : current));
  // Emails found removed from the library while Browse was open: every list of emails lets them go
  // (given to them as RemovedEmails), and Previous and Next pass over any still in the list stepped through.
  // Only for this connection (epoch): another key or address reads its lists afresh, through a cache
  // of its own, and another address is another library (its ids other emails).
  const [removedIn, setRemovedIn] = useState<{ epoch: number; ids: ReadonlySet<number> }>({ epoch, ids: NONE_REMOVED });
  const removed = removedIn.epoch === epoch ? removedIn.ids : NONE_REMOVED;
  const { emails, generation, query } = search;
  // A new search starts at its top. The same search read again (a key saved, Browse going on
  // without it) is where the designer left it: it came back at the top, on its first card.
  const place = savedPlace.query === query ? savedPlace : { query, scrollTop: 0, focused: 0 };
  const setPlace = (next: GridPlace | ((current: GridPlace) => GridPlace)) =>
    setSavedPlace((current) => ({ ...(typeof next === 'function' ? next(current.query === query ? current : { scrollTop: 0, focused: 0 }) : next), query }));

  // Search results keep growing while an email is open: previous/next follow the live list. A search
  // applied after the email opened (typed just before the click) does not swap it for its result at the same place.
  const followsSearch = (current: OpenEmail) => current.from === 'emails' && current.generation === generation;
  const fromSearch = open !== null && followsSearch(open);
  const list = open === null ? [] : fromSearch ? emails : open.list;
  const back = () => {
    // From the canvas too: its Back goes to the results, which take the keyboard.
    if (open?.from === 'emails' || open?.from === 'canvas') {
      // A removed email left the results: the card that took its place (the one before, at the end).
      if (fromSearch) setPlace((current) => ({ ...current, focused: placeAfterRemoval(open.index, emails.length) }));
      setFocusRequest((n) => n + 1);
      // No card left to take it (the removed email was the only one): the search field, over the empty state saying why.
      if (emails.length === 0) whenDrawn(() => focusFell() && searchField.current?.focus());
    } else {
      const row = opener.current;
      const screen = openerScreen.current;
      // The email shown found removed: its row left the list, and the one that took its place (the one before, at the end) takes the keyboard.
      const id = open && list[open.gone === undefined ? open.index : placeAfterRemoval(open.index, list.length)]?.id;
      const after = open?.gone !== undefined ? afterGone.current : null;
      // Once the list shows again (it was hidden under the email): the row of the email last
      // shown (stepped to with Next), in the same list, else the one opened (while it is still there).
      // No row left at all (it was the only one): the list's heading, over its empty state saying why.
      if (row instanceof HTMLElement)
        whenDrawn(() => ((after?.isConnected ? after : null) ?? screen?.querySelector<HTMLElement>(`[data-email-id="${id}"]`) ?? (row.isConnected ? row : null) ?? screen?.querySelector<HTMLElement>('[data-list-heading]'))?.focus());
    }
    setOpen(null);
  };
  // Near the last result loaded (of the search, a brand's emails, likes, a collection), the next
  // page is asked for, so Next goes on past it.
  const nearLastResult = open !== null && open.index >= list.length - 2;
  const { done: searchDone, loadMore, problem: searchProblem } = search;
  const paged = open?.paged;
  // Not while a page is on its way or failed.
  const moreResults = fromSearch ? (searchDone ? null : loadMore) : paged && !paged.done && !paged.loading && !paged.problem ? paged.more : null;
  useEffect(() => {
    if (nearLastResult && moreResults) moreResults();
  }, [nearLastResult, moreResults]);
  // At the last result loaded (of the search or a paged list), the next page that failed is why
  // Next stops: said there, with its Try again. Made once per problem: the notice's countdown starts with it.
  const listProblem = fromSearch ? searchProblem : (paged?.problem ?? null);
  const retryList = fromSearch ? search.retry : paged?.retry;
  // A Try again that worked: the keyboard goes on at Next, to the first result it brought (the
  // email's heading when none came), not from the top of the page (the notice went while it asked).
  const retryListFocused = useRetryFocus(fromSearch ? search.loading : paged?.loading === true, listProblem !== null, list.length, () => {
    const onward = document.querySelector<HTMLButtonElement>('.email-detail-position button:last-child');
    (onward && !onward.disabled ? onward : document.getElementById('email-detail-title'))?.focus();
  });
  const nextPageProblem = useMemo(() => listProblem && { ...listProblem, message: `The results after this email could not be loaded. ${listProblem.message}` }, [listProblem]);
  // The email open counting the same wait down itself: its notice is the one, and the next page goes again with it.
  const [emailWaits, setEmailWaits] = useState(false);
  const atNextPage = open !== null && open.index === list.length - 1 && nextPageProblem && retryList ? nextPageProblem : null;
  const nextPageWaitsWithEmail = emailWaits && atNextPage?.kind === 'busy';
  const nextPageNotice = nextPageWaitsWithEmail ? null : atNextPage;
  // At the last result loaded, the next page still on its way: why Next is off, said beside it.
  const nextPageLoading = open !== null && open.index === list.length - 1 && (fromSearch ? search.loading && !searchDone : paged?.loading === true);
  useOwnCountdown(!hidden && nextPageNotice?.kind === 'busy');
  // From the email open when the press is handled, not when the window last drew: presses faster
  // than the drawing (a key held down) each count.
  // A removed email (gone) left the list: Next goes to the one now in its place.
  const step = (by: 1 | -1) =>
    open !== null && steppedIndex(list, open.index, by, open.gone !== undefined, removed) !== null
      ? () =>
          setOpen((current) => {
            if (current === null) return current;
            const { gone, ...rest } = current;
            const index = steppedIndex(followsSearch(current) ? emails : current.list, current.index, by, gone !== undefined, removed);
            return index === null ? current : { ...rest, index };
          })
      : null;
  const previous = step(-1);
  const next = step(1);
  const openSearchResult = (index: number) => setOpen({ from: 'emails', list: emails, index, generation });
  const showSection = (target: Section) => {
    setAutoCheck(false);
    setOpen(null);
    setBrand(null);
    setBrandFrom(null);
    setBrandsList(target === 'brands');
    setSection(target);
  };
  const showBrand = (slug: string) => {
    setBrandFrom(open !== null || section !== 'brands' ? { open, section, brand, opener: brandOpener.current, from: brandFrom } : null);
    brandOpener.current = document.activeElement;
    setOpen(null);
    if (section !== 'brands') setBrandsList(false);
    setSection('brands');
    setBrand(slug);
    // The page shown already (its own email's brand link): its heading takes the keyboard the link had.
    whenDrawn(() => focusFell() && document.getElementById('brand-page-title')?.focus());
  };
  const requestsScreen = useRef<BrandRequestsHandle | null>(null);
  // A brand Brands could not find: the request's form with its name, unless one for another brand is half-filled.
  const askFor = (name: string) => {
    keepState<BrandRequestForm>('brand request', (form = EMPTY_BRAND_REQUEST) => (form.brand.trim() ? form : { ...form, brand: name }));
    showSection('requests');
    // Once the screen shows (the focus was left on the page). Mounted by that render: its handle is
    // set in its own layout effect, which runs before this screen's.
    whenDrawn(() => requestsScreen.current?.focusAfterAsk(name));
  };
  const showBrands = () => {
    const row = brandOpener.current;
    // Once the list shows again (it was hidden under the brand).
    if (row instanceof HTMLElement) whenDrawn(() => row.isConnected && row.focus());
    if (brandFrom) {
      setSection(brandFrom.section);
      setBrand(brandFrom.brand);
      setOpen(brandFrom.open);
      setBrandFrom(brandFrom.from);
      brandOpener.current = brandFrom.opener;
      return;
    }
    setBrand(null);
    setBrandsList(true);
  };

  // On the document, so the keys work wherever the focus is (even while an email loads): `/`
  // finds (emails, or brands under Brands), and in an email the arrows go through the results and Escape goes back.
  const keys = useLatest((event: KeyboardEvent) => {
    if (hidden || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    // Keys typed into a field are the field's (a card's checkbox types nothing).
    if (event.target instanceof Element && event.target.closest('input:not([type=checkbox]), select, textarea')) return;
    const action =
      open !== null ? (event.key === 'Escape' ? back : event.key === 'ArrowLeft' ? previous : event.key === 'ArrowRight' ? next : null)
      : brand !== null ? (event.key === 'Escape' ? showBrands : null)
      : event.key === '/' && (section === 'emails' || section === 'brands') ? () => (section === 'emails' ? searchField.current : document.getElementById('library-brand-search'))?.focus()
      : null;
    if (!action) return;
    event.preventDefault();
    action();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keys.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [keys]);

  const openId = open === null ? undefined : (open.gone ?? list[open.index]?.id);
  // The open email found removed: it leaves every list of emails (the search's results, a brand's,
  // Me's, a journey's) and the answers kept for the minute (a return would bring it back); Previous
  // and Next pass over it. It stays open, said gone.
  const emailGone = (id: number) => {
    // Found while its row is still drawn: the next render takes it out.
    if (open?.from !== 'emails' && open?.from !== 'canvas') afterGone.current = rowAfterRemoval(openerScreen.current, id);
    setRemovedIn((before) => {
      const ids = before.epoch === epoch ? before.ids : NONE_REMOVED;
      return ids.has(id) ? before : { epoch, ids: new Set([...ids, id]) };
    });
    connection.forgetEmail(id);
    search.remove(id);
    // It leaves the list it was opened from: it keeps its place there, and Next goes to the one now in it.
    setOpen((current) => {
      if (current === null || current.gone !== undefined) return current;
      if (followsSearch(current)) return emails[current.index]?.id === id ? { ...current, gone: id } : current;
      return current.list[current.index]?.id === id ? { ...current, gone: id, list: withoutEmail(current.list, id) } : current;
    });
  };
  // An email placing found removed leaves the lists too, as when it is open (it stays open, said
  // gone). Its row, if it has the keyboard, hands it to the row after.
  const canvas = useCanvasInsert();
  const goneWhilePlacing = useLatest((id: number) => {
    const row = document.activeElement?.closest('li')?.querySelector(`[data-email-id="${id}"]`) ? document.activeElement : null;
    const after = row === null ? null : rowAfterRemoval(row.closest('[data-email-group]') ?? document.body, id);
    emailGone(id);
    if (row !== null) whenDrawn(() => focusFell() && after?.isConnected === true && after.focus());
  });
  const listenGone = canvas?.onEmailGone;
  useEffect(() => listenGone?.((id) => goneWhilePlacing.current(id)), [listenGone, goneWhilePlacing]);
  return (
    <RemovedEmails.Provider value={removed}>
      <div class="library" data-testid="screen-browse" hidden={hidden}>
        <nav class="library-sections" aria-label="Library">
          {(['emails', 'brands', 'journeys', 'me', 'requests', 'references'] as const).map((target) => (
            <button key={target} type="button" class="library-section" aria-current={section === target ? 'page' : undefined} onClick={() => showSection(target)}>
              {SECTION_LABELS[target]}
            </button>
          ))}
        </nav>
        <HeldNotice until={heldUntil} />
        <SearchScreen
          client={client}
          search={search}
          place={place}
          onPlace={setPlace}
          onOpen={openSearchResult}
          onOpenSettings={onOpenSettings}
          onFocusGrid={() => setFocusRequest((n) => n + 1)}
          hidden={hidden || open !== null || section !== 'emails'}
          focusRequest={focusRequest}
          searchRef={searchField}
        />
        {section === 'brands' && brandsList ? <BrandsScreen key={epoch} client={client} hidden={open !== null || brand !== null} onBrand={showBrand} onAsk={askFor} onOpenSettings={onOpenSettings} /> : null}
        {section === 'brands' && brand !== null ? (
          <BrandPage
            key={`${brand} ${epoch}`}
            client={client}
            slug={brand}
            hidden={open !== null}
            onBack={showBrands}
            backLabel={brandFrom?.open ? '← Back to the email' : brandFrom ? `← Back to ${SECTION_LABELS[brandFrom.section]}` : '← All brands'}
            onOpen={openFrom('brands')}
            onList={listFrom('brands')}
            onOpenSettings={onOpenSettings}
          />
        ) : null}
        {section === 'journeys' || backTo('journeys') ? (
          <JourneysScreen key={epoch} client={client} hidden={hidden || open !== null || section !== 'journeys'} onOpen={openFrom('journeys')} onOpenSettings={onOpenSettings} />
        ) : null}
        {section === 'me' || backTo('me') ? (
          <MeScreen key={epoch} client={client} hidden={hidden || open !== null || section !== 'me'} onBrand={showBrand} onOpen={openFrom('me')} onList={listFrom('me')} onOpenSettings={onOpenSettings} />
        ) : null}
        {/* Always there: a check (minutes without a key) goes on, and its outcome stays, while another section is looked at.
            Its reads are sent each time: whether an email still exists is the library's answer now, not one kept from a minute ago. */}
        <ReferencesScreen key={epoch} endpoint={endpoint} client={connection.freshClient} hidden={open !== null || section !== 'references'} autoStart={autoCheck} />
        {section === 'requests' || backTo('requests') ? (
          <BrandRequestsScreen key={epoch} client={client} hidden={open !== null || section !== 'requests'} onBrand={showBrand} onOpenSettings={onOpenSettings} epoch={epoch} handle={requestsScreen} />
        ) : null}
        {nextPageNotice && retryList ? <ProblemNotice problem={nextPageNotice} onRetry={retryListFocused(retryList)} onOpenSettings={onOpenSettings} /> : null}
        {open !== null && openId !== undefined ? (
          <EmailDetailView
            client={client}
            freshClient={connection.freshClient}
            libraryUrl={baseUrl}
            emailId={openId}
            position={{ index: open.index, count: list.length, more: fromSearch ? !searchDone : paged && !paged.done, gone: open.gone !== undefined }}
            onPrevious={previous}
            onNext={next}
            nextLoading={nextPageLoading}
            onBack={back}
            backLabel={open.from === 'canvas' ? undefined : EMAIL_BACK_LABELS[open.from]}
            onBrand={showBrand}
            onCategory={(category) => {
              search.setForm(categorySearch(category));
              showSection('emails');
              // The chip went with the email: the keyboard goes on at the filter it set, once the search shows.
              whenDrawn(() => document.getElementById('library-category')?.focus());
            }}
            onOpenSettings={onOpenSettings}
            onWaiting={setEmailWaits}
            onWaitOver={nextPageWaitsWithEmail ? retryList : undefined}
            onGone={emailGone}
          />
        ) : null}
        {/* Library content shows in these sections: the service is credited under them (an open email credits it itself). */}
        {attribution && open === null && section !== 'requests' && section !== 'references' ? (
          <p class="email-attribution library-credit">
            Via <ExternalLink href={attribution.url}>{attribution.source}</ExternalLink> · each email belongs to its brand
          </p>
        ) : null}
      </div>
    </RemovedEmails.Provider>
  );
}
