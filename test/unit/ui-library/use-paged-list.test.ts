// @vitest-environment happy-dom
// usePagedList drawn by Preact in a DOM without a browser: which pages it asks the library for
// when More or Try again comes from an earlier drawing of the list (an email opened from it holds
// the list as it was last told, an effect behind).
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { useDomRoot } from '../../support/dom-root';
import { usePagedList, type PagedList, type PageLoader } from '../../../ui/library/use-paged-list';

interface Row {
  id: number;
}

const PER_PAGE = 10;

/** A library of emails 1…`count` read `PER_PAGE` at a time; `remove` takes emails out (later pages move up); `failing` pages throw. */
function libraryOf(count: number) {
  let ids = Array.from({ length: count }, (_, index) => index + 1);
  const asked: number[] = [];
  const failing = new Set<number>();
  const load: PageLoader<Row> = async (page) => {
    asked.push(page);
    if (failing.has(page)) throw new TypeError('Failed to fetch');
    const items = ids.slice((page - 1) * PER_PAGE, page * PER_PAGE).map((id) => ({ id }));
    return { items, perPage: PER_PAGE };
  };
  return {
    load,
    asked,
    failing,
    remove: (...gone: number[]) => {
      ids = ids.filter((id) => !gone.includes(id));
    },
  };
}

/** Every drawing of the list, newest last; `gone`: how many of its rows the list is told were found removed; `owner`: kept for it (see Kept). */
function Probe({ load, gone, drawings, listKey = 'emails', owner }: { load: PageLoader<Row>; gone: number; drawings: PagedList<Row>[]; listKey?: string; owner?: object }) {
  drawings.push(usePagedList(listKey, load, owner).foundRemoved(gone));
  return null;
}

const rootOf = useDomRoot();

/** Draws the list and lets every page it asks for come in. */
async function drawAsync(load: PageLoader<Row>, gone: number, drawings: PagedList<Row>[], kept?: { listKey: string; owner: object }): Promise<PagedList<Row>> {
  await act(async () => {
    render(h(Probe, { load, gone, drawings, ...kept }), rootOf());
  });
  await settleAsync();
  return drawings.at(-1)!;
}

/** Presses (calls a More or Try again) and lets what it asks for come in. */
async function pressAsync(press: () => void): Promise<void> {
  await act(async () => press());
  await settleAsync();
}

async function settleAsync(): Promise<void> {
  for (let round = 0; round < 5; round += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

const ids = (list: PagedList<Row>) => list.items.map((row) => row.id);

describe('usePagedList, More and Try again from an earlier drawing', () => {
  it('a More from the drawing before a removal was found reads the page the next unseen email moved up onto', async () => {
    const library = libraryOf(25);
    const drawings: PagedList<Row>[] = [];
    const first = await drawAsync(library.load, 0, drawings);
    expect(ids(first)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    // Email 3 leaves the library, and the list is told one of its rows was found removed: email 11
    // now ends page 1. The opened email still holds the drawing from before.
    library.remove(3);
    await drawAsync(library.load, 1, drawings);
    await pressAsync(() => first.more());

    expect(library.asked).toEqual([1, 1]);
    expect(ids(drawings.at(-1)!)).toContain(11);
  });

  it('a More from the current drawing reads on the same way', async () => {
    const library = libraryOf(25);
    const drawings: PagedList<Row>[] = [];
    await drawAsync(library.load, 0, drawings);
    library.remove(3);
    const told = await drawAsync(library.load, 1, drawings);
    await pressAsync(() => told.more());

    expect(library.asked).toEqual([1, 1]);
    expect(ids(drawings.at(-1)!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('a More from a drawing before a page was read since reads on after that page, not it again', async () => {
    const library = libraryOf(35);
    const drawings: PagedList<Row>[] = [];
    const first = await drawAsync(library.load, 0, drawings);
    await pressAsync(() => first.more());
    expect(library.asked).toEqual([1, 2]);

    await pressAsync(() => first.more());

    expect(library.asked).toEqual([1, 2, 3]);
    expect(ids(drawings.at(-1)!)).toHaveLength(30);
  });

  it('a More pressed twice before the list is drawn asking asks for one page', async () => {
    const library = libraryOf(35);
    const drawings: PagedList<Row>[] = [];
    const first = await drawAsync(library.load, 0, drawings);
    await pressAsync(() => {
      first.more();
      first.more();
    });

    expect(library.asked).toEqual([1, 2]);
    expect(ids(drawings.at(-1)!)).toHaveLength(20);
  });

  it('a Try again from a drawing before the page that failed asks for the page that failed', async () => {
    const library = libraryOf(35);
    const drawings: PagedList<Row>[] = [];
    const first = await drawAsync(library.load, 0, drawings);
    library.failing.add(2);
    await pressAsync(() => first.more());
    expect(drawings.at(-1)!.problem).not.toBeNull();

    library.failing.clear();
    await pressAsync(() => first.retry());

    expect(library.asked).toEqual([1, 2, 2]);
    expect(ids(drawings.at(-1)!)).toHaveLength(20);
    expect(drawings.at(-1)!.problem).toBeNull();
  });
});

describe('usePagedList, a kept list read again', () => {
  it('stopped at a failed page past its first, its Try again reads on from there and still says which rows its earlier visit showed are gone', async () => {
    const library = libraryOf(35);
    const kept = { listKey: 'brand acme, kept', owner: {} };
    const firstVisit: PagedList<Row>[] = [];
    let list = await drawAsync(library.load, 0, firstVisit, kept);
    for (const _ of [1, 2]) {
      await pressAsync(() => list.more());
      list = firstVisit.at(-1)!;
    }
    expect(ids(list)).toHaveLength(30);
    await act(async () => render(null, rootOf()));

    // Away, the library removes two emails the designer saw, and its page 2 fails on the way back.
    library.remove(5, 15);
    library.failing.add(2);
    const secondVisit: PagedList<Row>[] = [];
    const stopped = await drawAsync(library.load, 0, secondVisit, kept);
    expect(stopped.problem).not.toBeNull();
    expect(ids(stopped)).toHaveLength(10);

    library.failing.clear();
    await pressAsync(() => stopped.retry());

    const back = secondVisit.at(-1)!;
    expect(library.asked).toEqual([1, 2, 3, 1, 2, 2, 3]);
    expect(back.problem).toBeNull();
    expect(ids(back)).toEqual(Array.from({ length: 32 }, (_, index) => index + 1).filter((id) => id !== 5 && id !== 15));
    expect(back.earlier?.left.map((row) => row.id)).toEqual([5, 15]);
  });
});

describe('usePagedList, a key left and come back to in the same list', () => {
  /** Two lists in one library, told apart by their key: ids 1… for "x", 1001… for "y" (a collection opened, All collections, it again). */
  function twoLists() {
    const asked: string[] = [];
    const loadFor = (key: string): PageLoader<Row> => async (page) => {
      asked.push(`${key}:${page}`);
      const base = key === 'x' ? 0 : 1000;
      return { items: Array.from({ length: PER_PAGE }, (_, index) => ({ id: base + (page - 1) * PER_PAGE + index + 1 })), perPage: PER_PAGE };
    };
    return { asked, loadFor };
  }
  const first = (count: number, base = 0) => Array.from({ length: count }, (_, index) => base + index + 1);

  async function drawKeyAsync(listKey: string, load: PageLoader<Row>, drawings: PagedList<Row>[], owner?: object): Promise<PagedList<Row>> {
    await act(async () => {
      render(h(Probe, { load, gone: 0, drawings, listKey, owner }), rootOf());
    });
    await settleAsync();
    return drawings.at(-1)!;
  }

  it('not kept: back to a key after a More under it and another key starts over from its first page', async () => {
    const { asked, loadFor } = twoLists();
    const drawings: PagedList<Row>[] = [];
    const x = await drawKeyAsync('x', loadFor('x'), drawings);
    await pressAsync(() => x.more());
    expect(ids(drawings.at(-1)!)).toEqual(first(20));
    expect(ids(await drawKeyAsync('y', loadFor('y'), drawings))).toEqual(first(10, 1000));

    const back = await drawKeyAsync('x', loadFor('x'), drawings);
    expect(ids(back)).toEqual(first(10));
    expect(asked).toEqual(['x:1', 'x:2', 'y:1', 'x:1']);
  });

  it('kept: back to a key after a More under it and another key reads its pages again from the first, without the other key’s rows', async () => {
    const { asked, loadFor } = twoLists();
    const owner = {};
    const drawings: PagedList<Row>[] = [];
    const x = await drawKeyAsync('x', loadFor('x'), drawings, owner);
    await pressAsync(() => x.more());
    expect(await drawKeyAsync('y', loadFor('y'), drawings, owner)).toMatchObject({ items: first(10, 1000).map((id) => ({ id })) });

    const back = await drawKeyAsync('x', loadFor('x'), drawings, owner);
    expect(ids(back)).toEqual(first(20));
    expect(asked).toEqual(['x:1', 'x:2', 'y:1', 'x:1', 'x:2']);
  });
});
