// Placing references fails in a few ways a person can act on; each gets a code the UI can count
// and a sentence it can show.
import { BridgeError } from '../shared/bridge/bridge-error';

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Dev Mode, where nothing can be placed (known before trying). */
export function readOnlyError(): BridgeError {
  return new BridgeError('read_only', 'This page is read-only, so Envelope cannot place references on it. Open a page or file you can edit and try again.');
}

/**
 * While a sync runs (its take of the design system's versions is one undo step): `what` is what
 * to do again ("Place these references").
 */
export function syncRunningError(what: string): BridgeError {
  return new BridgeError('busy', `Envelope is syncing this file with the design system. ${what} again once the sync is done.`);
}

/** `why`: a sentence. The email is not named: the UI names each failed one beside its reason. */
export function imageFailedError(why: string): BridgeError {
  return new BridgeError('image_failed', why);
}

export function fontUnavailableError(fonts: readonly FontName[]): BridgeError {
  const names = fonts.map((font) => `${font.family} ${font.style}`).join(' or ');
  return new BridgeError('font_unavailable', `The caption’s font could not be loaded (${names}), so the reference was not placed: its caption says where it came from. Check that one of these fonts is available.`);
}

/**
 * An edit Figma refused (a page read-only for this person, say): said with Figma's own words.
 * Figma's errors carry no code, and their wording is not ours to branch on.
 */
export function asCanvasError(error: unknown): unknown {
  if (error instanceof BridgeError) return error;
  const detail = errorMessage(error).replace(/\.$/, '');
  return new BridgeError('edit_refused', `Figma did not let Envelope place the reference (${detail}). If this page is read-only for you, open a page or file you can edit and try again.`);
}
