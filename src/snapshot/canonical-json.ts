// Canonical JSON: object keys in code-unit order at every level, no whitespace, only finite
// numbers. The normalizer builds its objects with keys already in this order, so on the hot
// path `JSON.stringify` (native, fast in QuickJS) gives the same bytes; `canonicalJson` is the
// reference that tests compare against, and the safe choice for objects of unknown origin.

function fail(path: string, problem: string): never {
  throw new Error(`cannot write canonical JSON: ${path} ${problem}`);
}

function write(value: unknown, path: string, out: string[]): void {
  if (value === null) {
    out.push('null');
    return;
  }
  switch (typeof value) {
    case 'string':
      out.push(JSON.stringify(value));
      return;
    case 'boolean':
      out.push(value ? 'true' : 'false');
      return;
    case 'number':
      if (!Number.isFinite(value)) fail(path, `is ${String(value)}, not a finite number`);
      out.push(JSON.stringify(value === 0 ? 0 : value));
      return;
    case 'object':
      break;
    default:
      fail(path, `is a ${typeof value}, which JSON cannot represent`);
  }
  if (Array.isArray(value)) {
    out.push('[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out.push(',');
      const item: unknown = value[i];
      if (item === undefined) fail(`${path}[${i}]`, 'is undefined');
      write(item, `${path}[${i}]`, out);
    }
    out.push(']');
    return;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) fail(path, 'is not a plain object');
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  out.push('{');
  let first = true;
  for (const key of keys) {
    const item = record[key];
    if (item === undefined) continue; // as JSON.stringify does
    if (!first) out.push(',');
    first = false;
    out.push(JSON.stringify(key), ':');
    write(item, `${path}.${key}`, out);
  }
  out.push('}');
}

/** Canonical JSON of a JSON-safe value; throws, naming the path, on anything else. */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  write(value, '$', out);
  return out.join('');
}

/** Whether every object in `value` already has its keys in canonical order. */
export function hasCanonicalKeyOrder(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) return value.every(hasCanonicalKeyOrder);
  const keys = Object.keys(value);
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! >= keys[i]!) return false;
  return keys.every((key) => hasCanonicalKeyOrder((value as Record<string, unknown>)[key]));
}
