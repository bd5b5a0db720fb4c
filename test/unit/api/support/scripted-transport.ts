// A transport that answers from a script and records what it was asked.
import type { HttpRequest, HttpResponse, HttpTransport } from '../../../../src/shared/api/http/transport';

/** `drop` rejects (no response arrived); `hang` never settles. */
export type ScriptedAnswer = HttpResponse | 'drop' | 'hang';

export interface ScriptedTransport {
  transport: HttpTransport;
  requests: HttpRequest[];
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): HttpResponse {
  return { status, headers: { 'content-type': 'application/json', ...headers }, text: JSON.stringify(body) };
}

export function createScriptedTransport(answer: (request: HttpRequest, index: number) => ScriptedAnswer): ScriptedTransport {
  const requests: HttpRequest[] = [];
  const transport: HttpTransport = (request) => {
    const index = requests.length;
    requests.push(request);
    const result = answer(request, index);
    if (result === 'drop') return Promise.reject(new TypeError('fetch failed'));
    if (result === 'hang') return new Promise<HttpResponse>(() => undefined);
    return Promise.resolve(result);
  };
  return { transport, requests };
}

/** Answers in turn from a list; the last answer repeats. */
export function sequence(...answers: ScriptedAnswer[]): (request: HttpRequest, index: number) => ScriptedAnswer {
  return (_request, index) => {
    const answer = answers[Math.min(index, answers.length - 1)];
    if (answer === undefined) throw new Error('sequence() needs answers');
    return answer;
  };
}
