// A frame's or template's name in a sentence, for the sandbox's words and the window's alike:
// a name may be empty, only spaces or only invisible characters, and “” on screen or in Figma's
// notice says nothing.

/** Zero-width spaces and joiners: trim() keeps them, and a name of only those shows nothing. */
const INVISIBLE = /[\u200b-\u200d\u2060]/g;

/** True when nothing in `name` shows. */
export function blankName(name: string): boolean {
  return name.replace(INVISIBLE, '').trim() === '';
}

/** “name”, or `unnamed` for a name with nothing in it that shows. */
export function quotedName(name: string, unnamed: string): string {
  return blankName(name) ? unnamed : `“${name}”`;
}

/** "the template “Spring”", or "a template with no name" (`kind`: what it is, "frame", "template"). */
export function named(kind: string, name: string): string {
  return blankName(name) ? `a ${kind} with no name` : `the ${kind} “${name}”`;
}
