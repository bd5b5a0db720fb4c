// A component property definition's optional fields as content: an empty description or list
// is none. The file's reading leaves them out (snapshot/normalize/component.ts); another writer
// of the design system (the builder app) may send them empty. Told apart, such a version could
// never be matched by hand: its row stayed taken in part, or a conflict, for good.

/** The optional fields (a TEXT property's empty default is a value, not none). */
const OPTIONAL: ReadonlySet<string> = new Set(['description', 'preferredValues', 'slotSettings', 'boundVariables']);

/** `value` of definition field `field`, or undefined when the field is optional and empty. */
export function fieldValue(field: string, value: unknown): unknown {
  return OPTIONAL.has(field) ? unlessEmpty(value) : value;
}

/** `value`, or undefined when it is an empty string, list or object. */
function unlessEmpty(value: unknown): unknown {
  if (value === '' || (Array.isArray(value) && value.length === 0)) return undefined;
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0 ? undefined : value;
}

/** Each definition without its empty optional fields (the rest as they are). */
export function withoutEmptyFields(properties: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, definition] of Object.entries(properties)) {
    if (typeof definition !== 'object' || definition === null || Array.isArray(definition)) {
      out[name] = definition;
      continue;
    }
    const kept: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(definition)) if (fieldValue(field, value) !== undefined) kept[field] = value;
    out[name] = kept;
  }
  return out;
}
