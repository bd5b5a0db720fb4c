// The builder host: CORS pre-flights, the control surface, thumbnails, then the `/api` routes
// with `ef_` keys, 100 requests per rolling minute per key, the 2 MB body limit and faults.
import { handleControl, isControlPath } from '../control/control-routes';
import type { EmulatorState } from '../emulator-state';
import { applyFault } from '../http/apply-fault';
import { preflightHeaders } from '../http/cors';
import { imageRequestEntry, recordImageRequest } from '../http/image-requests';
import { requireJsonContentType } from '../http/query-params';
import type { HostHandler, HostOutcome } from '../http/host-server';
import { createRouter } from '../http/router';
import { RequestProblem, type EmulatorRequest, type EmulatorResponse } from '../http/types';
import { builderErrorResponse, type BuilderHandler } from './context';
import { getChanges, syncDesignSystem } from './handlers/design-systems';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from './handlers/templates';
import { serveBuilderImage } from './image-routes';

const router = createRouter<BuilderHandler>();
router.add('POST', '/api/templates', createTemplate);
router.add('GET', '/api/templates', listTemplates);
router.add('GET', '/api/templates/:id', getTemplate);
router.add('PUT', '/api/templates/:id', updateTemplate);
router.add('DELETE', '/api/templates/:id', deleteTemplate);
router.add('POST', '/api/plugin/design-systems/:id/sync', syncDesignSystem);
router.add('GET', '/api/plugin/design-systems/:id/changes', getChanges);

function bearerKey(request: EmulatorRequest): { ok: true; key: string } | { ok: false; message: string } {
  const header = request.headers['authorization'];
  if (header === undefined || header.trim() === '') return { ok: false, message: 'No API key was sent: use the header Authorization: Bearer ef_….' };
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  if (!match || !match[1]!.startsWith('ef_')) return { ok: false, message: 'The provided API key is not valid: builder keys look like "Bearer ef_…".' };
  return { ok: true, key: match[1]! };
}

function rateLimitedResponse(retryAfterSeconds: number): EmulatorResponse {
  return builderErrorResponse(429, 'rate_limited', `More than 100 requests in a minute for this key; retry in ${retryAfterSeconds} seconds.`, {
    'Retry-After': String(retryAfterSeconds),
  });
}

function handleApi(state: EmulatorState, request: EmulatorRequest): HostOutcome {
  const presented = bearerKey(request);
  if (!presented.ok) return { response: builderErrorResponse(401, 'invalid_api_key', presented.message) };
  if (!state.builder.keys.has(presented.key)) {
    return { response: builderErrorResponse(401, 'invalid_api_key', 'The provided API key is not valid.') };
  }
  const nowMs = state.clock.nowMs();
  if (state.limits === 'real') {
    const decision = state.limiters.builder.hit(presented.key, nowMs);
    if (!decision.allowed) return { response: rateLimitedResponse(decision.retryAfterSeconds) };
  }
  if (request.bodyTooLarge) {
    return { response: builderErrorResponse(413, 'payload_too_large', 'The request body is larger than 2 MB; send fewer components per request.') };
  }
  const match = router.match(request.method, request.path);
  if (match.kind === 'none') return { response: builderErrorResponse(404, 'not_found', `There is no endpoint ${request.method} ${request.path}.`) };
  if (match.kind === 'wrong_method') {
    const allowed = match.allowed.join(', ');
    return { response: builderErrorResponse(405, 'method_not_allowed', `${request.path} only answers ${allowed}.`, { Allow: allowed }) };
  }
  const run = (): EmulatorResponse => {
    try {
      if (request.method === 'POST' || request.method === 'PUT') requireJsonContentType(request.headers, 'invalid_request');
      return match.handler({ store: state.builder, clock: state.clock, builderUrl: state.urls.builder, request, params: match.params, apiKey: presented.key });
    } catch (error) {
      if (error instanceof RequestProblem) return builderErrorResponse(error.status, error.code, error.message, error.headers);
      throw error;
    }
  };
  return applyFault(state.faults.draw(), state.faults, run, {
    unavailable: () => builderErrorResponse(503, 'unavailable', 'The builder is briefly unavailable; retry shortly.'),
    rateLimited: rateLimitedResponse,
  });
}

export function createBuilderHost(state: EmulatorState): HostHandler {
  return async (request) => {
    if (request.method === 'OPTIONS') return { response: { status: 204, headers: preflightHeaders(), body: null } };
    if (isControlPath(request.path)) return { response: handleControl(state, request) };
    if (request.path.startsWith('/images/')) {
      const { response, kind } = serveBuilderImage(request, state.builder, state.images);
      recordImageRequest(state, imageRequestEntry('builder', request, { kind, status: response.status }));
      return { response };
    }
    state.apiRequests.builder += 1;
    return handleApi(state, request);
  };
}
