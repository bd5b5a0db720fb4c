// Wraps one method of an object so the playground sees each call after it ran (showUI, resize,
// close…), without changing what the method does or returns.

export function interceptMethod<T extends object>(target: T, name: keyof T & string, after: (args: unknown[], result: unknown) => void): void {
  const original = target[name];
  if (typeof original !== 'function') throw new Error(`Cannot watch ${name}: it is not a method.`);
  const wrapped = function (this: unknown, ...args: unknown[]): unknown {
    const result: unknown = (original as (...a: unknown[]) => unknown).apply(this, args);
    after(args, result);
    return result;
  };
  Object.defineProperty(target, name, { value: wrapped, configurable: true, writable: true, enumerable: false });
}
