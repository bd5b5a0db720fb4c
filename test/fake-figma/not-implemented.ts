// The end of every fake object's prototype chain: reading a member the fake does not model
// throws a clear error instead of quietly returning undefined. Members found earlier in the
// chain (own fields, class prototypes) never reach this proxy, so supported reads stay fast.

/**
 * Names that tooling probes on any object (promises, test matchers, pretty printers), and the
 * fake's own `_internal` fields, which read as undefined where a class has none.
 */
function isProbe(prop: string): boolean {
  return (
    prop.startsWith('_') ||
    prop === 'then' ||
    prop === 'toJSON' ||
    prop === 'asymmetricMatch' ||
    prop === 'nodeType' ||
    prop === 'tagName' ||
    prop === 'constructor' ||
    prop.startsWith('$$') ||
    prop.startsWith('@@')
  );
}

export class NotImplementedByFakeError extends Error {
  constructor(what: string) {
    super(`not implemented by the fake: ${what}`);
    this.name = 'NotImplementedByFakeError';
  }
}

export function notImplemented(what: string): never {
  throw new NotImplementedByFakeError(what);
}

/**
 * A prototype that throws on unknown reads. `describe` names the object in the message
 * (for nodes: `FRAME "Card" (1:2)`).
 */
export function strictPrototype(describe: (receiver: unknown) => string, allowNewField?: (prop: string) => boolean): object {
  // Describing the receiver reads its fields; a miss there must not recurse into this trap.
  let describing = false;
  const name = (receiver: unknown): string => {
    describing = true;
    try {
      return describe(receiver);
    } finally {
      describing = false;
    }
  };
  return new Proxy(Object.prototype, {
    get(target, prop, receiver) {
      if (typeof prop === 'symbol' || prop in target || isProbe(prop) || describing) return Reflect.get(target, prop, receiver) as unknown;
      throw new NotImplementedByFakeError(`${name(receiver)}.${prop}`);
    },
    // Only reached when no setter exists anywhere in the chain and the object has no such own
    // field yet: assigning a member the fake does not model would otherwise pass silently.
    set(_target, prop, value, receiver) {
      if (allowNewField && typeof prop === 'string' && !allowNewField(prop)) {
        throw new NotImplementedByFakeError(`setting ${name(receiver)}.${prop}`);
      }
      return Reflect.defineProperty(receiver as object, prop, { value: value as unknown, writable: true, enumerable: true, configurable: true });
    },
  });
}

/**
 * Makes `Class.prototype` end in a strict prototype. With `allowNewField`, assigning any other
 * new field throws too (nodes: only `id` and `_internal` fields are created by assignment).
 */
export function makeStrict(klass: { prototype: object }, describe: (receiver: unknown) => string, allowNewField?: (prop: string) => boolean): void {
  Object.setPrototypeOf(klass.prototype, strictPrototype(describe, allowNewField));
}

/** Gives a plain API object a strict prototype so unknown members throw (`figma.variables.x`). */
export function strictObject<T extends object>(api: T, name: string): T {
  Object.setPrototypeOf(api, strictPrototype(() => name, () => false));
  return api;
}
