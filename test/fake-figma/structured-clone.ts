// Structured clone and UTF-8 length in plain TypeScript: QuickJS (benchmarks) has neither
// `structuredClone` nor `TextEncoder`. Figma's postMessage and clientStorage copy values this way.
import { hasTag, isDataViewValue, isObjectPrototype, isUint8ArrayValue } from './realm-checks';

export class DataCloneError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataCloneError';
  }
}

export interface CloneRules {
  /** What the values are for, used in messages ("figma.ui.postMessage"). */
  context: string;
  /** Date, RegExp, Map and Set (postMessage yes; clientStorage no). */
  allowRichTypes: boolean;
  /** Typed arrays other than Uint8Array. */
  allowOtherTypedArrays: boolean;
}

function describeValue(value: unknown): string {
  if (typeof value === 'function') return `a function${value.name ? ` (${value.name})` : ''}`;
  if (typeof value === 'symbol') return `a symbol (${String(value.description)})`;
  if (hasTag(value, 'ArrayBuffer')) return 'an ArrayBuffer';
  const name = Object.getPrototypeOf(value)?.constructor?.name as string | undefined;
  return name ? `an instance of ${name}` : 'an object with an unusual prototype';
}

function refuse(value: unknown, path: string, rules: CloneRules, hint = ''): never {
  throw new DataCloneError(`${rules.context}: ${describeValue(value)} at ${path} could not be cloned${hint}`);
}

function isTypedArray(value: object): value is Uint8Array {
  return ArrayBuffer.isView(value) && !isDataViewValue(value);
}

/** Deep-copies `value` by the structured clone algorithm, restricted by `rules`. */
export function structuredCloneValue<T>(value: T, rules: CloneRules): T {
  const seen = new Map<object, unknown>();
  const walk = (input: unknown, path: string): unknown => {
    if (input === null || input === undefined) return input;
    const kind = typeof input;
    if (kind === 'string' || kind === 'number' || kind === 'boolean' || kind === 'bigint') return input;
    if (kind === 'function' || kind === 'symbol') refuse(input, path, rules);
    const object = input as object;
    const known = seen.get(object);
    if (known !== undefined) return known;
    if (Array.isArray(object)) {
      const out: unknown[] = [];
      seen.set(object, out);
      for (let i = 0; i < object.length; i++) out[i] = walk(object[i], `${path}[${i}]`);
      return out;
    }
    const proto = Object.getPrototypeOf(object) as object | null;
    if (proto === null || isObjectPrototype(proto)) {
      const out: Record<string, unknown> = {};
      seen.set(object, out);
      for (const key of Object.keys(object)) out[key] = walk((object as Record<string, unknown>)[key], `${path}.${key}`);
      return out;
    }
    if (isUint8ArrayValue(object)) {
      const out = new Uint8Array(object);
      seen.set(object, out);
      return out;
    }
    if (hasTag(object, 'ArrayBuffer')) {
      refuse(object, path, rules, ': send a Uint8Array instead (postMessage carries structured data and Uint8Array, not Blob or ArrayBuffer)');
    }
    if (typeof Blob !== 'undefined' && object instanceof Blob) {
      refuse(object, path, rules, ': send a Uint8Array instead (postMessage carries structured data and Uint8Array, not Blob or ArrayBuffer)');
    }
    if (rules.allowOtherTypedArrays && isTypedArray(object)) {
      const ctor = object.constructor as new (source: ArrayLike<number>) => object;
      const out = new ctor(object);
      seen.set(object, out);
      return out;
    }
    if (rules.allowRichTypes) {
      if (hasTag(object, 'Date')) return new Date((object as Date).getTime());
      if (hasTag(object, 'RegExp')) return new RegExp((object as RegExp).source, (object as RegExp).flags);
      if (hasTag(object, 'Map')) {
        const out = new Map<unknown, unknown>();
        seen.set(object, out);
        for (const [k, v] of object as Map<unknown, unknown>) out.set(walk(k, `${path}<key>`), walk(v, `${path}<value>`));
        return out;
      }
      if (hasTag(object, 'Set')) {
        const out = new Set<unknown>();
        seen.set(object, out);
        for (const v of object as Set<unknown>) out.add(walk(v, `${path}<item>`));
        return out;
      }
    }
    return refuse(object, path, rules);
  };
  return walk(value, 'the value') as T;
}

/** Number of bytes `text` takes in UTF-8 (lone surrogates count as U+FFFD, 3 bytes). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Decodes UTF-8 bytes (for fetch responses): invalid sequences become U+FFFD. */
export function decodeUtf8(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  const chunk: number[] = [];
  const flush = () => {
    out += String.fromCharCode.apply(null, chunk);
    chunk.length = 0;
  };
  while (i < bytes.length) {
    const b = bytes[i]!;
    let code = 0xfffd;
    let size = 1;
    if (b < 0x80) code = b;
    else if (b >= 0xc2 && b < 0xe0 && i + 1 < bytes.length && (bytes[i + 1]! & 0xc0) === 0x80) {
      code = ((b & 0x1f) << 6) | (bytes[i + 1]! & 0x3f);
      size = 2;
    } else if (b >= 0xe0 && b < 0xf0 && i + 2 < bytes.length && (bytes[i + 1]! & 0xc0) === 0x80 && (bytes[i + 2]! & 0xc0) === 0x80) {
      code = ((b & 0x0f) << 12) | ((bytes[i + 1]! & 0x3f) << 6) | (bytes[i + 2]! & 0x3f);
      size = code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 1 : 3;
      if (size === 1) code = 0xfffd;
    } else if (b >= 0xf0 && b < 0xf5 && i + 3 < bytes.length && (bytes[i + 1]! & 0xc0) === 0x80 && (bytes[i + 2]! & 0xc0) === 0x80 && (bytes[i + 3]! & 0xc0) === 0x80) {
      code = ((b & 0x07) << 18) | ((bytes[i + 1]! & 0x3f) << 12) | ((bytes[i + 2]! & 0x3f) << 6) | (bytes[i + 3]! & 0x3f);
      size = code < 0x10000 || code > 0x10ffff ? 1 : 4;
      if (size === 1) code = 0xfffd;
    }
    i += size;
    if (code >= 0x10000) {
      code -= 0x10000;
      chunk.push(0xd800 + (code >> 10), 0xdc00 + (code & 0x3ff));
    } else chunk.push(code);
    if (chunk.length > 8000) flush();
  }
  flush();
  return out;
}

/** Encodes text as UTF-8 bytes (fetch request bodies, SVG export). */
export function encodeUtf8(text: string): Uint8Array {
  const out = new Uint8Array(utf8Length(text));
  let o = 0;
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
        i++;
      } else code = 0xfffd;
    } else if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
    if (code < 0x80) out[o++] = code;
    else if (code < 0x800) {
      out[o++] = 0xc0 | (code >> 6);
      out[o++] = 0x80 | (code & 0x3f);
    } else if (code < 0x10000) {
      out[o++] = 0xe0 | (code >> 12);
      out[o++] = 0x80 | ((code >> 6) & 0x3f);
      out[o++] = 0x80 | (code & 0x3f);
    } else {
      out[o++] = 0xf0 | (code >> 18);
      out[o++] = 0x80 | ((code >> 12) & 0x3f);
      out[o++] = 0x80 | ((code >> 6) & 0x3f);
      out[o++] = 0x80 | (code & 0x3f);
    }
  }
  return out;
}
