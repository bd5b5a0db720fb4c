// The snapshot's own failures, so that the module does not speak the bridge's language. Each
// carries a `code` and a message, so the bridge passes it to the UI as it is (toWireError).

/**
 * `cancelled`: the caller's `isCancelled` said stop; `busy`: another snapshot is running;
 * `unreadable`: Figma refused to read a component that is still there.
 */
export type SnapshotErrorCode = 'cancelled' | 'busy' | 'unreadable';

export class SnapshotError extends Error {
  readonly code: SnapshotErrorCode;

  constructor(code: SnapshotErrorCode, message: string) {
    super(message);
    this.name = 'SnapshotError';
    this.code = code;
  }
}

export function cancelledError(): SnapshotError {
  return new SnapshotError('cancelled', 'The component snapshot was cancelled.');
}

/**
 * A component Figma would not read, in words a designer can act on. The commonest cause is a
 * component set with a warning on it (two variants with the same property values): Figma then
 * refuses its properties, and those of every instance of it, until the set is fixed.
 */
export function unreadableError(kind: 'COMPONENT' | 'COMPONENT_SET', name: string, cause: unknown): SnapshotError {
  const said = cause instanceof Error && cause.message ? ` Figma said: “${cause.message}”.` : '';
  const what = kind === 'COMPONENT_SET' ? 'component set' : 'component';
  return new SnapshotError(
    'unreadable',
    `Figma could not read the ${what} “${name}”, so nothing was compared or sent.${said} Select it in Figma: a warning on it, or on a component set it uses, says what to fix (often two variants with the same property values). Then try again.`,
  );
}
