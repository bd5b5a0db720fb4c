// What a design-system id may look like, and reading one from what was pasted. The builder does
// not document the format, so the rule only keeps ids safe to put in a URL path
// (`/api/plugin/design-systems/:id/…`) and short. Nor does it document the builder app's own
// addresses, so an address is read only where the id in it is unambiguous (see idInAddress).
import { parseHttpUrl, type HttpUrl } from '../validation/http-url';

export const DESIGN_SYSTEM_ID_MAX_LENGTH = 128;
const DESIGN_SYSTEM_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._~:-]*$/;

export type DesignSystemIdReading =
  /** `id` null: the field was empty (no design system). `fromAddress`: read out of a pasted address. */
  | { ok: true; id: string | null; fromAddress: boolean }
  | { ok: false; problem: string };

function idShaped(candidate: string): boolean {
  return candidate.length <= DESIGN_SYSTEM_ID_MAX_LENGTH && DESIGN_SYSTEM_ID_PATTERN.test(candidate);
}

/**
 * The id in an http(s) address whose path is one id-shaped segment and nothing else
 * (`https://…/ds_123`), or null. The documents give no address of the builder app, so any other
 * path could hold the id anywhere (or not at all) and is not guessed at. Query and fragment are
 * not read.
 */
function idInAddress(url: HttpUrl): string | null {
  const segments = url.path.split('/').filter((segment) => segment !== '');
  return segments.length === 1 && idShaped(segments[0]!) ? segments[0]! : null;
}

/** What the field holds as an id to store: typed as it is, read from an address, or refused in words. */
export function readDesignSystemId(input: string | null): DesignSystemIdReading {
  const trimmed = (input ?? '').trim();
  if (trimmed === '') return { ok: true, id: null, fromAddress: false };
  const url = parseHttpUrl(trimmed);
  if (url !== null) {
    const id = idInAddress(url);
    if (id !== null) return { ok: true, id, fromAddress: true };
    return {
      ok: false,
      problem:
        'Envelope reads an id from an address only when its path is the id alone; this one is not. Paste the id itself.',
    };
  }
  if (trimmed.length > DESIGN_SYSTEM_ID_MAX_LENGTH) {
    return { ok: false, problem: `A design-system id is at most ${DESIGN_SYSTEM_ID_MAX_LENGTH} characters; this one has ${trimmed.length}.` };
  }
  if (!DESIGN_SYSTEM_ID_PATTERN.test(trimmed)) {
    return {
      ok: false,
      problem: 'A design-system id contains only letters, digits and the signs “.”, “_”, “~”, “:” and “-” (no spaces or slashes). Paste the id your email builder gives the design system.',
    };
  }
  return { ok: true, id: trimmed, fromAddress: false };
}

/** A problem with what the field holds in words, or null when an id (or nothing) can be stored from it. */
export function designSystemIdProblem(input: string | null): string | null {
  const reading = readDesignSystemId(input);
  return reading.ok ? null : reading.problem;
}
