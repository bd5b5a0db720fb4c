// Every message the UI can show, composed by the modules that own each kind (API errors, the
// bridge's own failures, connection outcomes, Settings' field problems and outcomes), checked
// against the rules for words shown to people: no internal names, nothing said twice.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorCode, type ApiName } from '../../../src/shared/api/http/api-error';
import {
  errorFromResponse,
  keyNeededError,
  malformedResponseError,
  networkError,
  notJsonError,
  timeoutError,
  wrongHostMessage,
  type ErrorContext,
} from '../../../src/shared/api/http/error-mapping';
import { bridgeText } from '../../../src/shared/bridge/bridge-text';
import { addressMissingResult, builderConnectedResult, connectionFailedResult, libraryConnectedResult, libraryReachedResult, noKeyResult, unusedKeyResult, withUnusedKeyResult } from '../../../src/settings/connection-messages';
import { designSystemIdProblem } from '../../../src/shared/settings/design-system-id';
import { baseUrlProblem, keyProblem, savedAddressProblem, savedKeyProblem } from '../../../src/shared/settings/validate-settings';
import { errorText } from '../../../ui/messages/error-text';
import { answerWithWaitText, API_TEXT, checkApiForm, designSystemSavedText, savedText, testAnswerText, UNSAVED_NOT_TESTED } from '../../../ui/settings/api-form';
import { messageProblems, sentencesOf } from '../../support/message-rules';
import type { FoundReference, SettingsView } from '../../../src/shared/bridge/messages';
import { asCanvasError, fontUnavailableError, imageFailedError, readOnlyError } from '../../../src/canvas/canvas-errors';
import { CAPTION_FONTS } from '../../../src/canvas/reference-nodes';
import { tilesMismatch } from '../../../src/shared/canvas/tile-plan';
import { createTemplateBody, templateNameProblem, TEMPLATE_MAX_BODY_BYTES } from '../../../src/shared/api/builder/requests';
import { templateChangedError, templateError } from '../../../src/templates/template-errors';
import { describeSelection } from '../../../src/templates/selection-words';
import { insertSummary } from '../../../ui/canvas/insert-summary';
import { checkPacing, pacingText, removalText, summaryText } from '../../../ui/library/references/reference-check';
import { actionProblem, countText, linkedSelectionText, listReadProblem, saveOutcomeText, templateProblem } from '../../../ui/templates/template-words';

const APIS: readonly ApiName[] = ['library', 'builder'];
const BASE_URL = 'https://api.example.com';

function contextFor(api: ApiName, keySent = true): ErrorContext {
  return { api, endpoint: api === 'library' ? 'GET /v1/emails/:id' : 'GET /api/templates/:id', keySent, nowMs: 0 };
}

function apiErrors(): ApiError[] {
  const errors: ApiError[] = [];
  const bodies = [
    { status: 400, body: { error: { code: 'invalid_request', message: 'per_page is out of range' } } },
    { status: 400, body: { error: { code: 'not_allowed', message: 'Adult content' } } },
    { status: 401, body: {} },
    { status: 404, body: { error: { code: 'not_found', message: 'No such email' } } },
    { status: 404, body: { error: { code: 'no_insights', message: 'Too few emails' } } },
    { status: 413, body: {} },
    { status: 418, body: {} },
    { status: 429, body: { error: { code: 'rate_limited', message: 'Slow down' } } },
    { status: 429, body: { error: { code: 'daily_limit_reached', message: 'Come back tomorrow' } } },
    { status: 500, body: {} },
    { status: 503, body: {} },
  ];
  for (const api of APIS) {
    for (const keySent of [true, false]) {
      for (const { status, body } of bodies) {
        errors.push(errorFromResponse({ status, headers: { 'retry-after': '30' }, text: JSON.stringify(body) }, contextFor(api, keySent)));
      }
    }
    errors.push(networkError(contextFor(api), 'api.example.com'));
    errors.push(timeoutError(contextFor(api), 12_000));
    errors.push(notJsonError(contextFor(api), 200, '<!doctype html>'));
    errors.push(malformedResponseError(contextFor(api), 200, 'data.items[0].name should be string'));
    errors.push(keyNeededError(api, 'GET /v1/me'));
  }
  return errors;
}

const view: SettingsView = {
  library: { baseUrl: BASE_URL, defaultBaseUrl: BASE_URL, keyHint: 'xxx_live_••••1a2b' },
  builder: { baseUrl: BASE_URL, defaultBaseUrl: BASE_URL, keyHint: null },
  designSystemId: null,
};

/** The catalogue: each message with where it comes from, so a failure names its producer. */
function catalogue(): Array<{ from: string; message: string }> {
  const entries: Array<{ from: string; message: string }> = [];
  const add = (from: string, message: string | null | undefined) => {
    if (message) entries.push({ from, message });
  };
  for (const api of APIS) add('API error wrong_host', wrongHostMessage(api));
  for (const error of apiErrors()) add(`API error ${error.code} (${error.api}, ${error.status ?? 'no status'})`, error.message);
  add('bridge timeout', bridgeText.timeout(15_000));
  add('bridge timeout', bridgeText.timeout(1_000));
  for (const [name, text] of Object.entries(bridgeText)) if (typeof text === 'string') add(`bridge ${name}`, text);
  for (const api of APIS) {
    add('no key', noKeyResult(api).message);
    add('no address', addressMissingResult(api).message);
    add('no address and no key', addressMissingResult(api, true).message);
    // A key saved and not used (an older version's, or with an address now refused): said alone,
    // after the missing address, and after what the library's test without it found.
    add('key saved and not used', unusedKeyResult(api).message);
    add('no address and a key not used', addressMissingResult(api, 'unused').message);
    add('connection test without the key not used', answerWithWaitText(withUnusedKeyResult(api, libraryReachedResult())));
    add('connection test without the key not used', answerWithWaitText(withUnusedKeyResult(api, connectionFailedResult(api, BASE_URL, networkError(contextFor(api, false), 'api.example.com')))));
    add('library reached without a key', libraryReachedResult().message);
    add('connection test beside a first key not saved yet', testAnswerText(api, api === 'builder' ? noKeyResult(api).message : libraryReachedResult().message, { keyTyped: true, edited: true, hasSavedKey: false }));
    for (const api of APIS) add('API error wrong_host', wrongHostMessage(api));
  for (const error of apiErrors()) {
    add(`connection test after ${error.code} (${api})`, connectionFailedResult(api, BASE_URL, error).message);
    add(`connection test after ${error.code} (${api}), beside a key not saved yet`, `${connectionFailedResult(api, BASE_URL, error).message} ${UNSAVED_NOT_TESTED}`);
  }
    add('connection test, unexpected failure', connectionFailedResult(api, BASE_URL, new TypeError('Failed to fetch')).message);
    add('connection test, a web page', connectionFailedResult(api, BASE_URL, notJsonError(contextFor(api), 200, '<!doctype html>'), '<!doctype html>').message);
    for (const input of ['', 'not a url', 'https://user:pw@api.example.com', 'https://api.example.com/?q=1', 'http://example.com', 'ftp://example.com']) {
      add(`address "${input}"`, baseUrlProblem(input));
    }
    for (const input of ['', 'wrong-key', 'ef_two pieces', 'lib_live_two\npieces', 'ef_0123456789', 'lib_live_ABCDEFGH12']) add(`key "${input}" (${api})`, keyProblem(api, input));
    for (const saved of ['ef_0123456789abcdef,', 'lib_live_0123456789abcdef;']) add(`a key saved earlier, now refused: "${saved}" (${api})`, savedKeyProblem(api, saved));
    for (const saved of ['http://builder.internal.example', 'https://user:pw@api.example.com']) add(`an address saved earlier, now refused: "${saved}" (${api})`, savedAddressProblem(api, saved));
    add('connection test beside an address not saved yet, no key saved', testAnswerText(api, api === 'builder' ? noKeyResult(api).message : libraryReachedResult().message, { keyTyped: false, edited: true, hasSavedKey: false }));
    const check = checkApiForm(api, { baseUrl: 'http://example.com', key: '', keyFieldShown: true, hasSavedKey: true });
    if (!check.ok) for (const message of Object.values(check.errors)) add('Settings form', message);
    for (const sentKey of [true, false]) add(`saved (${api})`, savedText(api, view, sentKey));
    add(`saved forget question (${api})`, `Remove the saved ${API_TEXT[api].keyNoun} from this computer? ${API_TEXT[api].withoutKey}`);
  }
  add('connected', builderConnectedResult(null).message);
  add('connected', builderConnectedResult(0).message);
  add('connected', builderConnectedResult(12).message);
  add('connected', libraryConnectedResult(0).message);
  add('connected', libraryConnectedResult(3).message);
  // The library is tested without a key saved and not used (its test reads as sent without a key).
  for (const error of apiErrors()) if (error.api === 'library') add(`connection test after ${error.code} without the library key not used`, answerWithWaitText(withUnusedKeyResult('library', connectionFailedResult('library', BASE_URL, error, '', false))));
  add('design system id', designSystemIdProblem('has space'));
  add('design system id', designSystemIdProblem('x'.repeat(200)));
  add('design system id', designSystemIdProblem('https://app.example.com/acme/ds_demo'));
  add('design system saved', designSystemSavedText('ds_demo'));
  add('design system saved', designSystemSavedText('ds_demo', true));
  add('design system saved', designSystemSavedText(null));
  for (const odd of [{}, 42, null]) add('a failure without words', errorText(odd));
  addCanvasMessages(add);
  addTemplateMessages(add);
  return entries;
}

type Add = (from: string, message: string | null | undefined) => void;

/** Placing references and the reference check (src/canvas/, ui/canvas/, ui/library/references/). */
function addCanvasMessages(add: Add): void {
  add('canvas read-only', readOnlyError().message);
  add('canvas edit refused', (asCanvasError(new Error('Cannot create nodes: this file is read-only for you.')) as Error).message);
  add('canvas image', imageFailedError('Figma did not accept its screenshot as an image (Image type is unsupported).').message);
  add('canvas image', imageFailedError('A piece of its screenshot is 600 × 3000 px where 600 × 4000 px was expected.').message);
  add('canvas font', fontUnavailableError(CAPTION_FONTS).message);
  add('canvas tiles', tilesMismatch(600, 9000, []));
  add('canvas tiles', tilesMismatch(600, 9000, [{ x: 0, y: 0, width: 600, height: 4096 }, { x: 0, y: 4096, width: 600, height: 4096 }, { x: 0, y: 8192, width: 600, height: 808 }]));
  const failed = [{ name: 'Acme — Spring sale', reason: 'The library is unavailable right now. Try again in a little while.' }];
  for (const outcome of [
    { placed: 1, total: 1, failed: [], cancelled: false },
    { placed: 3, total: 4, failed, cancelled: false },
    { placed: 0, total: 1, failed, cancelled: false },
    { placed: 2, total: 6, failed, cancelled: true },
    { placed: 0, total: 6, failed: [], cancelled: true },
    { placed: 5, total: 5, failed: [], cancelled: false, board: 'Acme — journey' },
    { placed: 5, total: 5, failed: [], cancelled: false, pageName: 'Moodboard' },
  ]) add('canvas insert summary', insertSummary(outcome));
  const reference = (emailId: number): FoundReference => ({ nodeId: `1:${emailId}`, name: 'Acme — Spring sale', pageId: '0:1', pageName: 'Cover', x: 0, y: 0, within: null, emailId, brandName: 'Acme', subject: 'Spring sale' });
  const references = [reference(1), reference(1), reference(2)];
  add('canvas check summary', summaryText({ references, goneEmailIds: new Set([1]), unchecked: new Map(), unreadable: 0 }));
  add('canvas check summary', summaryText({ references, goneEmailIds: new Set(), unchecked: new Map([[2, 'The library kept asking us to slow down.']]), unreadable: 2 }));
  for (const hasKey of [true, false]) add('canvas check pacing', pacingText(checkPacing(500, hasKey), hasKey));
  add('canvas removal', removalText({ removed: 2, failures: [] }));
  add('canvas removal', removalText({ removed: 0, failures: [{ nodeId: '1:1', name: 'Acme — Spring sale', pageName: 'Cover', reason: 'Someone deleted it after the check.' }] }));
}

/** The Templates screen (src/templates/, ui/templates/). */
function addTemplateMessages(add: Add): void {
  add('templates name', templateNameProblem(''));
  add('templates name', templateNameProblem('x'.repeat(201)));
  try {
    createTemplateBody({ name: 'Spring sale', content: { format: 'figma-node-tree', version: 1, root: { text: 'x'.repeat(TEMPLATE_MAX_BODY_BYTES) } } });
    add('templates size', 'A body over the limit was not refused');
  } catch (error) {
    add('templates size', (error as Error).message);
  }
  const gone = errorFromResponse({ status: 404, headers: {}, text: '{}' }, contextFor('builder'));
  const large = errorFromResponse({ status: 413, headers: {}, text: '{}' }, contextFor('builder'));
  for (const facts of [{ templateId: 't1' }, { templateId: 't1', templateName: 'Spring sale', frameId: '1:2' }, { templateId: 't1', templateName: 'Spring sale', frameId: '1:2', fromFrameLink: true }]) add('templates not found', (templateError(gone, facts) as Error).message);
  for (const facts of [{}, { templateName: 'Spring sale', bodyBytes: 2_400_000 }]) add('templates too large', (templateError(large, facts) as Error).message);
  const creating = { templateName: 'Spring sale', creating: true };
  const createContext = { ...contextFor('builder'), endpoint: 'POST /api/templates' };
  for (const lost of [networkError(createContext, BASE_URL), timeoutError(createContext, 30_000), malformedResponseError(createContext, 201, 'data.id')]) add('templates answer lost', (templateError(lost, creating) as Error).message);
  add('templates changed elsewhere', templateChangedError({ templateName: 'Spring sale', templateId: 't1', frameId: '1:2' }).message);
  const layer = (type: string, parentType = 'PAGE') => ({ type, name: 'Title', parentType, parentName: 'Cover' });
  for (const layers of [[], [layer('FRAME'), layer('TEXT')], [layer('TEXT', 'FRAME')], [layer('FRAME', 'FRAME')], [layer('STICKY')]]) add('templates selection', describeSelection(layers).what);
  const row = { id: 't1', name: 'Spring sale', description: '', updatedAt: '2026-11-24T21:00:00Z', thumbnailUrl: null, linkedFrame: null };
  const selection = { kind: 'frame' as const, what: '', frame: null, link: null, lostLink: null, otherFileTemplateId: null, undoneSave: null };
  add('templates saved', saveOutcomeText({ outcome: 'created', template: row, changes: [], previewSize: { width: 600, height: 2400 }, selection }, 'Spring sale'));
  add('templates saved', saveOutcomeText({ outcome: 'updated', template: row, changes: ['fill', 'text'], previewSize: { width: 600, height: 2400 }, selection }, 'Spring sale'));
  add('templates saved', saveOutcomeText({ outcome: 'unchanged', template: null, changes: [], previewSize: null, selection }, 'Spring sale'));
  // A frame and template with no name: said in words.
  add('templates saved', saveOutcomeText({ outcome: 'unchanged', template: null, changes: [], previewSize: null, selection }, ''));
  add('templates saved', saveOutcomeText({ outcome: 'updated', template: { ...row, name: '' }, changes: [], previewSize: null, selection }, ''));
  add('templates linked', linkedSelectionText('', '', 'just now'));
  const slowDown = (seconds: number) => errorFromResponse({ status: 429, headers: { 'retry-after': String(seconds) }, text: '{}' }, contextFor('builder'));
  for (const seconds of [30, 120, 7_200]) {
    add('templates list slowed down', listReadProblem(slowDown(seconds)).message);
    add('templates action slowed down', actionProblem(templateProblem(slowDown(seconds)), slowDown(seconds)).message);
    add('templates open slowed down', actionProblem(templateProblem(slowDown(seconds)), slowDown(seconds), Date.now(), 'open').message);
  }
  add('templates count', countText(12, 12, 12, ''));
  add('templates count', countText(3, 50, 120, 'spring'));
}

describe('the messages Envelope shows', () => {
  it('covers every kind: API errors, the bridge, connection tests and Settings', () => {
    const sources = new Set(catalogue().map((entry) => entry.from.split(' ')[0]));
    expect([...sources].sort()).toEqual(expect.arrayContaining(['API', 'bridge', 'connection', 'address', 'key', 'saved', 'connected', 'design', 'a']));
    const codes = new Set(apiErrors().map((error) => error.code));
    const every: ApiErrorCode[] = ['unauthorized', 'rate_limited', 'daily_limit_reached', 'not_found', 'no_insights', 'not_allowed', 'bad_request', 'payload_too_large', 'unavailable', 'server_error', 'http_error', 'network_error', 'timeout', 'not_json', 'malformed_response'];
    expect([...codes].sort()).toEqual(expect.arrayContaining(every));
  });

  it('hold every connection test result Settings can show (each one src/settings/connection-messages.ts makes)', () => {
    // A result added there and not here goes unchecked: the unused-key ones were, for a while.
    const makers = [...readFileSync(resolve(import.meta.dirname, '../../../src/settings/connection-messages.ts'), 'utf8').matchAll(/^export function (\w+)/gm)].map((match) => match[1]);
    expect(makers.length).toBeGreaterThan(5);
    const catalogued = readFileSync(import.meta.filename, 'utf8');
    expect(makers.filter((name) => !catalogued.includes(`${name}(`))).toEqual([]);
  });

  it('name no bridge message or code path, and say nothing twice', () => {
    const broken = catalogue()
      .map((entry) => ({ ...entry, problems: messageProblems(entry.message) }))
      .filter((entry) => entry.problems.length > 0)
      .map((entry) => `${entry.from}: ${entry.message} → ${entry.problems.join('; ')}`);
    expect(broken).toEqual([]);
  });

  it('end every sentence with punctuation, start it with a capital or a web address', () => {
    for (const { from, message } of catalogue()) {
      expect(message.trim(), from).toMatch(/^([A-Z0-9“"]|https?:\/\/|xxx_|ef_)/);
      expect(message.trim(), from).toMatch(/([.?!)]|example\.com)$/);
    }
  });
});

describe('the rules catch what issue 15 found', () => {
  it('a connection failure repeating itself with a stray space before the colon', () => {
    const old = 'Could not reach https://api.example.com : Could not reach the email library API at https://api.example.com. Check the connection and the address in Settings. Check the address and your network.';
    expect(messageProblems(old)).toEqual(
      expect.arrayContaining(['it has a space before punctuation', 'two parts of it open with "could not"', 'two parts of it open with "check the"']),
    );
  });

  it('a bridge timeout naming an internal message type', () => {
    expect(messageProblems('No answer to "settings/save-api" after 15 s. The plugin may be busy or stuck; try again.')).toContain(
      'it names the bridge message "settings/save-api"',
    );
    expect(messageProblems('The builder API sent an unexpected reply: GET /api/templates/:id: payload.data is missing.').length).toBeGreaterThan(0);
  });

  it('a status number where words should say what happened', () => {
    expect(messageProblems('The builder API had an internal problem (HTTP 502). Try again later.')).toContain('it shows an HTTP status number: HTTP 502');
    expect(messageProblems('The library API key was not accepted (401). Check it.')).toContain('it shows an HTTP status number: (401)');
    expect(messageProblems('Notes can be up to 500 characters.')).toEqual([]);
  });

  it('splits sentences after their stop', () => {
    expect(sentencesOf('One. Two? Three!')).toEqual(['one.', 'two?', 'three!']);
  });
});
