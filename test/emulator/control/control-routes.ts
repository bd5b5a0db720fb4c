// The `/_emulator/*` control surface (docs/api/api-assumptions.md), the same on both ports. Used by tests
// and the playground, never by the plugin. Errors are `{error, message}`.
import { createHash } from 'node:crypto';
import { parseFaultConfig } from '../core/faults';
import { parseDateOrDateTime } from '../core/dates';
import { componentShape } from '../builder/shapes';
import { BUILDER_KEYS, issueWriteTime, TEAMMATE } from '../builder/model';
import type { EmulatorState } from '../emulator-state';
import { isPlainObject } from '../http/query-params';
import { createRouter } from '../http/router';
import { jsonResponse, type EmulatorRequest, type EmulatorResponse } from '../http/types';
import { LIBRARY_KEYS, PREVIEW_FAULTS, removeEmail, type PreviewFault } from '../library/model';

type ControlHandler = (state: EmulatorState, body: unknown, params: Record<string, string>, query: URLSearchParams) => EmulatorResponse;

const problem = (status: number, message: string): EmulatorResponse =>
  jsonResponse(status, { error: status === 404 ? 'not_found' : 'invalid_request', message });

const getState: ControlHandler = (state) =>
  jsonResponse(200, {
    library: { base_url: state.urls.library, keys: { ...LIBRARY_KEYS } },
    builder: { base_url: state.urls.builder, keys: { ...BUILDER_KEYS }, design_systems: [...state.builder.designSystems.keys()] },
  });

// The API counts alone unless asked: the tests that read them compare the whole answer.
const getRequests: ControlHandler = (state, _body, _params, query) => {
  const include = query.getAll('include');
  if (include.some((part) => part !== 'images')) return problem(400, 'include may only be "images": GET /_emulator/requests?include=images.');
  if (include.length === 0) return jsonResponse(200, { ...state.apiRequests });
  return jsonResponse(200, { ...state.apiRequests, images: state.imageRequests.map((entry) => ({ ...entry })), images_dropped: state.imageRequestsDropped });
};

const reset: ControlHandler = (state) => {
  state.reset();
  return jsonResponse(200, { ok: true, now: state.clock.now().toISOString() });
};

const getClock: ControlHandler = (state) => jsonResponse(200, { now: state.clock.now().toISOString() });

const setClock: ControlHandler = (state, body) => {
  if (!isPlainObject(body)) return problem(400, 'Send {"advance_seconds": N} or {"now": "<ISO 8601>"}.');
  const { advance_seconds: advance, now } = body;
  if (advance !== undefined && now !== undefined) return problem(400, 'Send either advance_seconds or now, not both.');
  if (advance !== undefined) {
    if (typeof advance !== 'number' || !Number.isFinite(advance)) return problem(400, 'advance_seconds must be a number of seconds.');
    state.clock.advanceSeconds(advance);
  } else if (now !== undefined) {
    const ms = typeof now === 'string' ? parseDateOrDateTime(now) : null;
    if (ms === null) return problem(400, 'now must be an ISO 8601 date-time such as 2026-11-21T10:00:00Z.');
    state.clock.setNow(ms);
  } else return problem(400, 'Send {"advance_seconds": N} or {"now": "<ISO 8601>"}.');
  return jsonResponse(200, { now: state.clock.now().toISOString() });
};

const getFaults: ControlHandler = (state) => jsonResponse(200, state.faults.config());

const setFaults: ControlHandler = (state, body) => {
  const parsed = parseFaultConfig(body);
  if (!parsed.ok) return problem(400, parsed.message);
  state.faults.configure(parsed.value);
  return jsonResponse(200, state.faults.config());
};

const remoteEdit: ControlHandler = (state, body, params) => {
  const designSystem = state.builder.designSystems.get(params['id']!);
  if (!designSystem) return problem(404, `Design system "${params['id']!}" was not found.`);
  if (!isPlainObject(body) || typeof body['key'] !== 'string') return problem(400, 'key is required: the component key to edit.');
  const { key, name, description, properties, delete: remove } = body;
  const component = designSystem.components.get(key);
  if (!component) return problem(404, `Component "${key}" is not in design system ${designSystem.id}.`);
  if (name !== undefined && typeof name !== 'string') return problem(400, 'name must be a string.');
  if (description !== undefined && typeof description !== 'string') return problem(400, 'description must be a string.');
  if (properties !== undefined && !isPlainObject(properties)) return problem(400, 'properties must be an object.');
  if (remove !== undefined && typeof remove !== 'boolean') return problem(400, 'delete must be true or false.');
  const updatedAtMs = issueWriteTime(state.builder, state.clock.nowMs());
  const edited = {
    ...component,
    ...(name === undefined ? {} : { name }),
    ...(description === undefined ? {} : { description }),
    ...(properties === undefined ? {} : { properties }),
    deleted: remove === true,
    updatedAtMs,
    updatedBy: TEAMMATE,
  };
  // A teammate's edit changes the content, so its hash changes too.
  edited.hash = `remote_${createHash('sha256').update(`${component.hash}|${JSON.stringify(body)}|${updatedAtMs}`).digest('hex').slice(0, 16)}`;
  designSystem.components.set(key, edited);
  return jsonResponse(200, componentShape(state.urls.builder, designSystem.id, edited));
};

// docs/api/api-assumptions.md: tests store any markup (hostile included) as an email's HTML.
const setEmailHtml: ControlHandler = (state, body, params) => {
  const email = state.library.emailsById.get(Number(params['id']));
  if (!email) return problem(404, `Email "${params['id']!}" was not found.`);
  if (!isPlainObject(body) || typeof body['html'] !== 'string') return problem(400, 'Send {"html": "<markup>"}.');
  email.htmlOverride = body['html'];
  return jsonResponse(200, { ok: true, id: email.id });
};

// docs/api/api-assumptions.md: the brand asked for the email's removal.
const removeLibraryEmail: ControlHandler = (state, _body, params) => {
  const id = Number(params['id']);
  if (!removeEmail(state.library, id)) return problem(404, `Email "${params['id']!}" was not found.`);
  return jsonResponse(200, { ok: true, id });
};

// Breaks (or mends) one email's full-length screenshot, so tests can see a failed image named.
const setPreviewFault: ControlHandler = (state, body, params) => {
  const email = state.library.emailsById.get(Number(params['id']));
  if (!email) return problem(404, `Email "${params['id']!}" was not found.`);
  const fault = isPlainObject(body) ? body['fault'] : undefined;
  if (fault !== null && !(PREVIEW_FAULTS as readonly unknown[]).includes(fault)) return problem(400, `Send {"fault": ${PREVIEW_FAULTS.map((kind) => `"${kind}"`).join(' | ')} | null}.`);
  // A wait under way belongs to the fault that began it.
  delete email.previewWaitEndsMs;
  if (fault === null) delete email.previewFault;
  else email.previewFault = fault as PreviewFault;
  return jsonResponse(200, { ok: true, id: email.id, fault });
};

const router = createRouter<ControlHandler>();
router.add('GET', '/_emulator/state', getState);
router.add('GET', '/_emulator/requests', getRequests);
router.add('POST', '/_emulator/reset', reset);
router.add('GET', '/_emulator/clock', getClock);
router.add('POST', '/_emulator/clock', setClock);
router.add('GET', '/_emulator/faults', getFaults);
router.add('POST', '/_emulator/faults', setFaults);
router.add('POST', '/_emulator/design-systems/:id/remote-edit', remoteEdit);
router.add('POST', '/_emulator/library/emails/:id/html', setEmailHtml);
router.add('POST', '/_emulator/library/emails/:id/remove', removeLibraryEmail);
router.add('POST', '/_emulator/library/emails/:id/preview-fault', setPreviewFault);

export function isControlPath(path: string): boolean {
  return path === '/_emulator' || path.startsWith('/_emulator/');
}

export function handleControl(state: EmulatorState, request: EmulatorRequest): EmulatorResponse {
  const match = router.match(request.method, request.path);
  if (match.kind === 'none') return problem(404, `No control endpoint at ${request.path}.`);
  if (match.kind === 'wrong_method') return jsonResponse(405, { error: 'method_not_allowed', message: `Use ${match.allowed.join(' or ')} here.` }, { Allow: match.allowed.join(', ') });
  let body: unknown = {};
  if (request.method === 'POST' && request.body.trim() !== '') {
    try {
      body = JSON.parse(request.body) as unknown;
    } catch {
      return problem(400, 'The body is not valid JSON.');
    }
  }
  return match.handler(state, body, match.params, request.query);
}

