// Shared code has no TextEncoder; the builder's 2 MB limit is on bytes, so count them by hand.

/** The length of `text` encoded as UTF-8, in bytes. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        index += 1;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

// ASCII is the common case: one regex test in native code instead of a loop per character.
const NON_ASCII = /[\u0080-\uffff]/;

/** The length of `value` as JSON in UTF-8 bytes, as it is sent or stored (the builder's limits are on bytes). */
export function jsonByteLength(value: unknown): number {
  const json = JSON.stringify(value);
  return NON_ASCII.test(json) ? utf8ByteLength(json) : json.length;
}

/** At most `max` UTF-16 units of `text`, never cutting a surrogate pair in half. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

// assumption: the services' "characters" (notes 500, template names 200) are code points, as a person counts them.
/** The characters in `text` as a person counts them: an emoji is one (`.length` says two). */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** At most `max` characters (code points) of `text`. */
export function truncateCharacters(text: string, max: number): string {
  return Array.from(text).slice(0, max).join('');
}
