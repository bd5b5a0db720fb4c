// The workspace's templates as the list shows them, a page at a time. Pure, so the ordering rules
// are tested without a browser: reading page 1 starts over (the rows shown stay until its answer,
// so a form open in one is not lost meanwhile), and an answer to a request that a
// later one replaced is dropped ("Show more" answered after a reload would put page 2 above page 1).
import type { TemplatePage, TemplateRow } from '../../src/shared/bridge/messages';
import type { TemplateProblem } from './template-words';
import { compareServerTimes } from '../../src/shared/api/builder/server-time';

export interface TemplateListState {
  rows: TemplateRow[];
  /** The page asked for last (asked again by "Try again"). */
  page: number;
  last: TemplatePage | null;
  loading: boolean;
  problem: TemplateProblem | null;
  /** The request the list waits for; answers to any other are stale. */
  awaiting: number;
  /** Page 1 is read again after a change made here: the rows below it stay (a form open in one, the person's place). */
  keepBelow: boolean;
  /** Templates per page, learnt from a page followed by more; null until then. */
  pageSize: number | null;
  /** A later page repeated a template held: one was saved or changed elsewhere and went to the top, above the pages read. */
  topChanged: boolean;
  /**
   * Templates (by id) whose deletion here may have gone through unconfirmed (its answer was lost).
   * Kept here, not in the row: a row the filter hides is no longer drawn, and what it knew went with it.
   */
  deletionsUnconfirmed: readonly string[];
  /**
   * A page read after fewer templates were counted than before (a teammate deleted some from the
   * pages read): the templates first on it slid onto the page before, read already, and would be
   * skipped. That page is to be read again (askTemplatePageAgain); null when none is.
   */
  readAgain: number | null;
  /** Where the list stood before the page it reads again: it stands there again with its answer. */
  againFrom: { page: number; last: TemplatePage | null } | null;
  /**
   * A page to read again (readAgain, or one being read again) when page 1 was asked for again
   * first (a save here, coming back to the screen): read again after page 1's answer, which does
   * not ask for it (the fall in the count that did was counted already), or its templates are skipped.
   */
  owedAgain: number | null;
  /**
   * Page 1 was asked for afresh (a new key or address: nothing kept below it) and is not answered
   * yet, or its read failed: until it is answered, page 1 asked for again is read afresh too.
   */
  afreshUnanswered: boolean;
  /**
   * Rows held that the builder no longer lists: counted by how far its count of templates fell since
   * the pages were read, and afresh on the last page (every template listed is held there). Which
   * they are is not known (each says so when opened), but they are not counted as templates read,
   * or the list would end before its last page.
   */
  goneElsewhere: number;
  /**
   * The first page "Show more" may read: past a later page that brought no template not held (the
   * rows counted as gone elsewhere were too many: a template deleted on a page not read yet), or
   * it would read that page again, and page 1 after it, for ever. 0 until then.
   */
  notBefore: number;
  /**
   * The builder's count when page 1 was last read, less the deletions counted since on later pages
   * (and those made here): page 1 read again then says how many were deleted elsewhere, the
   * templates made since counted in (null before the first read).
   */
  countAtTop: number | null;
  /** The newest change page 1 had when last read: a template new on it made before then was there already, changed since (null before). */
  topTime: string | null;
  /**
   * Page 1 read again was all templates changed since `since` (page 1's newest change the time
   * before): the pages after it are read again until one reaches a template changed before then.
   * Null when no such reading is under way.
   */
  band: { since: string | null; sweep?: boolean } | null;
  /**
   * Every page was read again (a sweep) and no read since brought a template not held: nothing is
   * left to read, whatever the count says (a template the sweep still missed is not asked for by
   * reading the same pages again, for ever).
   */
  swept: boolean;
}

export const initialTemplateList: TemplateListState = { rows: [], page: 1, last: null, loading: true, problem: null, awaiting: 0, keepBelow: false, pageSize: null, topChanged: false, deletionsUnconfirmed: [], readAgain: null, againFrom: null, owedAgain: null, afreshUnanswered: false, goneElsewhere: 0, notBefore: 0, countAtTop: null, topTime: null, band: null, swept: false };

/**
 * Asks for `page` (`keepBelow`: page 1 read again, the rows below it kept). Page 1 asked for again
 * before a read afresh of it was answered stays afresh: that read is of a new key or address, and
 * rows read with the old one would stay below it (a deletion answered meanwhile reads page 1 again,
 * as do a save and coming back to the screen, also after that read failed).
 */
export function askTemplatePage(state: TemplateListState, page: number, request: number, keepBelow = false): TemplateListState {
  const afresh = page === 1 && (!keepBelow || state.afreshUnanswered);
  const owedAgain = afresh ? null : (state.readAgain ?? (state.againFrom !== null ? state.page : state.owedAgain));
  return { ...state, page, loading: true, problem: null, awaiting: request, keepBelow: page === 1 ? !afresh : keepBelow, readAgain: null, againFrom: null, owedAgain, afreshUnanswered: afresh || state.afreshUnanswered, notBefore: afresh ? 0 : state.notBefore };
}

/**
 * Asks for `page` again (as `readAgain` said): its templates not held join the rows where they
 * belong, and the list stands where it stood. Not once another read was asked for since (its
 * answer would be dropped): this one's answer is then dropped instead.
 */
export function askTemplatePageAgain(state: TemplateListState, page: number, request: number): TemplateListState {
  if (state.readAgain !== page || state.loading) return state;
  return { ...state, page, loading: true, problem: null, awaiting: request, keepBelow: true, readAgain: null, againFrom: { page: state.page, last: state.last } };
}

/**
 * The templates of a page read again joined to the rows held, newest change first as the builder
 * lists them; a held row the page has a later copy of takes it.
 */
function joinInOrder(held: readonly TemplateRow[], page: readonly TemplateRow[]): TemplateRow[] {
  const answered = new Map(page.map((row) => [row.id, row]));
  const rows = held.map((row) => {
    const copy = answered.get(row.id);
    return copy !== undefined && compareServerTimes(copy.updatedAt, row.updatedAt) > 0 ? copy : row;
  });
  const ids = new Set(held.map((row) => row.id));
  for (const template of page) {
    if (ids.has(template.id)) continue;
    const before = rows.findIndex((row) => compareServerTimes(row.updatedAt, template.updatedAt) < 0);
    rows.splice(before < 0 ? rows.length : before, 0, template);
  }
  return rows;
}

/**
 * `inUse`: held rows a page 1 that lists every template (no more after it) keeps though it lacks
 * them (a change of theirs on its way, a rename typed, the keyboard in one): each says it is gone
 * when its own action is answered. So does one whose deletion here lost its answer: Delete pressed
 * again says it is deleted (its row gone unsaid, the designer would not know). Its mark stays while
 * its row is held, also after a page listed it: a deletion that ran out of time may land later. The
 * others not on it were deleted elsewhere, and go.
 */
export function answerTemplatePage(state: TemplateListState, request: number, answer: TemplatePage, inUse: (id: string) => boolean = () => false): TemplateListState {
  if (request !== state.awaiting) return state;
  if (state.againFrom !== null) {
    const { page, last } = state.againFrom;
    const rows = joinInOrder(state.rows, answer.templates);
    // Templates made since page 1 was read before, found past it, are in the count page 1 read
    // again had: as on page 1, a count that stayed while they were made is as many deleted elsewhere.
    const heldIds = new Set(state.rows.map((row) => row.id));
    const sweep = state.band?.sweep === true;
    const made = state.band === null || sweep ? 0 : answer.templates.filter((row) => !heldIds.has(row.id) && madeSince(row, state.band!.since)).length;
    // Back on the last page (or a sweep's last): the rows held beyond the builder's count are those gone.
    const atEnd = (sweep && !answer.hasMore) || (last !== null && !last.hasMore);
    const goneElsewhere = atEnd && answer.total !== null ? Math.max(0, rows.length - answer.total) : state.goneElsewhere + made;
    const band = state.band !== null && (sweep ? answer.hasMore : topBandOpen(state.rows, answer, state.band.since)) ? state.band : null;
    const swept = state.swept || (sweep && !answer.hasMore);
    const owed = band === null && state.owedAgain !== state.page ? state.owedAgain : null;
    return { ...state, rows, page, last: last && { ...last, total: answer.total }, loading: false, problem: null, againFrom: null, goneElsewhere, readAgain: band !== null ? state.page + 1 : owed, owedAgain: band !== null ? state.owedAgain : null, band, swept };
  }
  // A row changed here while the page was on its way (a rename answered first) is later than the
  // page's copy of it, which would put the old name back: the later of the two is kept.
  const held = new Map(state.rows.map((row) => [row.id, row]));
  const templates = answer.templates.map((row) => {
    const mine = held.get(row.id);
    return mine !== undefined && compareServerTimes(mine.updatedAt, row.updatedAt) > 0 ? mine : row;
  });
  const fresh = new Set(templates.map((row) => row.id));
  const whole = state.page === 1 && !answer.hasMore;
  const kept = (row: TemplateRow) => inUse(row.id) || state.deletionsUnconfirmed.includes(row.id);
  const gone = goneFromPage(state.rows, answer.templates, state.page !== 1 && !answer.hasMore);
  const others = state.rows.filter((row) => !fresh.has(row.id) && (kept(row) || (!whole && !gone.has(row.id))));
  const dropped = state.rows.filter((row) => gone.has(row.id) && !kept(row)).length;
  // A template changed between pages moves to the top: kept once, where it is now.
  const rows = state.page !== 1 ? [...others, ...templates] : state.keepBelow ? [...templates, ...others] : templates;
  const pageSize = answer.hasMore ? Math.max(state.pageSize ?? 0, answer.templates.length) : state.pageSize;
  const topChanged = state.page !== 1 && (state.topChanged || others.length < state.rows.length);
  const known = state.last?.total ?? null;
  const afresh = state.page === 1 && !state.keepBelow;
  // Page 1 read again: the templates new on it made since (here or elsewhere) are in the builder's
  // count too, so a count that stayed while one was made elsewhere is one deleted elsewhere. One
  // made before page 1 was last read was not on it then, so was changed since (a teammate renamed
  // one not read yet), and is not in the count again. (Without its making time it counts as made:
  // too many rows counted gone asks a page read already, never skips one, and the last page counts exactly.)
  const made = state.page === 1 && !afresh ? answer.templates.filter((row) => !held.has(row.id) && madeSince(row, state.topTime)).length : 0;
  const before = state.page === 1 ? (state.countAtTop ?? known) : known;
  const fell = !afresh && before !== null && answer.total !== null ? Math.max(0, before - answer.total + made) : 0;
  const countAtTop = state.page === 1 ? answer.total : state.countAtTop === null ? null : state.countAtTop - fell;
  const topTime = state.page === 1 ? (answer.templates[0]?.updatedAt ?? null) : state.topTime;
  // Page 1 is read whole: only a later page has a page before it, read already, that templates slid onto.
  // Page 1 read again all of templates changed since (or new) may have more of them on page 2: read as a page read again.
  // A band of pages cut short (page 1 read again first: a save here, coming back) goes on from its own time.
  const since = state.band !== null && state.band.sweep !== true ? state.band.since : state.topTime;
  const bandOpen = state.page === 1 && !afresh && topBandOpen(state.rows, answer, since);
  // Page 1 answered: what was read with an old key or address is gone, and with nothing kept below, the rows gone elsewhere too.
  const afreshUnanswered = state.afreshUnanswered && state.page !== 1;
  // The last page: every template listed is held, so the rows held beyond the builder's count are those gone (a fall counted
  // above may have been of a template on a page not read yet).
  // Those known gone (left out above) are no longer held, whether counted in this fall or in one before.
  const counted = afresh ? 0 : Math.max(0, state.goneElsewhere + fell - dropped);
  // A deletion seen moves the pages' edges back: the page past the one that brought nothing may hold
  // a template not read, slid back.
  const broughtNothing = state.page !== 1 && answer.hasMore && templates.every((row) => held.has(row.id));
  const notBefore = fell > 0 || dropped > 0 ? 0 : broughtNothing ? Math.max(state.notBefore, state.page + 1) : state.notBefore;
  const goneElsewhere = !answer.hasMore && answer.total !== null && !afresh ? Math.max(0, rows.length - answer.total) : counted;
  // The last page read, and the builder counts more templates than the rows it still lists: some
  // slid past the pages as they were read (changes elsewhere moved their edges). Every page is read
  // again, joined, from page 1 to the last (a sweep), rather than asking the same pages for ever.
  const swept = !afresh && state.swept && answer.templates.every((row) => held.has(row.id));
  const shortfall = !swept && state.page !== 1 && !answer.hasMore && answer.total !== null && Math.max(0, rows.length - goneElsewhere) < answer.total;
  const band = bandOpen ? { since } : shortfall ? { since: null, sweep: true } : state.page === 1 ? null : state.band;
  // A page owed a read again goes after a band of pages from page 1 (which may reach it), else now.
  const owed = afresh ? null : state.owedAgain;
  const readAgain = fell > 0 && state.page !== 1 ? state.page - 1 : bandOpen ? 2 : shortfall ? 1 : owed;
  // Templates new at the top since (a save here, a teammate's) push those that slid onto the owed
  // page on to the next: that one is read again after it (the path of a page read again above reads it).
  const pushed = owed !== null && readAgain === owed && pageSize !== null && owed * pageSize < Math.max(0, rows.length - goneElsewhere) && answer.templates.some((row) => !held.has(row.id));
  const owedAgain = readAgain === owed ? (pushed ? owed + 1 : null) : owed;
  return { ...state, rows, last: answer, loading: false, problem: null, pageSize, topChanged, deletionsUnconfirmed: heldOnly(state.deletionsUnconfirmed, rows), readAgain, owedAgain, afreshUnanswered, goneElsewhere, notBefore, countAtTop, topTime, band, swept };
}

/** Whether `row` was made at or after `since` (page 1's newest change when read before), or may have been: its making time unknown. */
function madeSince(row: TemplateRow, since: string | null): boolean {
  return row.createdAt === undefined || since === null || compareServerTimes(row.createdAt, since) >= 0;
}

/**
 * Whether a page read again may be followed by more templates changed (or made) since page 1 was
 * read before, at `since` (its newest change): all of it is newer, and more pages follow. Those go
 * to the top, so more than a page of them (a teammate's import, say) fills page 1 and reaches page
 * 2; the count alone would not tell (a deletion elsewhere offsets an addition), and they would
 * never show. Without `since` (page 1 never answered with a template), a page with none held as it
 * was is taken for all changed.
 */
function topBandOpen(held: readonly TemplateRow[], answer: TemplatePage, since: string | null): boolean {
  if (!answer.hasMore || answer.templates.length === 0) return false;
  if (since !== null) return answer.templates.every((row) => compareServerTimes(row.updatedAt, since) > 0);
  const byId = new Map(held.map((row) => [row.id, row]));
  return !answer.templates.some((row) => {
    const mine = byId.get(row.id);
    return mine !== undefined && compareServerTimes(mine.updatedAt, row.updatedAt) >= 0;
  });
}

/**
 * The rows held that a page shows were deleted: the builder lists templates newest change first,
 * so one changed strictly between the page's newest and oldest would be on it (changed since, it
 * would be newer than all of it: a template changed elsewhere goes to the top, and a later page
 * then repeats one held, which reads page 1 again, where it is). The last page (`lastPage`, not
 * page 1) lists the oldest templates, so one held older than all of it is gone too. Ties say nothing.
 */
function goneFromPage(held: readonly TemplateRow[], page: readonly TemplateRow[], lastPage: boolean): Set<string> {
  const gone = new Set<string>();
  if (page.length === 0 || (page.length < 2 && !lastPage)) return gone;
  const listed = new Set(page.map((row) => row.id));
  const newest = page[0]!.updatedAt;
  const oldest = page[page.length - 1]!.updatedAt;
  for (const row of held) {
    if (listed.has(row.id) || compareServerTimes(row.updatedAt, newest) >= 0) continue;
    if (compareServerTimes(row.updatedAt, oldest) > 0 || (lastPage && compareServerTimes(row.updatedAt, oldest) < 0)) gone.add(row.id);
  }
  return gone;
}

/** Whether page 1 should be read again (keeping the rows below): a template went to the top since it was read. */
export function topChangedSinceRead(state: TemplateListState): boolean {
  return state.topChanged && !state.loading && state.problem === null;
}

/**
 * The page "Show more" reads: the one after the rows held. A deletion or a save here moves the
 * pages' edges, so counting pages read would skip a template (or read one again). Never a page
 * before the one after the last read: a template a teammate changed moves to the top, so a page
 * read later repeats one held, and counting rows alone would ask for that page forever.
 */
export function nextTemplatePage(state: TemplateListState): number {
  return Math.max(state.notBefore, state.pageSize === null ? state.page + 1 : Math.max(Math.floor(listedRows(state) / state.pageSize) + 1, state.page + 1));
}

/** The rows held that the builder still lists, as far as the list knows. */
export function listedRows(state: TemplateListState): number {
  return Math.max(0, state.rows.length - state.goneElsewhere);
}

/**
 * How many more pages one press of Show more reads by itself while it has brought no template not
 * held: the list counts deletions elsewhere on the safe side, so the page it reads may be one held
 * already (or one repeating held rows, after which page 1 is read again), and the press would bring nothing.
 */
export const SHOW_MORE_READS_ON = 2;

/**
 * Whether a press of Show more reads another page by itself: the list has settled (no page of its
 * own to read), Show more is still offered, and no row has come that `shownBefore` (the rows'
 * ids before the press) lacks; `readsOn` pages were read on so far.
 */
export function showMoreReadsOn(state: TemplateListState, shownBefore: ReadonlySet<string>, readsOn: number): boolean {
  if (readsOn >= SHOW_MORE_READS_ON || state.loading || state.readAgain !== null || topChangedSinceRead(state)) return false;
  return templateListButton(state) === 'Show more' && state.rows.every((row) => shownBefore.has(row.id));
}

/** Whether the workspace holds templates the list has not read yet (none past the last page, whatever the count). */
export function hasMoreTemplates(state: TemplateListState): boolean {
  if (state.last === null || state.swept) return false;
  return state.last.hasMore && (state.last.total === null || listedRows(state) < state.last.total);
}

/**
 * A read afresh (page 1, nothing kept below: the builder's key or address changed) whose key is
 * refused leaves no rows: those were read with the key before and cannot be opened, renamed or
 * deleted with this one.
 */
export function failTemplatePage(state: TemplateListState, request: number, problem: TemplateProblem): TemplateListState {
  if (request !== state.awaiting) return state;
  // A page read again that failed: the list stands where it stood, that page still to read again (Try again reads it).
  if (state.againFrom !== null) return { ...state, page: state.againFrom.page, last: state.againFrom.last, loading: false, problem, readAgain: state.page, againFrom: null };
  return problem.action === 'settings' && state.page === 1 && !state.keepBelow ? { ...initialTemplateList, awaiting: request, loading: false, problem } : { ...state, loading: false, problem };
}

/**
 * A template changed from its row (renamed), put back where it is: the list is not read again, so
 * its rows stay mounted and the focus stays on the row (its place catches up at the next read).
 */
export function replaceTemplateRow(state: TemplateListState, changed: TemplateRow): TemplateListState {
  return { ...state, rows: state.rows.map((row) => (row.id === changed.id ? changed : row)) };
}

/**
 * A frame unlinked here: its template's row no longer names it, at once. Unlinking asks nothing of
 * the builder, so nothing reads the list again, and a read of page 1 would leave a row below it as it was.
 */
export function unlinkFrameRows(state: TemplateListState, frameId: string): TemplateListState {
  return { ...state, rows: state.rows.map((row) => (row.linkedFrame?.id === frameId ? { ...row, linkedFrame: null } : row)) };
}

/**
 * A template deleted from its row: gone at once (its confirmation with it), before the list reads
 * again, and from the workspace's count: that read may fail, and "Deleted X. 4 templates" stood
 * over the 3 left.
 */
export function removeTemplateRow(state: TemplateListState, id: string, alreadyGone = false): TemplateListState {
  const rows = state.rows.filter((row) => row.id !== id);
  const removed = rows.length < state.rows.length;
  // Already gone, with rows counted as gone elsewhere: most likely one of them, which the builder's count left out already.
  if (removed && alreadyGone && state.goneElsewhere > 0) return { ...state, rows, goneElsewhere: state.goneElsewhere - 1, deletionsUnconfirmed: heldOnly(state.deletionsUnconfirmed, rows), notBefore: 0 };
  const total = state.last?.total ?? null;
  const last = state.last && total !== null && removed ? { ...state.last, total: Math.max(rows.length - state.goneElsewhere, total - 1) } : state.last;
  // The pages' edges move back with it: no page is past reading any more (see notBefore).
  const countAtTop = removed && state.countAtTop !== null ? state.countAtTop - 1 : state.countAtTop;
  return { ...state, rows, last, deletionsUnconfirmed: heldOnly(state.deletionsUnconfirmed, rows), notBefore: removed ? 0 : state.notBefore, countAtTop };
}

/** Only the ids of rows still held: one whose row went (deleted, or not in a read afresh) has no Delete left to press again. */
function heldOnly(ids: readonly string[], rows: readonly TemplateRow[]): readonly string[] {
  return ids.length === 0 ? ids : ids.filter((id) => rows.some((row) => row.id === id));
}

/**
 * A deletion of the template `id` failed in a way that may hide it done (its answer was lost):
 * pressed again, the builder's "already gone" is then most likely this designer's own deletion.
 */
export function markDeletionUnconfirmed(state: TemplateListState, id: string): TemplateListState {
  return state.deletionsUnconfirmed.includes(id) ? state : { ...state, deletionsUnconfirmed: [...state.deletionsUnconfirmed, id] };
}

/**
 * Whether the builder's "already gone" for the template `id` is a deletion made elsewhere: not
 * when a deletion of it from here may have gone through unconfirmed ("Deleted “X”." is said then).
 */
export function deletedElsewhere(state: TemplateListState, id: string, alreadyGone: boolean): boolean {
  return alreadyGone && !state.deletionsUnconfirmed.includes(id);
}

/**
 * What the button under the list reads: "Try again" after a failure another try can mend, "Show
 * more" while pages are left, else none. A key to add or replace is mended in Settings, whose
 * save reads the list again, and a wait the builder asked for is counted down and the list read
 * again at its end: a "Try again" beside either could only fail the same way.
 */
export function templateListButton(state: TemplateListState): 'Try again' | 'Show more' | null {
  if (state.problem) return state.problem.action === 'settings' || state.problem.retryAfterSeconds !== undefined ? null : 'Try again';
  return hasMoreTemplates(state) ? 'Show more' : null;
}

/** The filter shows over templates (or what is typed in it): not over an empty workspace, nor over a list never read (no key, say). */
export function showsTemplateFilter(state: TemplateListState, query: string): boolean {
  return query.trim() !== '' || (state.last !== null && (state.last.total ?? state.rows.length) > 0);
}
