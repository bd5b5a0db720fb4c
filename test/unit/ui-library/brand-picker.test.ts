// @vitest-environment happy-dom
// Search's brand filter drawn by Preact in a DOM without a browser, against a stub of the library's
// `GET /v1/brands?q=` (names containing the words, the most emails first, `per_page` of them, 20
// unless asked). A brand whose name is part of more than 20 others' came after the first page of
// 20 suggestions: it was never chosen, and the filter silently filtered nothing. The demo library
// has no such name, hence a stub.
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { useDomRoot } from '../../support/dom-root';
import type { LibraryClient } from '../../../src/shared/api/library/client';
import type { Brand } from '../../../src/shared/api/library/schemas';
import { BrandPicker } from '../../../ui/library/search/brand-picker';
import { SEARCH_DEBOUNCE_MS } from '../../../ui/library/search/search-query';

const brand = (name: string, emailCount: number): Brand => ({ name, slug: name.toLowerCase().replace(/\W+/g, '-'), description: '', email_count: emailCount, url: '' });

/** "Loom" and 30 brands named after it, each with more emails than it has; 60 brands of "Weave". */
const LIBRARY = [
  brand('Loom', 1),
  ...Array.from({ length: 30 }, (_, index) => brand(`Loom ${index + 1} Mills`, 100 - index)),
  ...Array.from({ length: 60 }, (_, index) => brand(`Weave ${index + 1}`, 200 - index)),
];

/** The library's brand search as the API document says it: per_page 1–50, 20 by default. */
function stubClient(asked: Array<{ q?: string; perPage?: number }>): LibraryClient {
  const listBrandsAsync: LibraryClient['listBrandsAsync'] = async (query = {}) => {
    asked.push({ q: query.q, perPage: query.perPage });
    const perPage = Math.min(50, Math.max(1, query.perPage ?? 20));
    const found = LIBRARY.filter((known) => known.name.toLowerCase().includes((query.q ?? '').toLowerCase())).sort((a, b) => b.email_count - a.email_count);
    const data = found.slice(0, perPage);
    return { data, meta: { page: 1, per_page: perPage, count: data.length, attribution: { source: 'stub', url: '' } } };
  };
  return { listBrandsAsync } as LibraryClient;
}

const rootOf = useDomRoot();

describe('Search’s brand filter, a name that is part of more than 20 other brands’ names', () => {
  it('chooses that brand (one request, up to 50 suggestions), and still suggests the others', async () => {
    const asked: Array<{ q?: string; perPage?: number }> = [];
    const chosen: string[] = [];
    await act(async () => {
      render(h(BrandPicker, { client: stubClient(asked), text: 'Loom', onText: () => undefined, onBrand: (slug: string) => chosen.push(slug) }), rootOf());
    });
    // The pause in typing, then the answer.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 50));
    });

    expect(chosen.at(-1)).toBe('loom');
    expect(asked).toEqual([{ q: 'Loom', perPage: 50 }]);
    const suggested = Array.from(rootOf().querySelectorAll('#library-brand-options option'), (option) => option.getAttribute('value'));
    expect(suggested).toHaveLength(31);
    expect(suggested).toContain('Loom 1 Mills');
    // Chosen: no note that it filters nothing.
    expect(rootOf().querySelector('#library-brand-note')?.textContent ?? '').toBe('');
  });

  it('with a full list of suggestions and none of that name, says to type more of it (the 50 suggested read as all there were)', async () => {
    const chosen: string[] = [];
    await act(async () => {
      render(h(BrandPicker, { client: stubClient([]), text: 'Weave', onText: () => undefined, onBrand: (slug: string) => chosen.push(slug) }), rootOf());
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS + 50));
    });
    expect(chosen.at(-1)).toBe('');
    expect(rootOf().querySelector('#library-brand-note')?.textContent).toBe('50 suggested brands; type more of the name if yours is not among them.');
  });
});
