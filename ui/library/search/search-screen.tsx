// The Browse home: the filters, then the results grid with its loading, empty and error states.
import type { Ref } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { LibraryClient } from '../../../src/shared/api/library/client';
import { LiveStatus } from '../../components/live-status';
import { CategorySelect } from '../category-select';
import { ProblemNotice, useRetryFocus } from '../problem-notice';
import { useOwnCountdown } from '../held-notice';
import { BrandPicker } from './brand-picker';
import { EmailGrid, type GridPlace } from './email-grid';
import { noMatchHint } from './search-query';
import type { EmailSearch } from './use-email-search';
import { plural } from '../../components/count-words';
import { removedOpenedText } from '../removed-email';

export interface SearchScreenProps {
  client: LibraryClient;
  search: EmailSearch;
  place: GridPlace;
  onPlace: (place: GridPlace) => void;
  onOpen: (index: number) => void;
  onOpenSettings: () => void;
  /** Down arrow in the search field: on to the results. */
  onFocusGrid: () => void;
  hidden: boolean;
  focusRequest: number;
  searchRef: Ref<HTMLInputElement>;
}

export function SearchScreen({ client, search, place, onPlace, onOpen, onOpenSettings, onFocusGrid, hidden, focusRequest, searchRef }: SearchScreenProps) {
  const { form, setForm, emails, loading, done, repeating, problem } = search;
  const [selected, setSelected] = useTicked(search);
  const onBrand = useCallback((brand: string) => setForm((current) => (current.brand === brand ? current : { ...current, brand })), [setForm]);
  // A Try again that worked: the keyboard goes on in the results, at the first card it brought
  // (the card last on could be far above, at the top for a person who scrolled down with the wheel).
  const retryFocused = useRetryFocus(loading, problem !== null, emails.length, (from) => {
    if (emails.length === 0) return;
    onPlace({ ...place, focused: Math.min(from, emails.length - 1) });
    onFocusGrid();
  });
  useOwnCountdown(!hidden && problem?.kind === 'busy');
  const notice = problem ? <ProblemNotice problem={problem} onRetry={retryFocused(search.retry)} onOpenSettings={onOpenSettings} /> : null;
  // A next page loading or failed keeps the count shown (the failed one's notice says why no more come).
  const status =
    emails.length === 0 ? (loading ? 'Loading emails…' : '')
    : `${plural(emails.length, 'email')}${loading ? ' so far; loading more…' : repeating ? '. No more new ones came: the library’s next pages held only emails already shown.' : done ? '.' : problem ? ' so far.' : ' so far; scroll for more.'}`;
  return (
    <section class="library-search" hidden={hidden} aria-label="Search the library">
      <form class="library-filters" role="search" onSubmit={(event) => event.preventDefault()}>
        <div class="field library-filter-text">
          <label class="field-label" for="library-query">
            Search emails
          </label>
          <input
            ref={searchRef}
            id="library-query"
            class="field-input"
            type="search"
            value={form.text}
            placeholder="Subject, brand or words ( / )"
            autoComplete="off"
            onInput={(event) => setForm({ ...form, text: event.currentTarget.value })}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowDown' || emails.length === 0) return;
              event.preventDefault();
              onFocusGrid();
            }}
          />
        </div>
        <CategorySelect id="library-category" value={form.category} anyLabel="All categories" onValue={(category) => setForm({ ...form, category })} />
        <BrandPicker client={client} text={form.brandName} onText={(brandName) => setForm((current) => ({ ...current, brandName }))} onBrand={onBrand} />
        <div class="field">
          <label class="field-label" for="library-since">
            Captured since
          </label>
          <input id="library-since" class="field-input" type="date" value={form.since} onInput={(event) => setForm({ ...form, since: event.currentTarget.value })} />
        </div>
      </form>
      <LiveStatus busy={loading} keepSpace testId="library-status">
        {status}
      </LiveStatus>
      {problem && emails.length === 0 ? notice : null}
      {/* Only once no more are to come: results emptied by removed emails read the next ones first. */}
      {!loading && !problem && done && emails.length === 0 ? (
        <div class="empty-state" data-testid="library-empty">
          {/* Left empty by the emails found removed: that is why, not the words searched for. */}
          <strong>{search.gone > 0 ? `No emails left in these results: the library removed ${removedOpenedText(search.gone)}.` : 'No emails match this search.'}</strong>
          <p>{search.gone > 0 ? 'Search again, or change the filters, to find others.' : noMatchHint(search.searched)}</p>
        </div>
      ) : null}
      {emails.length > 0 ? (
        <EmailGrid key={search.generation} emails={emails} place={place} onPlace={onPlace} onOpen={onOpen} onNearEnd={search.loadMore} visible={!hidden} focusRequest={focusRequest} selected={selected} onSelected={setSelected} />
      ) : null}
      {/* A next page that failed: where the cards stopped, which a person scrolling comes to. */}
      {problem && emails.length > 0 ? notice : null}
    </section>
  );
}

const NONE_TICKED: ReadonlySet<number> = new Set();

/**
 * The emails ticked for the canvas, by id. A new search starts with none; the same search read
 * again through another connection (Browse going on without a refused key, a key saved) keeps
 * them: what the designer chose is not lost. Once that list is all in, ids it does not have go.
 */
function useTicked({ query, emails, loading, done }: EmailSearch): [ReadonlySet<number>, (change: (current: ReadonlySet<number>) => ReadonlySet<number>) => void] {
  const [ticked, setTicked] = useState<{ query: number; ids: ReadonlySet<number> }>({ query, ids: NONE_TICKED });
  const ids = ticked.query === query ? ticked.ids : NONE_TICKED;
  const change = useCallback(
    // A grid of an earlier search (its placing ending after the filters changed) leaves a later one's alone.
    (next: (current: ReadonlySet<number>) => ReadonlySet<number>) => setTicked((current) => (current.query > query ? current : { query, ids: next(current.query === query ? current.ids : NONE_TICKED) })),
    [query],
  );
  useEffect(() => {
    if (loading || !done || ids.size === 0) return;
    const listed = new Set(emails.map((email) => email.id));
    if ([...ids].some((id) => !listed.has(id))) change((current) => new Set([...current].filter((id) => listed.has(id))));
  }, [loading, done, ids, emails, change]);
  return [ids, change];
}
