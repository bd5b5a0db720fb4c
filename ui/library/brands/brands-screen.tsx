// Brands: the top brands, or those whose name matches the search (after a pause in typing).
import { useEffect, useRef, useState } from 'preact/hooks';
import type { LibraryClient } from '../../../src/shared/api/library/client';
import type { Brand } from '../../../src/shared/api/library/schemas';
import { Button } from '../../components/button';
import { LiveStatus } from '../../components/live-status';
import { libraryProblem, type LibraryProblem } from '../library-problem';
import { ProblemNotice, useRetryFocus } from '../problem-notice';
import { useOwnCountdown } from '../held-notice';
import { focusRowFrom } from '../more-button';
import { SEARCH_DEBOUNCE_MS } from '../search/search-query';
import { plural } from '../../components/count-words';
import { useKeptState } from '../kept-state';
import { useRetryOnce } from '../use-retry-once';
import { useKeptScroll } from '../use-kept-scroll';

export interface BrandsScreenProps {
  client: LibraryClient;
  hidden: boolean;
  onBrand: (slug: string) => void;
  /** Asks the library to add a brand it has not: the request's form, its name filled in. */
  onAsk: (name: string) => void;
  onOpenSettings: () => void;
}

export function BrandsScreen({ client, hidden, onBrand, onAsk, onOpenSettings }: BrandsScreenProps) {
  const [text, setText] = useKeptState('brand search', '');
  // `query` is the text the shown brands answer: the list keeps its label until the new answer arrives.
  const [state, setState] = useState<{ brands: Brand[] | null; query: string; problem: LibraryProblem | null }>({ brands: null, query: '', problem: null });
  const { shown: problem, attempt, retry } = useRetryOnce(state.problem);

  useEffect(() => {
    let current = true;
    // A search replaced by the next one typed, or the list left, no longer holds a library slot.
    const unneeded = new AbortController();
    const timer = setTimeout(
      () => {
        setState((previous) => ({ ...previous, problem: null }));
        client.listBrandsAsync({ q: text, perPage: 50 }, unneeded.signal).then(
          (response) => current && setState({ brands: response.data, query: text.trim(), problem: null }),
          (error: unknown) => current && setState((previous) => ({ ...previous, problem: libraryProblem(error) })),
        );
      },
      text === '' ? 0 : SEARCH_DEBOUNCE_MS,
    );
    return () => {
      current = false;
      clearTimeout(timer);
      unneeded.abort();
    };
  }, [client, text, attempt]);

  const asking = (state.brands === null || state.query !== text.trim()) && !problem;
  const rows = useRef<HTMLUListElement>(null);
  const box = useRef<HTMLElement>(null);
  // Another section left and come back to (this screen is unmounted): the list it answers comes back
  // where it was scrolled to, as Me's and Journeys' do; it came back at its top. A new search starts at its top.
  useKeptScroll('brands', state.query, client, !hidden && !asking && (state.brands?.length ?? 0) > 0, box);
  const retryFocused = useRetryFocus(asking, problem !== null, 0, () => focusRowFrom(rows.current, 0));
  useOwnCountdown(!hidden && problem?.kind === 'busy');
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
            if (event.key !== 'ArrowDown' || asking || !state.brands?.length) return;
            event.preventDefault();
            focusRowFrom(rows.current, 0);
          }}
        />
      </div>
      {problem ? <ProblemNotice problem={problem} onRetry={retryFocused(retry)} onOpenSettings={onOpenSettings} /> : null}
      <LiveStatus busy>{asking ? (text.trim() ? `Looking for “${text.trim()}”…` : 'Loading brands…') : null}</LiveStatus>
      {state.brands?.length === 0 ? (
        <div class="empty-state">
          {/* No search: the library has no brands at all (it read “No brand called “””). */}
          <strong>{state.query ? `No brand called “${state.query}” in the library.` : 'The library has no brands yet.'}</strong>
          <p>
            <Button variant="link" onClick={() => onAsk(state.query)}>
              {state.query ? 'Ask the library to add it' : 'Ask the library to add a brand'}
            </Button>
          </p>
        </div>
      ) : null}
      {state.brands && state.brands.length > 0 ? (
        <ul class="brand-list" aria-label={state.query ? `Brands matching “${state.query}”` : 'Top brands'} ref={rows}>
          {state.brands.map((brand) => (
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
    </section>
  );
}
