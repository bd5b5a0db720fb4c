// The library host: CORS pre-flights, the control surface, images, then the `/v1` API with
// keys, per-minute limits, injected faults and the documented error shape.
import type { EmulatorState } from '../emulator-state';
import { RATE_LIMITS } from '../emulator-state';
import { handleControl, isControlPath } from '../control/control-routes';
import { applyFault } from '../http/apply-fault';
import { preflightHeaders } from '../http/cors';
import type { HostHandler, HostOutcome } from '../http/host-server';
import { imageRequestEntry, recordImageRequest } from '../http/image-requests';
import { createRouter } from '../http/router';
import { RequestProblem, type EmulatorRequest, type EmulatorResponse } from '../http/types';
import { advanceBrandRequests } from './brand-request-processing';
import { libraryErrorResponse, type LibraryCaller, type LibraryHandler } from './context';
import { createBrandRequest, listBrandRequests } from './handlers/brand-requests';
import { getBrand, getInsights, listBrands } from './handlers/brands';
import { getEmail, listEmails } from './handlers/emails';
import { getJourney, listJourneys } from './handlers/journeys';
import { getCollection, listCollections, listFollowedEmails, listFollows, listLikes } from './handlers/me';
import { serveLibraryImage } from './image-routes';

const router = createRouter<LibraryHandler>();
router.add('GET', '/v1/emails', listEmails);
router.add('GET', '/v1/emails/:id', getEmail);
router.add('GET', '/v1/brands', listBrands);
router.add('GET', '/v1/brands/:slug', getBrand);
router.add('GET', '/v1/brands/:slug/insights', getInsights);
router.add('GET', '/v1/journeys', listJourneys);
router.add('GET', '/v1/journeys/:brand', getJourney);
router.add('GET', '/v1/me/follows', listFollows);
router.add('GET', '/v1/me/follows/emails', listFollowedEmails);
router.add('GET', '/v1/me/likes', listLikes);
router.add('GET', '/v1/me/collections', listCollections);
router.add('GET', '/v1/me/collections/:id', getCollection);
router.add('POST', '/v1/brand-requests', createBrandRequest);
router.add('GET', '/v1/brand-requests', listBrandRequests);

type CallerResult = { ok: true; caller: LibraryCaller } | { ok: false; message: string };

function identifyCaller(state: EmulatorState, request: EmulatorRequest): CallerResult {
  const header = request.headers['authorization'];
  if (header === undefined || header.trim() === '') return { ok: true, caller: { tier: 'anonymous', account: null } };
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  if (!match) return { ok: false, message: 'The Authorization header must be "Bearer <API key>".' };
  const record = state.library.keys.get(match[1]!);
  if (!record) return { ok: false, message: 'The API key is not valid.' };
  if (record.revoked) return { ok: false, message: 'The API key was revoked by its owner.' };
  return { ok: true, caller: { tier: 'free', account: state.library.accounts.get(record.accountId) ?? null } };
}

function withRateHeaders(response: EmulatorResponse, tier: LibraryCaller['tier']): EmulatorResponse {
  const limit = tier === 'anonymous' ? RATE_LIMITS.libraryAnonymousPerMinute : RATE_LIMITS.libraryKeyedPerMinute;
  return { ...response, headers: { ...response.headers, 'X-RateLimit-Limit': String(limit), 'X-RateLimit-Tier': tier } };
}

function rateLimitedResponse(retryAfterSeconds: number): EmulatorResponse {
  return libraryErrorResponse(429, 'rate_limited', `Too many requests this minute; retry in ${retryAfterSeconds} seconds.`, {
    'Retry-After': String(retryAfterSeconds),
  });
}

function problemResponse(error: unknown): EmulatorResponse {
  if (error instanceof RequestProblem) return libraryErrorResponse(error.status, error.code, error.message, error.headers);
  throw error;
}

function handleApi(state: EmulatorState, request: EmulatorRequest): HostOutcome {
  const nowMs = state.clock.nowMs();
  advanceBrandRequests(state.library, nowMs);
  const identified = identifyCaller(state, request);
  if (!identified.ok) return { response: withRateHeaders(libraryErrorResponse(401, 'unauthorized', identified.message), 'anonymous') };
  const caller = identified.caller;
  const respond = (response: EmulatorResponse): EmulatorResponse => withRateHeaders(response, caller.tier);
  if (state.limits === 'real') {
    const decision =
      caller.account === null
        ? state.limiters.libraryAnonymous.hit(`ip:${request.remoteAddress}`, nowMs)
        : state.limiters.libraryKeyed.hit(`account:${caller.account.id}`, nowMs);
    if (!decision.allowed) return { response: respond(rateLimitedResponse(decision.retryAfterSeconds)) };
  }
  const match = router.match(request.method, request.path);
  if (match.kind === 'none') return { response: respond(libraryErrorResponse(404, 'not_found', `There is no endpoint ${request.method} ${request.path}.`)) };
  if (match.kind === 'wrong_method') {
    const allowed = match.allowed.join(', ');
    return { response: respond(libraryErrorResponse(405, 'method_not_allowed', `${request.path} only answers ${allowed}.`, { Allow: allowed })) };
  }
  if (request.bodyTooLarge) {
    return { response: respond(libraryErrorResponse(413, 'payload_too_large', 'The request body is larger than 2 MB.')) };
  }
  const run = (): EmulatorResponse => {
    try {
      return respond(
        match.handler({ data: state.library, libraryUrl: state.urls.library, clock: state.clock, caller, request, params: match.params }),
      );
    } catch (error) {
      return respond(problemResponse(error));
    }
  };
  return applyFault(state.faults.draw(), state.faults, run, {
    unavailable: () => respond(libraryErrorResponse(503, 'unavailable', 'The service is briefly unavailable; retry shortly.')),
    rateLimited: (seconds) => respond(rateLimitedResponse(seconds)),
  });
}

export function createLibraryHost(state: EmulatorState): HostHandler {
  return async (request) => {
    if (request.method === 'OPTIONS') return { response: { status: 204, headers: preflightHeaders(), body: null } };
    if (isControlPath(request.path)) return { response: handleControl(state, request) };
    if (request.path.startsWith('/images/')) {
      const { outcome, kind, fault } = serveLibraryImage(request, state.library, state.images, state.clock.nowMs());
      recordImageRequest(state, imageRequestEntry('library', request, { kind, status: outcome.response.status, fault }));
      return outcome;
    }
    state.apiRequests.library += 1;
    return handleApi(state, request);
  };
}
