// What a design-system id may look like. The builder does not document the format, so the
// rule only keeps ids safe to put in a URL path (`/api/plugin/design-systems/:id/…`) and short.

export const DESIGN_SYSTEM_ID_MAX_LENGTH = 128;
const DESIGN_SYSTEM_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._~:-]*$/;

/** The id as stored: trimmed; an empty field means "no design system" (null). */
export function normalizeDesignSystemId(input: string | null): string | null {
  if (input === null) return null;
  const trimmed = input.trim();
  return trimmed === '' ? null : trimmed;
}

/** A problem with a design-system id in words, or null when it is acceptable (empty clears it). */
export function designSystemIdProblem(input: string | null): string | null {
  const id = normalizeDesignSystemId(input);
  if (id === null) return null;
  if (id.length > DESIGN_SYSTEM_ID_MAX_LENGTH) {
    return `A design-system id is at most ${DESIGN_SYSTEM_ID_MAX_LENGTH} characters; this one has ${id.length}.`;
  }
  if (!DESIGN_SYSTEM_ID_PATTERN.test(id)) {
    return 'A design-system id contains only letters, digits and the signs “.”, “_”, “~”, “:” and “-” (no spaces or slashes). Copy it from the design system in the builder.';
  }
  return null;
}
