// What a library handler gets: the data, the clock, the caller and where images are served.
import type { EmulatorClock } from '../core/clock';
import { jsonResponse, RequestProblem, type EmulatorRequest, type EmulatorResponse } from '../http/types';
import type { Account } from './model';
import { ATTRIBUTION, type ShapeContext } from './shapes';

export interface LibraryCaller {
  tier: 'anonymous' | 'free';
  account: Account | null;
}

export interface LibraryRequestContext extends ShapeContext {
  clock: EmulatorClock;
  caller: LibraryCaller;
  request: EmulatorRequest;
  params: Record<string, string>;
}

export type LibraryHandler = (ctx: LibraryRequestContext) => EmulatorResponse;

/** Library success envelope; `meta.attribution` always comes last. */
export function libraryOk(data: unknown, meta: Record<string, unknown> = {}, status = 200): EmulatorResponse {
  return jsonResponse(status, { data, meta: { ...meta, attribution: { ...ATTRIBUTION } } });
}

export function libraryErrorResponse(status: number, code: string, message: string, headers: Record<string, string> = {}): EmulatorResponse {
  return jsonResponse(status, { error: { code, message } }, headers);
}

/** 400 `bad_request` naming the parameter (docs/api/api-assumptions.md, "generic 400 code"). */
export function badRequest(message: string): RequestProblem {
  return new RequestProblem(400, 'bad_request', message);
}

export function notFound(message: string): RequestProblem {
  return new RequestProblem(404, 'not_found', message);
}

export function requireAccount(ctx: LibraryRequestContext): Account {
  if (!ctx.caller.account) throw new RequestProblem(401, 'unauthorized', 'This endpoint needs an API key: send Authorization: Bearer <key>.');
  return ctx.caller.account;
}
