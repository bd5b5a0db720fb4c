// Design-system sync and changes: /api/plugin/design-systems/:id/sync and …/changes.
import { parseDateOrDateTime } from '../../core/dates';
import { readIntParam, readJsonBody } from '../../http/query-params';
import { changesPage, decodeCursor, encodeCursor } from '../changes';
import { builderOk, invalidRequest, notFound, type BuilderHandler, type BuilderRequestContext } from '../context';
import { issueReadTime, issueWriteTime, type DesignSystem } from '../model';
import { componentShape } from '../shapes';
import { applySync } from '../sync';
import { readSyncBody, SyncBodyProblem, type SyncInput } from '../sync-body';

function findDesignSystem(ctx: BuilderRequestContext): DesignSystem {
  const designSystem = ctx.store.designSystems.get(ctx.params['id']!);
  if (!designSystem) throw notFound(`Design system "${ctx.params['id']!.slice(0, 80)}" was not found.`);
  return designSystem;
}

export const syncDesignSystem: BuilderHandler = (ctx) => {
  const designSystem = findDesignSystem(ctx);
  let input: SyncInput;
  try {
    input = readSyncBody(readJsonBody(ctx.request.body, 'invalid_request'));
  } catch (error) {
    if (error instanceof SyncBodyProblem) throw invalidRequest(error.message);
    throw error;
  }
  const writeTimeMs = issueWriteTime(ctx.store, ctx.clock.nowMs());
  const result = applySync(designSystem, input, writeTimeMs);
  return builderOk({
    accepted: result.accepted.map((item) => ({ key: item.key, hash: item.hash, updated_at: new Date(item.updatedAtMs).toISOString() })),
    deleted: result.deleted,
    conflicts: result.conflicts.map((component) => componentShape(ctx.builderUrl, designSystem.id, component)),
    synced_at: new Date(writeTimeMs).toISOString(),
  });
};

export const getChanges: BuilderHandler = (ctx) => {
  const designSystem = findDesignSystem(ctx);
  const query = ctx.request.query;
  const limit = readIntParam(query, 'limit', { min: 1, max: 500, fallback: 200 }, 'invalid_request');
  const rawSince = query.get('since');
  let sinceMs: number | null = null;
  if (rawSince !== null) {
    sinceMs = parseDateOrDateTime(rawSince);
    if (sinceMs === null) throw invalidRequest('since must be an ISO 8601 date or date-time, e.g. 2026-11-21T10:00:00.000Z.');
  }
  const rawCursor = query.get('cursor');
  let after: { updatedAtMs: number; key: string } | null = null;
  if (rawCursor !== null) {
    const position = decodeCursor(rawCursor);
    if (!position) throw invalidRequest('cursor is not one this server issued; start again without it.');
    // The cursor carries the `since` of the first page.
    sinceMs = position.sinceMs;
    after = { updatedAtMs: position.afterUpdatedAtMs, key: position.afterKey };
  }
  const serverTimeMs = issueReadTime(ctx.store, ctx.clock.nowMs());
  const page = changesPage(designSystem.components.values(), sinceMs, after, limit);
  return builderOk({
    components: page.items.map((component) => componentShape(ctx.builderUrl, designSystem.id, component)),
    server_time: new Date(serverTimeMs).toISOString(),
    next_cursor: page.next ? encodeCursor(page.next) : null,
  });
};
