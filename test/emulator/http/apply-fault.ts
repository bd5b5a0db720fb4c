// Turns an injected fault into what the client sees. "drop", "slow", "stall" and "malformed" still run
// the handler first, so a POST that is dropped is applied once and a retry can show it. "503", "429"
// and "html" do not: nothing is read or written.
import { STATUS_CODES } from 'node:http';
import type { FaultInjector, FaultKind } from '../core/faults';
import type { HostOutcome } from './host-server';
import type { EmulatorResponse } from './types';

export interface FaultResponses {
  unavailable(): EmulatorResponse;
  rateLimited(retryAfterSeconds: number): EmulatorResponse;
}

const marked = (response: EmulatorResponse, kind: FaultKind): EmulatorResponse => ({
  ...response,
  headers: { ...response.headers, 'X-Emulator-Fault': kind },
});

function malformed(response: EmulatorResponse, random: number): EmulatorResponse {
  const text = typeof response.body === 'string' ? response.body : '{"data": {}}';
  // Half the time a truncated JSON text, otherwise valid JSON of the wrong shape.
  const body = random < 0.5 ? text.slice(0, Math.max(1, Math.floor(text.length / 2))) : JSON.stringify({ data: 'malformed by the emulator', meta: null });
  return { status: 200, headers: { ...response.headers, 'Content-Type': 'application/json; charset=utf-8' }, body };
}

/**
 * "html": what an address that reaches a web server instead of the API answers (a sign-in page,
 * another site): a 200 web page, or the server's page for the `html_status` asked for (a 404 page). The CORS headers still go on it (host-server.ts), as the real
 * APIs send them, so the plugin's null-origin window can read it and say what it is.
 */
export const FAULT_WEB_PAGE = '<!doctype html><html lang="en"><head><title>Welcome</title></head><body><h1>Welcome</h1><p>Sign in to continue.</p></body></html>';

/** The web server's own page for another status (`html_status`), e.g. "404 Not Found". */
export function faultErrorPage(status: number): string {
  const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`;
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;
}

function webPage(kind: FaultKind, status: number): EmulatorResponse {
  return { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'X-Emulator-Fault': kind }, body: status === 200 ? FAULT_WEB_PAGE : faultErrorPage(status) };
}

export function applyFault(kind: FaultKind | null, faults: FaultInjector, run: () => EmulatorResponse, responses: FaultResponses): HostOutcome {
  switch (kind) {
    case null:
      return { response: run() };
    case '503':
      return { response: marked(responses.unavailable(), kind) };
    case '429':
      return { response: marked(responses.rateLimited(faults.config().retry_after ?? 1 + Math.floor(faults.nextRandom() * 3)), kind) };
    case 'drop':
      return { response: run(), delivery: { kind: 'drop' } };
    case 'slow':
      return { response: marked(run(), kind), delivery: { kind: 'slow', delayMs: faults.config().slow_ms } };
    case 'stall':
      return { response: marked(run(), kind), delivery: { kind: 'stall' } };
    case 'malformed':
      return { response: marked(malformed(run(), faults.nextRandom()), kind) };
    case 'html':
      return { response: webPage(kind, faults.config().html_status) };
  }
}
