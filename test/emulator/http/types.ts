// The emulator's own request/response values: handlers are plain functions from one to the
// other, so the HTTP plumbing (CORS, faults, dropping sockets) stays in one place.

export interface EmulatorRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: string;
  bodyTooLarge: boolean;
  remoteAddress: string;
}

export interface EmulatorResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array | null;
}

export function jsonResponse(status: number, value: unknown, headers: Record<string, string> = {}): EmulatorResponse {
  return {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(value),
  };
}

/** Raised by parameter and body checks; turned into each API's own error shape. */
export class RequestProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
