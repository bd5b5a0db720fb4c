// A frame's or template's name in a sentence, for the sandbox's words and the window's alike:
// a name may be empty (or only spaces), and “” on screen or in Figma's notice says nothing.

/** “name”, or `unnamed` for a name empty or only spaces. */
export function quotedName(name: string, unnamed: string): string {
  return name.trim() === '' ? unnamed : `“${name}”`;
}

/** "the template “Spring”", or "a template with no name" (`kind`: what it is, "frame", "template"). */
export function named(kind: string, name: string): string {
  return name.trim() === '' ? `a ${kind} with no name` : `the ${kind} “${name}”`;
}
