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
export function strictPrototype(describe: (receiver: unknown) => string): object {
  return new Proxy(Object.prototype, {
    get(target, prop, receiver) {
      if (typeof prop === 'symbol' || prop in target || isProbe(prop)) return Reflect.get(target, prop, receiver) as unknown;
      throw new NotImplementedByFakeError(`${describe(receiver)}.${prop}`);
    },
  });
}

/** Makes `Class.prototype` end in a strict prototype. */
export function makeStrict(klass: { prototype: object }, describe: (receiver: unknown) => string): void {
  Object.setPrototypeOf(klass.prototype, strictPrototype(describe));
}

/** Gives a plain API object a strict prototype so unknown members throw (`figma.variables.x`). */
export function strictObject<T extends object>(api: T, name: string): T {
  Object.setPrototypeOf(api, strictPrototype(() => name));
  return api;
}
