// A random model of the templates list (ui/templates/template-list-state.ts) under teammates' and
// the designer's changes, each template with the times the builder gives it (made, last changed):
// 12 random changes (a teammate makes, changes or deletes one; the designer deletes one, saves
// one, comes back to the screen, presses Show more), then the designer reads to the end.
import type { TemplatePage, TemplateRow } from '../../src/shared/bridge/messages';
import { answerTemplatePage, askTemplatePage, askTemplatePageAgain, hasMoreTemplates, initialTemplateList, nextTemplatePage, removeTemplateRow, showMoreReadsOn, topChangedSinceRead, type TemplateListState } from '../../ui/templates/template-list-state';

/** Templates per page: small, so a few changes cross a page's edge. */
export const MODEL_PAGE_SIZE = 3;

function random(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

/**
 * One sequence of 12 random changes, then the designer reads to the end: the templates never
 * reached, the presses of Show more that brought none, and the rows still listed of templates deleted.
 */
export function unreachedAfter(seed: number): { unreached: string[]; idle: number; stale: string[] } {
  const next = random(seed + 1);
  let clock = 1000;
  let made = 0;
  const workspace = new Map<string, number>();
  const createdAt = new Map<string, number>();
  const make = () => {
    const id = `t${made++}`;
    createdAt.set(id, clock);
    workspace.set(id, clock++);
  };
  for (let count = 2 + Math.floor(next() * 12); count > 0; count--) make();
  const listing = () => [...workspace.entries()].sort((a, b) => b[1] - a[1]);
  const pageOf = (page: number): TemplatePage => {
    const all = listing();
    const templates = all.slice((page - 1) * MODEL_PAGE_SIZE, page * MODEL_PAGE_SIZE).map(([id, time]): TemplateRow => ({ id, name: id, description: '', updatedAt: new Date(time * 1000).toISOString(), createdAt: new Date(createdAt.get(id)! * 1000).toISOString(), thumbnailUrl: null, linkedFrame: null }));
    return { templates, page, total: all.length, hasMore: page * MODEL_PAGE_SIZE < all.length };
  };
  let request = 0;
  const read = (state: TemplateListState, page: number, keepBelow = false) => answerTemplatePage(askTemplatePage(state, page, ++request, keepBelow), request, pageOf(page));
  const readAgain = (state: TemplateListState) => answerTemplatePage(askTemplatePageAgain(state, state.readAgain!, ++request), request, pageOf(state.readAgain!));
  /** What the screen reads by itself: a page to read again, page 1 after a change at the top. */
  const settle = (state: TemplateListState) => {
    for (let reads = 0; reads < 20; reads++) {
      if (state.readAgain !== null) state = readAgain(state);
      else if (topChangedSinceRead(state)) state = read(state, 1, true);
      else return state;
    }
    throw new Error(`seed ${seed}: the list never stops reading`);
  };
  /** A press of Show more, as the screen answers it (use-show-more.ts): one that brought nothing reads on, a few pages at most. */
  const pressShowMore = (pressed: TemplateListState) => {
    const shownBefore = new Set(pressed.rows.map((row) => row.id));
    let state = settle(read(pressed, nextTemplatePage(pressed)));
    for (let readsOn = 0; showMoreReadsOn(state, shownBefore, readsOn); readsOn++) state = settle(read(state, nextTemplatePage(state)));
    return state;
  };
  let state = read(initialTemplateList, 1);
  for (let step = 0; step < 12; step++) {
    const roll = next();
    const ids = [...workspace.keys()];
    const any = () => ids[Math.floor(next() * ids.length)]!;
    if (roll < 0.2) make();
    else if (roll < 0.35 && ids.length > 0) workspace.set(any(), clock++);
    else if (roll < 0.5 && ids.length > 0) workspace.delete(any());
    else if (roll < 0.6 && state.rows.length > 0) {
      const id = state.rows[Math.floor(next() * state.rows.length)]!.id;
      const gone = !workspace.delete(id);
      state = settle(read(removeTemplateRow(state, id, gone), 1, true));
    } else if (roll < 0.7) {
      make();
      state = settle(read(state, 1, true));
    } else if (roll < 0.8) state = settle(read(state, 1, true));
    else if (hasMoreTemplates(state)) state = pressShowMore(state);
  }
  state = settle(read(state, 1, true));
  let idle = 0;
  for (let presses = 0; presses < 30 && hasMoreTemplates(state); presses++) {
    const before = state.rows.length;
    state = pressShowMore(state);
    if (state.rows.length === before) idle++;
  }
  const held = new Set(state.rows.map((row) => row.id));
  return { unreached: [...workspace.keys()].filter((id) => !held.has(id)), idle, stale: [...held].filter((id) => !workspace.has(id)) };
}

