import type { WireError } from './protocol';

/** Codes the bridge itself produces; handlers may use any other code of their own. */
export type BridgeErrorCode = 'timeout' | 'invalid_message' | 'unknown_request' | 'cancelled' | 'closed' | 'internal';

/** An error that crosses the bridge: a code to branch on and a message meant for people. */
export class BridgeError extends Error {
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: BridgeErrorCode | (string & {}), message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'BridgeError';
    this.code = code;
    this.details = details;
  }

  toWire(): WireError {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }

  static fromWire(wire: WireError): BridgeError {
    return new BridgeError(wire.code, wire.message, wire.details);
  }
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * Turns whatever a handler threw into a wire error. Errors that carry their own `code` and
 * `message` (API errors, validation errors) keep them; anything else is an internal error.
 */
export function toWireError(error: unknown): WireError {
  if (error instanceof BridgeError) return error.toWire();
  if (typeof error === 'object' && error !== null) {
    const { code, message, details } = error as { code?: unknown; message?: unknown; details?: unknown };
    if (typeof code === 'string' && typeof message === 'string') {
      return isPlainRecord(details) ? { code, message, details } : { code, message };
    }
    if (typeof message === 'string') return { code: 'internal', message };
  }
  return { code: 'internal', message: `Unexpected error: ${String(error)}` };
}
