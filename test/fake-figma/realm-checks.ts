// Type checks that hold whatever realm a value was made in. The playground runs each plugin run
// in a realm of its own (an iframe), so plain objects and Uint8Arrays from plugin code have that
// realm's prototypes: `instanceof Uint8Array` or `proto === Object.prototype` would refuse them.

const toStringTag = (value: unknown): string => Object.prototype.toString.call(value);

/** `Object.prototype` of this realm or of another one (not an object built on a fake's strict prototype). */
export function isObjectPrototype(proto: unknown): boolean {
  if (proto === Object.prototype) return true;
  if (proto === null || typeof proto !== 'object' || Object.getPrototypeOf(proto) !== null) return false;
  const ctor = (proto as { constructor?: unknown }).constructor;
  // A strict prototype (not-implemented.ts) reads through to this realm's Object.prototype.
  return typeof ctor === 'function' && ctor !== Object && ctor.name === 'Object' && Object.prototype.hasOwnProperty.call(proto, 'isPrototypeOf');
}

export function isUint8ArrayValue(value: unknown): value is Uint8Array {
  return ArrayBuffer.isView(value) && toStringTag(value) === '[object Uint8Array]';
}

export function isDataViewValue(value: unknown): value is DataView {
  return ArrayBuffer.isView(value) && toStringTag(value) === '[object DataView]';
}

/** One of ArrayBuffer, Date, RegExp, Map, Set (by its internal tag, any realm). */
export function hasTag(value: unknown, name: 'ArrayBuffer' | 'Date' | 'RegExp' | 'Map' | 'Set'): boolean {
  return toStringTag(value) === `[object ${name}]`;
}
