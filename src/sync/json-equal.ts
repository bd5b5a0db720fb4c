// Equality of JSON values as the builder API may return them: the same content whatever the
// key order, and an absent key the same as one set to undefined.

type Json = Record<string, unknown>;

/** Structural equality; absent and undefined keys are the same (the API may reorder keys). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null && sameObjects(a, b));
}

/**
 * jsonEqual of two objects or arrays. Items and values that are the same value (strings,
 * numbers: most of them) are settled without a call, which the sandbox's interpreter pays for.
 */
export function sameObjects(a: object, b: object): boolean {
  const arrayA = Array.isArray(a);
  if (arrayA !== Array.isArray(b)) return false;
  if (arrayA) {
    const listA = a as unknown[];
    const listB = b as unknown[];
    if (listA.length !== listB.length) return false;
    for (let index = 0; index < listA.length; index++) {
      const x = listA[index];
      const y = listB[index];
      if (x !== y && !(typeof x === 'object' && typeof y === 'object' && x !== null && y !== null && sameObjects(x, y))) return false;
    }
    return true;
  }
  const objectA = a as Json;
  const objectB = b as Json;
  let countA = 0;
  for (const key in objectA) {
    const x = objectA[key];
    if (x === undefined) continue;
    countA++;
    const y = objectB[key];
    if (x !== y && !(typeof x === 'object' && typeof y === 'object' && x !== null && y !== null && sameObjects(x, y))) return false;
  }
  let countB = 0;
  for (const key in objectB) if (objectB[key] !== undefined) countB++;
  return countA === countB;
}
