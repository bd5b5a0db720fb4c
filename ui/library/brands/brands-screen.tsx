// Brands: the top brands, or those whose name matches the search (after a pause in typing), 50 at
// a time with More, as Journeys' list.
import { useRef } from 'preact/hooks';
import type { LibraryClient } from '../../../src/shared/api/library/client';
import type { Brand } from '../../../src/shared/api/library/schemas';
import { Button } from '../../components/button';
import { LiveStatus } from '../../components/live-status';
import { ProblemNotice, useRetryFocus } from '../problem-notice';
import { useOwnCountdown } from '../held-notice';
import { focusRowFrom, MoreButton } from '../more-button';
import { SEARCH_DEBOUNCE_MS } from '../search/search-query';
import { plural } from '../../components/count-words';
import { useKeptState } from '../kept-state';
import { usePagedList, type PagedList } from '../use-paged-list';
import { useKeptScroll } from '../use-kept-scroll';
import { useSettled } from '../../hooks/use-settled';

export interface BrandsScreenProps {
  client: LibraryClient;
  hidden: boolean;
  onBrand: (slug: string) => void;
  /** Asks the library to add a brand it has not: the request's form, its name filled in. */
  onAsk: (name: string) => void;
  onOpenSettings: () => void;
}

type ListedBrand = Brand & { id: string };

/**
 * The brands last answered and the words they answer. A new search starts the paged list empty;
 * the list before keeps its label and stays on screen until the new answer is in (or fails).
 */
function useLastAnswered(list: PagedList<ListedBrand>, query: string): { query: string; brands: readonly ListedBrand[] } | null {
  const last = useRef<{ query: string; brands: readonly ListedBrand[] } | null>(null);
  if (list.items.length > 0 || (!list.loading && list.problem === null)) last.current = { query, brands: list.items };
  return last.current;
}

export function BrandsScreen({ client, hidden, onBrand, onAsk, onOpenSettings }: BrandsScreenProps) {
  const [text, setText] = useKeptState('brand search', '');
  const wanted = text.trim();
  // The search asked for; a search replaced by the next one typed lets go of its library slot (usePagedList cancels it).
  // After a pause in typing; at once when emptied (the top brands need no pause).
  const query = useSettled(wanted, wanted === '' ? 0 : SEARCH_DEBOUNCE_MS);
  // Read 50 at a time, More for the rest: the demo library's ~60 top brands ended at the 50th, with nothing said.
  const list = usePagedList(
    `brands ${query}`,
    async (page, signal) => {
      const response = await client.listBrandsAsync({ q: query, page, perPage: 50 }, signal);
      return { items: response.data.map((brand) => ({ ...brand, id: brand.slug })), perPage: response.meta.per_page };
    },
    client,
  );
  const shown = useLastAnswered(list, query);
  const problem = list.problem;
  const asking = (shown === null || shown.query !== wanted) && !problem;
  const rows = useRef<HTMLUListElement>(null);
  const box = useRef<HTMLElement>(null);
  // Another section left and come back to (this screen is unmounted): the list it answers comes back
  // where it was scrolled to, as Me's and Journeys' do; it came back at its top. A new search starts at its top.
  useKeptScroll('brands', shown?.query ?? '', client, !hidden && !asking && (shown?.brands.length ?? 0) > 0, box);
  const retryFocused = useRetryFocus(list.loading, problem !== null, list.items.length, (from) => focusRowFrom(rows.current, from));
  useOwnCountdown(!hidden && problem?.kind === 'busy');
  const notice = problem ? <ProblemNotice problem={problem} onRetry={retryFocused(list.retry)} onOpenSettings={onOpenSettings} /> : null;
  // A More that failed is said under the list, where More was; a search that failed, under the field.
  const moreFailed = list.items.length > 0;
  return (
    <section class="library-brands" hidden={hidden} aria-label="Brands" ref={box}>
      <div class="field">
        <label class="field-label" for="library-brand-search">
          Search brands
        </label>
        <input
          id="library-brand-search"
          class="field-input"
          type="search"
          value={text}
          placeholder="Top brands"
          autoComplete="off"
          onInput={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Down arrow: on to the brands found, as from Browse's search to its results. Not into
            // a list still answering the words before (it is about to be replaced).
            if (event.key !== 'ArrowDown' || asking || !shown?.brands.length) return;
            event.preventDefault();
            focusRowFrom(rows.current, 0);
          }}
        />
      </div>
      {moreFailed ? null : notice}
      <LiveStatus busy>{asking ? (text.trim() ? `Looking for “${text.trim()}”…` : 'Loading brands…') : null}</LiveStatus>
      {shown?.brands.length === 0 ? (
        <div class="empty-state">
          {/* No search: the library has no brands at all (it read “No brand called “””). */}
          <strong>{shown.query ? `No brand called “${shown.query}” in the library.` : 'The library has no brands yet.'}</strong>
          <p>
            <Button variant="link" onClick={() => onAsk(shown.query)}>
              {shown.query ? 'Ask the library to add it' : 'Ask the library to add a brand'}
            </Button>
          </p>
        </div>
      ) : null}
      {shown && shown.brands.length > 0 ? (
        <ul class="brand-list" aria-label={shown.query ? `Brands matching “${shown.query}”` : 'Top brands'} ref={rows}>
          {shown.brands.map((brand) => (
            <li key={brand.slug}>
              <button type="button" class="brand-row" onClick={() => onBrand(brand.slug)}>
                <span class="brand-row-name">{brand.name}</span>
                <span class="brand-row-count">
                  {plural(brand.email_count, 'email')}
                </span>
                <span class="brand-row-description">{brand.description}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {moreFailed ? notice : null}
      <MoreButton list={list}>More</MoreButton>
    </section>
  );
}
