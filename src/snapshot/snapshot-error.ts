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

/** A component or set Figma refused to read while it is still there, with what Figma threw. */
export interface RefusedRoot {
  readonly kind: 'COMPONENT' | 'COMPONENT_SET';
  readonly name: string;
  readonly cause: unknown;
  /** A set's variant whose property values another variant has too (variants-alike.ts): what to fix. */
  readonly alikeVariant?: string | null;
}

/** At most this many are named; the rest are counted. */
const NAMED_AT_MOST = 5;

const whatOf = (root: RefusedRoot) => `the ${root.kind === 'COMPONENT_SET' ? 'component set' : 'component'} “${root.name}”`;

/** "a, b and c" */
function listed(parts: readonly string[]): string {
  return parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]!}`;
}

/**
 * The components Figma would not read (at least one), in words a designer can act on. The
 * commonest cause is a component set with a warning on it (two variants with the same property
 * values): Figma then refuses its properties, and those of every instance of it, until the set is
 * fixed. So every one refused is named, the set to fix first (found by its variants' names, else
 * the sets before the components), whichever was read first; and when that set is known, what to change.
 */
export function unreadableError(refused: readonly RefusedRoot[]): SnapshotError {
  const rank = (root: RefusedRoot) => (root.alikeVariant ? 0 : root.kind === 'COMPONENT_SET' ? 1 : 2);
  const ordered = [...refused].sort((a, b) => rank(a) - rank(b));
  const first = refused[0]!;
  const said = first.cause instanceof Error && first.cause.message ? ` Figma said: “${first.cause.message}”.` : '';
  const toFix = ordered.find((root) => root.alikeVariant);
  const alone = refused.length === 1;
  const how = toFix
    ? ` Two variants of the component set “${toFix.name}” have the same property values (“${toFix.alikeVariant!}”): give one of them other values in Figma, then try again.${alone ? '' : ` The others are likely refused because they use “${toFix.name}”.`}`
    : alone
      ? ' Select it in Figma: a warning on it, or on a component set it uses, says what to fix (often two variants with the same property values). Then try again.'
      : ' Select each in Figma, component sets first: a warning on one says what to fix (often two variants with the same property values), and fixing a set also fixes the components that use it. Then try again.';
  if (alone) return new SnapshotError('unreadable', `Figma could not read ${whatOf(first)}, so nothing was compared or sent.${said}${how}`);
  const named = ordered.slice(0, NAMED_AT_MOST).map(whatOf);
  const more = ordered.length - named.length;
  const names = listed(more > 0 ? [...named, `${more} more`] : named);
  return new SnapshotError('unreadable', `Figma could not read ${refused.length} components, so nothing was compared or sent: ${names}.${said}${how}`);
}
