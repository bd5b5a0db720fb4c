// How any screen reads a failure from the sandbox or the network: in words, and, for a refused
// form, the field it names. UI-wide, so that screens do not borrow from one another.

/** The field a refused request names (`BridgeError('invalid_input', message, {field})`), if any. */
export function fieldErrorFrom<F extends string>(error: unknown, fields: readonly F[]): { field: F; message: string } | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, details } = error as { code?: unknown; message?: unknown; details?: unknown };
  if (code !== 'invalid_input' || typeof message !== 'string' || typeof details !== 'object' || details === null) return null;
  const field = (details as { field?: unknown }).field;
  return typeof field === 'string' && (fields as readonly string[]).includes(field) ? { field: field as F, message } : null;
}

export const UNEXPECTED_FAILURE = 'Something went wrong in Envelope and it could not say what. Try again; if it happens again, close Envelope and open it again.';

/** Any failure in words. */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  if (typeof error === 'string' && error.trim() !== '') return error;
  // Nothing in words came with it: say what happened and what to do, without the raw value.
  return UNEXPECTED_FAILURE;
}
