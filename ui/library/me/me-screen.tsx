// Me: the key owner's follows (with the newest emails from them), likes and collections. Without
// a key, it says how to add one.
import { useContext, useLayoutEffect, useRef } from 'preact/hooks';
import type { LibraryClient } from '../../../src/shared/api/library/client';
import type { RefObject } from 'preact';
import type { EmailSummary } from '../../../src/shared/api/library/schemas';
import { Button } from '../../components/button';
import { LiveStatus } from '../../components/live-status';
import { EmailRows } from '../email-rows';
import { focusFell, ProblemNotice, useRetryFocus } from '../problem-notice';
import { useEscapeBack } from '../../hooks/use-escape-back';
import { useListChanges, usePagedList, type OpenedList, type PagedList } from '../use-paged-list';
import { totalWithout } from '../removed-email';
import { emptyListText } from '../emptied-words';
import { useWithoutRemoved } from '../use-without-removed';
import { focusRowFrom, MoreButton } from '../more-button';
import { SEARCH_DEBOUNCE_MS, shortDate } from '../search/search-query';
import { useSettled } from '../../hooks/use-settled';
import { followingText, NO_FOLLOWS_TEXT } from './follow-words';
import { plural } from '../../components/count-words';
import { useKeptState } from '../kept-state';
import { useOwnCountdown } from '../held-notice';
import { useBrandNames } from '../brand-names';
import { useKeptScroll } from '../use-kept-scroll';
import { KeyRefusalContext } from '../refused-key';
import { NeedsKey } from '../needs-key';

const PAGE_SIZE = 20;

export interface MeScreenProps {
  client: LibraryClient;
  hidden: boolean;
  onBrand: (slug: string) => void;
  onOpen: (emails: readonly EmailSummary[], index: number, paged: OpenedList<EmailSummary>) => void;
  /** The open list of emails changed (another page came): an email opened from it follows. */
  onList?: (paged: OpenedList<EmailSummary>) => void;
  onOpenSettings: () => void;
}

type Part = 'following' | 'likes' | 'collections';

/** A part of Me, with the section that scrolls it. */
type PartProps = MeScreenProps & { box: RefObject<HTMLElement> };

export function MeScreen(props: MeScreenProps) {
  const [part, setPart] = useKeptState<Part>('me part', 'following');
  const box = useRef<HTMLElement>(null);
  const keyRefusal = useContext(KeyRefusalContext);
  if (!props.client.hasKey) {
    return (
      <section class="library-brands" hidden={props.hidden} aria-label="Me">
        <NeedsKey needs="Your follows, likes and collections need" refused={keyRefusal.refused} onOpenSettings={props.onOpenSettings} testIds={{ refused: 'me-key-refused', missing: 'me-needs-key' }} />
      </section>
    );
  }
  return (
    <section class="library-brands" hidden={props.hidden} aria-label="Me" ref={box}>
      <div role="group" aria-label="Show" class="segmented">
        {(['following', 'likes', 'collections'] as const).map((option) => (
          <button key={option} type="button" aria-pressed={part === option} onClick={() => setPart(option)}>
            {option === 'following' ? 'Following' : option === 'likes' ? 'Likes' : 'Collections'}
          </button>
        ))}
      </div>
      {part === 'following' ? <Following {...props} box={box} /> : part === 'likes' ? <Likes {...props} box={box} /> : <Collections {...props} box={box} />}
    </section>
  );
}

/** "Showing 20 of 312 emails." while more are to come, then "312 emails." */
function shownOf(shown: number, total: number, done: boolean): string {
  const emails = plural(total, 'email');
  return done || shown >= total ? `${emails}.` : `Showing ${shown} of ${emails}.`;
}

/** A list's loading, empty and failed states and its More; `rows`, the list, where a Try again that worked takes the keyboard. */
function ListState<T>({ list, rows, onOpenSettings, empty, hidden }: { list: PagedList<T>; rows: RefObject<HTMLUListElement>; onOpenSettings: () => void; empty: string; hidden: boolean }) {
  const retryFocused = useRetryFocus(list.loading, list.problem !== null, list.items.length, (from) => focusRowFrom(rows.current, from));
  useOwnCountdown(!hidden && list.problem?.kind === 'busy');
  return (
    <>
      {list.problem ? <ProblemNotice problem={list.problem} onRetry={retryFocused(list.retry)} onOpenSettings={onOpenSettings} needsKey /> : null}
      <LiveStatus busy>{list.loading ? 'Loading…' : null}</LiveStatus>
      {/* Only once no more are to come: a list emptied by removed emails reads the next ones first. */}
      {!list.loading && !list.problem && list.done && list.items.length === 0 ? <p class="empty-state">{empty}</p> : null}
      <MoreButton list={list}>More</MoreButton>
    </>
  );
}

function Following({ client, hidden, onBrand, onOpen, onList, onOpenSettings, box }: PartProps) {
  const [typed, setTyped] = useKeptState('followed since', '');
  // After a pause: a year typed a digit at a time passes through 0002, 0020, 0202, each a date.
  const since = useSettled(typed, SEARCH_DEBOUNCE_MS);
  const follows = usePagedList('follows', async (_page, signal) => {
    const response = await client.listFollowsAsync(signal);
    return { items: response.data.map((brand) => ({ ...brand, id: brand.slug })), perPage: Infinity, meta: { total: response.meta.total, max: response.meta.max } };
  }, client);
  // Each list of emails here without those found removed: one opened from it and found gone leaves it.
  const emails = useWithoutRemoved(
    usePagedList(`followed ${since}`, async (page, signal) => {
      const response = await client.listFollowedEmailsAsync({ page, perPage: PAGE_SIZE, since: since || undefined }, signal);
      return { items: response.data, perPage: response.meta.per_page };
    }, client),
  );
  useListChanges(emails, onList);
  const followRows = useRef<HTMLUListElement>(null);
  const emailRows = useRef<HTMLUListElement>(null);
  // The two lists load together: one status and one notice for both (a 429 fails both, with one
  // wait), whose Try again asks for what failed. A Try again that worked: the first row it brought.
  const problem = follows.problem ?? emails.problem;
  const loading = follows.loading || emails.loading;
  // Me comes back (after another section, an email) where it was scrolled to, with the pages loaded, once drawn
  // again. Not each part: a part pressed shows from where it is, so the keyboard on its button stays in view.
  useKeptScroll('me', `following ${since}`, client, !hidden && follows.meta !== null && emails.items.length > 0, box);
  const retryFocused = useRetryFocus(loading, problem !== null, follows.problem ? -1 : emails.items.length, (from) =>
    from < 0 ? focusRowFrom(followRows.current, 0) : focusRowFrom(emailRows.current, from),
  );
  useOwnCountdown(!hidden && problem?.kind === 'busy');
  // Where it failed: under the followed brands when they did (one notice for both), else under
  // the newest emails, where their More was pressed.
  const notice = problem ? (
    <ProblemNotice
      problem={problem}
      onRetry={retryFocused(() => {
        if (follows.problem) follows.retry();
        if (emails.problem) emails.retry();
      })}
      onOpenSettings={onOpenSettings}
      needsKey
    />
  ) : null;
  return (
    <>
      <h3>{follows.meta ? followingText(Number(follows.meta['total']), Number(follows.meta['max'])) : 'Following'}</h3>
      {/* No list while there is nothing in it (as EmailRows): a screen reader said "list, 0 items" before the notice. */}
      {follows.items.length === 0 ? null : <ul class="brand-list" aria-label="Followed brands" ref={followRows}>
        {follows.items.map((brand) => (
          <li key={brand.slug}>
            <button type="button" class="brand-row" onClick={() => onBrand(brand.slug)}>
              <span class="brand-row-name">{brand.name}</span>
              <span class="brand-row-count">{plural(brand.email_count, 'email')}</span>
            </button>
          </li>
        ))}
      </ul>}
      {!follows.loading && !follows.problem && follows.items.length === 0 ? <p class="empty-state">{NO_FOLLOWS_TEXT}</p> : null}
      {follows.problem ? notice : null}
      {/* Where the loading happens: here while the followed brands load (both lists, at first), under the newest emails for their next page or a new date. */}
      <LiveStatus busy>{follows.loading ? 'Loading…' : null}</LiveStatus>
      <h3 tabIndex={-1} data-list-heading>
        Newest from the brands you follow
      </h3>
      <div class="field">
        <label class="field-label" for="library-followed-since">
          Captured since
        </label>
        <input id="library-followed-since" class="field-input" type="date" value={typed} onInput={(event) => setTyped(event.currentTarget.value)} />
      </div>
      <EmailRows emails={emails.items} label="Newest from followed brands" onOpen={(index) => onOpen(emails.items, index, emails)} listRef={emailRows} />
      {!emails.loading && !emails.problem && emails.done && emails.items.length === 0 ? (
        <p class="empty-state">{emptyListText(emails, { none: since ? `No emails from the brands you follow were captured since ${shortDate(since)}.` : 'No emails from the brands you follow yet.', left: 'No emails left here', all: 'the ones that were here' })}</p>
      ) : null}
      {follows.problem ? null : notice}
      <LiveStatus busy>{emails.loading && !follows.loading ? 'Loading…' : null}</LiveStatus>
      <MoreButton list={emails}>More</MoreButton>
    </>
  );
}

function Likes({ client, hidden, onOpen, onList, onOpenSettings, box }: PartProps) {
  const likes = useWithoutRemoved(
    usePagedList('likes', async (page, signal) => {
      const response = await client.listLikesAsync({ page, perPage: PAGE_SIZE }, signal);
      return { items: response.data, perPage: response.meta.per_page, meta: { total: response.meta.total } };
    }, client),
  );
  useListChanges(likes, onList);
  useKeptScroll('me', 'likes', client, !hidden && likes.items.length > 0, box);
  // Liked emails name their brand by slug alone: without its name, rows with the same subject from two brands read alike.
  const brandNames = useBrandNames(client, likes.items.map((email) => email.brand_slug));
  const rows = useRef<HTMLUListElement>(null);
  return (
    <>
      {/* The library's total still counts the liked emails found removed since: less those it listed. */}
      {/* data-list-heading: where the keyboard goes when the last row left (library-screen's back). */}
      <h3 tabIndex={-1} data-list-heading>{likes.meta ? plural(totalWithout(Number(likes.meta['total']), likes.gone), 'liked email') : 'Liked emails'}</h3>
      <EmailRows emails={likes.items} label="Liked emails" onOpen={(index) => onOpen(likes.items, index, likes)} listRef={rows} brandNames={brandNames} />
      <ListState list={likes} rows={rows} onOpenSettings={onOpenSettings} empty={emptyListText(likes, { none: 'No liked emails yet.', left: 'No liked emails left', all: 'the emails you liked' })} hidden={hidden} />
    </>
  );
}

function Collections({ client, hidden, onOpen, onList, onOpenSettings, box }: PartProps) {
  // The collection last opened (`open`: still shown) stays through a visit to another section or
  // part of Me; with its connection only (another key's collections are another person's).
  const [kept, keep] = useKeptState<{ client: LibraryClient; id: string; name: string; open: boolean } | null>('collection', null);
  const mine = kept?.client === client ? kept : null;
  const open = mine?.open ? mine : null;
  const setOpen = (next: { id: string; name: string } | null) => keep(next ? { client, ...next, open: true } : mine && { ...mine, open: false });
  const opened = mine?.id;
  const heading = useRef<HTMLHeadingElement>(null);
  const openedRow = useRef<HTMLButtonElement>(null);
  const rows = useRef<HTMLUListElement>(null);
  // Each view goes from under the keyboard: the collection's heading takes it, and back, its row.
  // Not on coming back to the collection (the section's button has it). As the view is drawn: left to
  // the next frame, the focus sat on the page meanwhile.
  useLayoutEffect(() => void (focusFell() && (open ? heading : openedRow).current?.focus()), [open]);
  const collections = usePagedList('collections', async (_page, signal) => {
    const response = await client.listCollectionsAsync(signal);
    return { items: response.data, perPage: Infinity };
  }, client);
  const emails = useWithoutRemoved(
    usePagedList(`collection ${open?.id ?? ''}`, async (page, signal) => {
      if (open === null) return { items: [], perPage: PAGE_SIZE };
      const response = await client.getCollectionAsync(open.id, { page, perPage: PAGE_SIZE }, signal);
      return { items: response.data.emails, perPage: response.meta.per_page, meta: { total: response.meta.total } };
    }, client),
  );
  useListChanges(emails, onList);
  const shown = open ? emails : collections;
  useKeptScroll('me', `collections ${open?.id ?? ''}`, client, !hidden && shown.items.length > 0, box);
  const brandNames = useBrandNames(client, open ? emails.items.map((email) => email.brand_slug) : []);
  useEscapeBack(hidden || open === null ? null : () => setOpen(null));
  if (open !== null) {
    return (
      <>
        <nav class="email-detail-nav" aria-label="Collection">
          <Button variant="link" onClick={() => setOpen(null)}>
            ← All collections
          </Button>
        </nav>
        <h3 tabIndex={-1} ref={heading} data-list-heading>
          {open.name}
        </h3>
        {/* Hundreds of emails come 20 at a time: how far "More" has to go. */}
        {/* Empty (never anything in it, or left so by emails found removed): the empty state says it, and "0 emails." above it said it twice. */}
        {emails.meta && emails.items.length > 0 ? <p class="field-hint">{shownOf(emails.items.length, totalWithout(Number(emails.meta['total']), emails.gone), emails.done)}</p> : null}
        <EmailRows emails={emails.items} label={`Emails in ${open.name}`} onOpen={(index) => onOpen(emails.items, index, emails)} listRef={rows} brandNames={brandNames} />
        <ListState list={emails} rows={rows} onOpenSettings={onOpenSettings} empty={emptyListText(emails, { none: 'This collection is empty.', left: 'This collection has no emails left', all: 'the emails in it' })} hidden={hidden} />
      </>
    );
  }
  return (
    <>
      {collections.items.length === 0 ? null : <ul class="brand-list" aria-label="Collections" ref={rows}>
        {collections.items.map((collection) => (
          <li key={collection.id}>
            <button
              type="button"
              class="brand-row"
              ref={collection.id === opened ? openedRow : undefined}
              onClick={() => setOpen({ id: collection.id, name: collection.name })}
            >
              <span class="brand-row-name">{collection.name}</span>
              <span class="brand-row-count">{plural(collection.email_count, 'email')}</span>
              {collection.description ? <span class="brand-row-description">{collection.description}</span> : null}
            </button>
          </li>
        ))}
      </ul>}
      <ListState list={collections} rows={rows} onOpenSettings={onOpenSettings} empty="No collections yet." hidden={hidden} />
    </>
  );
}
