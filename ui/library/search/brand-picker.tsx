// The brand filter: type a name, pick from the brands the library knows (`GET /v1/brands?q=`,
// asked after a pause in typing). A name that matches no brand is said so and filters nothing; one
// that is part of some, how many are suggested.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { LibraryClient } from '../../../src/shared/api/library/client';
import type { Brand } from '../../../src/shared/api/library/schemas';
import { libraryProblem } from '../library-problem';
import { SEARCH_DEBOUNCE_MS } from './search-query';
import { LiveStatus } from '../../components/live-status';
import { Button } from '../../components/button';
import { plural } from '../../components/count-words';

const FAILED = 'Brands could not be looked up; showing all brands.';
/** Brands suggested for a name: the most the library sends at once. */
const SUGGESTIONS = 50;

/**
 * What a name that is no brand's says: how many are suggested, and with a full list that more of
 * the name may find the one meant (it may be past them: the list counted 50 and stopped, unsaid).
 */
function suggestedText(wanted: string, count: number): string {
  if (count === 0) return `No brand called “${wanted}” in the library.`;
  return count < SUGGESTIONS ? `${plural(count, 'suggested brand')}.` : `${plural(count, 'suggested brand')}; type more of the name if yours is not among them.`;
}

export interface BrandPickerProps {
  client: LibraryClient;
  /** What the field shows (kept with the search: a category chip clears it with the other filters). */
  text: string;
  onText: (text: string) => void;
  /** The chosen brand's slug, or '' for all. */
  onBrand: (slug: string) => void;
}

export function BrandPicker({ client, text, onText, onBrand }: BrandPickerProps) {
  const [options, setOptions] = useState<Brand[]>([]);
  const [note, setNote] = useState<string | null>(null);
  // A new number asks again for the same name (a failed lookup had no other way but retyping).
  const [attempt, setAttempt] = useState(0);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === '') {
      setNote(null);
      onBrand('');
      return undefined;
    }
    let current = true;
    // A lookup replaced by the next name typed lets go of its library slot at once.
    const controller = new AbortController();
    const lookUp = () => {
      // The most the library sends (the top brands first): a name that is part of more than 20
      // others' came after the default 20, and was never chosen.
      client.listBrandsAsync({ q: wanted, perPage: SUGGESTIONS }, controller.signal).then(
        (response) => {
          if (!current) return;
          setOptions(response.data);
          const match = response.data.find((brand) => brand.name.toLowerCase() === wanted.toLowerCase());
          onBrand(match?.slug ?? '');
          // Said only when it changes (a status): the count, not the same advice at every name typed.
          setNote(match ? null : suggestedText(wanted, response.data.length));
        },
        (error: unknown) => {
          if (!current) return;
          const { retryAfterSeconds } = libraryProblem(error);
          if (retryAfterSeconds !== null) {
            // A 429: asked again once the library's wait is over; the filter stays as it was meanwhile.
            setNote('The library asks us to slow down; looking the brand up again in a moment.');
            timer = setTimeout(lookUp, retryAfterSeconds * 1000);
            return;
          }
          // As the note says: a brand chosen before no longer filters.
          onBrand('');
          setNote(FAILED);
        },
      );
    };
    let timer = setTimeout(lookUp, SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, [client, text, onBrand, attempt]);

  return (
    <div class="field">
      <label class="field-label" for="library-brand">
        Brand
      </label>
      <input
        id="library-brand"
        class="field-input"
        list="library-brand-options"
        // As wide as a brand's name needs: the category and the date keep the row's room.
        size={7}
        ref={field}
        value={text}
        placeholder="All brands"
        autoComplete="off"
        aria-describedby={note ? 'library-brand-note' : undefined}
        onInput={(event) => onText(event.currentTarget.value)}
      />
      <datalist id="library-brand-options">
        {options.map((brand) => (
          <option key={brand.slug} value={brand.name} />
        ))}
      </datalist>
      {/* Said as it comes: a note only seen was missed by a screen reader in the field. */}
      <LiveStatus id="library-brand-note" class="field-hint">
        {note}
      </LiveStatus>
      {note === FAILED ? (
        // Back to the field, where the answer shows; a second failure is said again.
        <Button variant="link" onClick={() => (field.current?.focus(), setNote(null), setAttempt(attempt + 1))}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
