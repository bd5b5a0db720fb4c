// What a builder handler gets, and the builder's envelope and error shape.
import type { EmulatorClock } from '../core/clock';
import { jsonResponse, RequestProblem, type EmulatorRequest, type EmulatorResponse } from '../http/types';
import type { BuilderStore } from './model';

export interface BuilderRequestContext {
  store: BuilderStore;
  clock: EmulatorClock;
  builderUrl: string;
  request: EmulatorRequest;
  params: Record<string, string>;
  apiKey: string;
}

export type BuilderHandler = (ctx: BuilderRequestContext) => EmulatorResponse;

export function builderOk(data: unknown, meta: Record<string, unknown> = {}, status = 200): EmulatorResponse {
  return jsonResponse(status, { data, meta });
}

export function builderErrorResponse(status: number, code: string, message: string, headers: Record<string, string> = {}): EmulatorResponse {
  return jsonResponse(status, { error: code, message }, headers);
}

export function invalidRequest(message: string): RequestProblem {
  return new RequestProblem(400, 'invalid_request', message);
}

export function notFound(message: string): RequestProblem {
  return new RequestProblem(404, 'not_found', message);
}
