// The workspace's templates as the list shows them, a page at a time. Pure, so the ordering rules
// are tested without a browser: reading page 1 starts over (the rows shown stay until its answer,
// so a form open in one is not lost meanwhile), and an answer to a request that a
// later one replaced is dropped ("Show more" answered after a reload would put page 2 above page 1).
import type { TemplatePage, TemplateRow } from '../../src/shared/bridge/messages';
import type { TemplateProblem } from './template-words';

export interface TemplateListState {
  rows: TemplateRow[];
  /** The page asked for last (asked again by "Try again"). */
  page: number;
  last: TemplatePage | null;
  loading: boolean;
  problem: TemplateProblem | null;
  /** The request the list waits for; answers to any other are stale. */
  awaiting: number;
}

export const initialTemplateList: TemplateListState = { rows: [], page: 1, last: null, loading: true, problem: null, awaiting: 0 };

export function askTemplatePage(state: TemplateListState, page: number, request: number): TemplateListState {
  return { ...state, page, loading: true, problem: null, awaiting: request };
}

export function answerTemplatePage(state: TemplateListState, request: number, answer: TemplatePage): TemplateListState {
  if (request !== state.awaiting) return state;
  // A template changed between pages moves to the top: kept once, where it is now.
  const rows = state.page === 1 ? answer.templates : [...state.rows.filter((row) => !answer.templates.some((fresh) => fresh.id === row.id)), ...answer.templates];
  return { ...state, rows, last: answer, loading: false, problem: null };
}

export function failTemplatePage(state: TemplateListState, request: number, problem: TemplateProblem): TemplateListState {
  return request === state.awaiting ? { ...state, loading: false, problem } : state;
}

/**
 * A template changed from its row (renamed), put back where it is: the list is not read again, so
 * its rows stay mounted and the focus stays on the row (its place catches up at the next read).
 */
export function replaceTemplateRow(state: TemplateListState, changed: TemplateRow): TemplateListState {
  return { ...state, rows: state.rows.map((row) => (row.id === changed.id ? changed : row)) };
}

/** A template deleted from its row: gone at once (its confirmation with it), before the list reads again. */
export function removeTemplateRow(state: TemplateListState, id: string): TemplateListState {
  return { ...state, rows: state.rows.filter((row) => row.id !== id) };
}
