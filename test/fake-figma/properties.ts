// Table-driven node properties: each property is a getter/setter pair on the class prototype
// backed by a `_name` field whose default lives on the prototype too. Creating a node therefore
// writes no property fields, and a read is one field load plus a liveness check.
import { isObjectPrototype } from './realm-checks';
import { describeType, figmaError, validationError } from './figma-errors';

export type Check = (node: PropertyOwner, value: unknown, api: string) => unknown;

export interface PropertySpec {
  /** The value a new node has (frozen when it is an object: prototype defaults are shared). */
  value: unknown;
  /** Validates and normalises an assigned value; throws Figma-like errors. */
  check?: Check;
}

/** What the property accessors need from their owner (implemented by FakeBaseNode). */
export interface PropertyOwner {
  _assertReadable(): void;
  _write(name: string, key: string, value: unknown): void;
  _removed: boolean;
  _inInstance: boolean;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

export function defineProperties(klass: { prototype: object }, specs: Record<string, PropertySpec>): void {
  const proto = klass.prototype as Record<string, unknown>;
  for (const name of Object.keys(specs)) {
    const spec = specs[name]!;
    const key = `_${name}`;
    const api = `set_${name}`;
    const check = spec.check;
    proto[key] = deepFreeze(spec.value);
    Object.defineProperty(proto, name, {
      configurable: true,
      enumerable: false,
      get(this: PropertyOwner & Record<string, unknown>) {
        if (this._removed || this._inInstance) this._assertReadable();
        return this[key];
      },
      set(this: PropertyOwner, value: unknown) {
        this._write(name, key, check ? check(this, value, api) : value);
      },
    });
  }
}

/** A read-only property whose value is computed; assigning it throws as in Figma. */
export function defineReadOnly(klass: { prototype: object }, name: string, get: (this: never) => unknown): void {
  Object.defineProperty(klass.prototype, name, {
    configurable: true,
    enumerable: false,
    get,
    set() {
      throw figmaError(`set_${name}`, `Cannot set the read-only property "${name}".`);
    },
  });
}

// ---- checks -------------------------------------------------------------------------------

export const finite: Check = (_node, value, api) => {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw validationError(api, 'a finite number', value);
  return value;
};

export function numberIn(min: number, max: number): Check {
  return (_node, value, api) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw validationError(api, 'a finite number', value);
    if (value < min || value > max) throw figmaError(api, `Expected a number between ${min} and ${max}, got ${value}`);
    return value;
  };
}

export const nonNegative = numberIn(0, Number.MAX_VALUE);

export const bool: Check = (_node, value, api) => {
  if (typeof value !== 'boolean') throw validationError(api, 'a boolean', value);
  return value;
};

export const text: Check = (_node, value, api) => {
  if (typeof value !== 'string') throw validationError(api, 'a string', value);
  return value;
};

export function oneOf(...options: readonly string[]): Check {
  return (_node, value, api) => {
    if (typeof value !== 'string' || !options.includes(value)) {
      throw figmaError(api, `Expected one of ${options.map((o) => `"${o}"`).join(', ')}, got ${typeof value === 'string' ? `"${value}"` : describeType(value)}`);
    }
    return value;
  };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === null || isObjectPrototype(proto);
}

/** Copies plain data (objects, arrays, primitives) and freezes it: Figma hands out frozen values. */
export function frozenCopy<T>(value: T, api: string, path = 'value'): T {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'function' || typeof value === 'symbol') throw figmaError(api, `${path} cannot be ${describeType(value)}`);
    return value;
  }
  if (Array.isArray(value)) return Object.freeze(value.map((item, i) => frozenCopy(item as unknown, api, `${path}[${i}]`))) as T;
  if (!isPlainObject(value)) throw figmaError(api, `${path} must be plain data, got ${describeType(value)}`);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item !== undefined) out[key] = frozenCopy(item, api, `${path}.${key}`);
  }
  return Object.freeze(out) as T;
}

const BLEND_MODES = [
  'PASS_THROUGH', 'NORMAL', 'DARKEN', 'MULTIPLY', 'LINEAR_BURN', 'COLOR_BURN', 'LIGHTEN', 'SCREEN', 'LINEAR_DODGE',
  'COLOR_DODGE', 'OVERLAY', 'SOFT_LIGHT', 'HARD_LIGHT', 'DIFFERENCE', 'EXCLUSION', 'HUE', 'SATURATION', 'COLOR', 'LUMINOSITY',
] as const;
export const blendMode = oneOf(...BLEND_MODES);

function checkColor(api: string, color: unknown, path: string, withAlpha: boolean): void {
  if (!isPlainObject(color)) throw figmaError(api, `${path} must be an object {r, g, b${withAlpha ? ', a' : ''}}`);
  for (const channel of withAlpha ? ['r', 'g', 'b', 'a'] : ['r', 'g', 'b']) {
    const v = color[channel];
    if (typeof v !== 'number' || !(v >= 0 && v <= 1)) throw figmaError(api, `${path}.${channel} must be a number from 0 to 1, got ${String(v)}`);
  }
  for (const key of Object.keys(color)) {
    if (!['r', 'g', 'b', 'a'].includes(key) || (!withAlpha && key === 'a')) throw figmaError(api, `${path} has an unexpected field "${key}"`);
  }
}

export interface PaintRules {
  /** Image hashes the document knows (fills that name an unknown image fail). */
  hasImage: (hash: string) => boolean;
}

export function checkPaints(api: string, value: unknown, rules: PaintRules): ReadonlyArray<Paint> {
  if (!Array.isArray(value)) throw validationError(api, 'an array of paints', value);
  value.forEach((paint: unknown, i) => {
    const path = `paints[${i}]`;
    if (!isPlainObject(paint)) throw figmaError(api, `${path} must be a paint object`);
    if (paint.opacity !== undefined && (typeof paint.opacity !== 'number' || paint.opacity < 0 || paint.opacity > 1)) {
      throw figmaError(api, `${path}.opacity must be a number from 0 to 1`);
    }
    if (paint.visible !== undefined && typeof paint.visible !== 'boolean') throw figmaError(api, `${path}.visible must be a boolean`);
    if (paint.blendMode !== undefined) blendMode(undefined as never, paint.blendMode, api);
    switch (paint.type) {
      case 'SOLID':
        checkColor(api, paint.color, `${path}.color`, false);
        break;
      case 'GRADIENT_LINEAR':
      case 'GRADIENT_RADIAL':
      case 'GRADIENT_ANGULAR':
      case 'GRADIENT_DIAMOND':
        if (!Array.isArray(paint.gradientStops) || paint.gradientStops.length < 1) throw figmaError(api, `${path}.gradientStops must be a non-empty array`);
        (paint.gradientStops as unknown[]).forEach((stop, s) => {
          if (!isPlainObject(stop) || typeof stop.position !== 'number') throw figmaError(api, `${path}.gradientStops[${s}] must be {position, color}`);
          checkColor(api, stop.color, `${path}.gradientStops[${s}].color`, true);
        });
        if (!Array.isArray(paint.gradientTransform)) throw figmaError(api, `${path}.gradientTransform must be a 2×3 matrix`);
        break;
      case 'IMAGE':
        if (paint.imageHash !== null && typeof paint.imageHash !== 'string') throw figmaError(api, `${path}.imageHash must be a string or null`);
        if (typeof paint.imageHash === 'string' && !rules.hasImage(paint.imageHash)) {
          throw figmaError(api, `${path}.imageHash "${paint.imageHash}" does not name an image in this file; create it with figma.createImage first`);
        }
        oneOf('FILL', 'FIT', 'CROP', 'TILE')(undefined as never, paint.scaleMode, `${api} (${path}.scaleMode)`);
        checkImagePaintExtras(api, paint, path);
        break;
      default:
        throw figmaError(api, `${path}.type must be SOLID, GRADIENT_LINEAR, GRADIENT_RADIAL, GRADIENT_ANGULAR, GRADIENT_DIAMOND or IMAGE, got ${JSON.stringify(paint.type)}`);
    }
  });
  const copy = value.map((paint: Record<string, unknown>, i) => frozenCopy({ visible: true, opacity: 1, blendMode: 'NORMAL', ...paint }, api, `paints[${i}]`));
  // Remembered on the list itself so boundVariables reads need not scan every paint.
  if (copy.some((paint) => (paint as { boundVariables?: unknown }).boundVariables !== undefined)) Object.defineProperty(copy, '_hasBinding', { value: true });
  return Object.freeze(copy) as unknown as ReadonlyArray<Paint>;
}

/** ImagePaint's optional fields, read strictly from the typings' comments. */
function checkImagePaintExtras(api: string, paint: Record<string, unknown>, path: string): void {
  // "Determines the rotation of the image within the layer. Must be in increments of +90."
  if (paint.rotation !== undefined && (typeof paint.rotation !== 'number' || !Number.isFinite(paint.rotation) || paint.rotation % 90 !== 0)) {
    throw figmaError(api, `${path}.rotation must be a multiple of 90 degrees, got ${JSON.stringify(paint.rotation)}`);
  }
  if (paint.scalingFactor !== undefined && (typeof paint.scalingFactor !== 'number' || !Number.isFinite(paint.scalingFactor) || paint.scalingFactor <= 0)) {
    throw figmaError(api, `${path}.scalingFactor must be a positive number, got ${JSON.stringify(paint.scalingFactor)}`);
  }
  if (paint.imageTransform !== undefined) {
    const t = paint.imageTransform;
    if (!Array.isArray(t) || t.length !== 2 || t.some((row) => !Array.isArray(row) || row.length !== 3 || row.some((v) => typeof v !== 'number' || !Number.isFinite(v)))) {
      throw figmaError(api, `${path}.imageTransform must be a 2×3 matrix [[a, b, tx], [c, d, ty]]`);
    }
  }
  // "All values default to 0.0 and have range -1.0 to +1.0."
  if (paint.filters !== undefined) {
    if (!isPlainObject(paint.filters)) throw figmaError(api, `${path}.filters must be an object of filter → value`);
    for (const [name, value] of Object.entries(paint.filters)) {
      if (typeof value !== 'number' || !(value >= -1 && value <= 1)) throw figmaError(api, `${path}.filters.${name} must be a number from -1 to 1, got ${JSON.stringify(value)}`);
    }
  }
}

/**
 * A text hyperlink. Figma's HyperlinkTarget page: for "NODE" the value "is the id of a node in
 * the current document" and "the node cannot be a sublayer of an instance"; for "URL" it "is a
 * hyperlink URL" (the fake asks for an absolute URL with a scheme, the stricter reading).
 */
export const hyperlink: Check = (node, value, api) => {
  if (value === null) return null;
  if (!isPlainObject(value) || (value.type !== 'URL' && value.type !== 'NODE') || typeof value.value !== 'string') {
    throw validationError(api, 'a hyperlink {type: "URL" | "NODE", value} or null', value);
  }
  if (value.type === 'URL' && !/^[a-z][a-z0-9+.-]*:\S+$/i.test(value.value)) throw figmaError(api, `A URL hyperlink needs an absolute URL, got ${JSON.stringify(value.value)}`);
  if (value.type === 'NODE') {
    const nodes = (node as unknown as { _ctx: { nodes: Map<string, PropertyOwner> } })._ctx.nodes;
    const target = nodes.get(value.value);
    if (!target || target._removed) throw figmaError(api, `A NODE hyperlink needs the id of a node in this file; "${value.value}" is not one`);
    if (target._inInstance) throw figmaError(api, `A NODE hyperlink cannot point to a layer inside an instance ("${value.value}")`);
  }
  return frozenCopy(value, api);
};

export function checkEffects(api: string, value: unknown): ReadonlyArray<Effect> {
  if (!Array.isArray(value)) throw validationError(api, 'an array of effects', value);
  value.forEach((effect: unknown, i) => {
    const path = `effects[${i}]`;
    if (!isPlainObject(effect)) throw figmaError(api, `${path} must be an effect object`);
    if (typeof effect.radius !== 'number' || effect.radius < 0) throw figmaError(api, `${path}.radius must be a non-negative number`);
    if (typeof effect.visible !== 'boolean') throw figmaError(api, `${path}.visible is required and must be a boolean`);
    switch (effect.type) {
      case 'DROP_SHADOW':
      case 'INNER_SHADOW':
        checkColor(api, effect.color, `${path}.color`, true);
        if (!isPlainObject(effect.offset) || typeof effect.offset.x !== 'number' || typeof effect.offset.y !== 'number') {
          throw figmaError(api, `${path}.offset must be {x, y}`);
        }
        blendMode(undefined as never, effect.blendMode, `${api} (${path}.blendMode)`);
        break;
      case 'LAYER_BLUR':
      case 'BACKGROUND_BLUR':
        break;
      default:
        throw figmaError(api, `${path}.type must be DROP_SHADOW, INNER_SHADOW, LAYER_BLUR or BACKGROUND_BLUR, got ${JSON.stringify(effect.type)}`);
    }
  });
  return frozenCopy(value, api) as ReadonlyArray<Effect>;
}

export const constraintsCheck: Check = (_node, value, api) => {
  if (!isPlainObject(value)) throw validationError(api, 'constraints {horizontal, vertical}', value);
  const options = ['MIN', 'CENTER', 'MAX', 'STRETCH', 'SCALE'];
  oneOf(...options)(_node, value.horizontal, `${api} (horizontal)`);
  oneOf(...options)(_node, value.vertical, `${api} (vertical)`);
  return frozenCopy({ horizontal: value.horizontal, vertical: value.vertical }, api);
};

export const numberArray: Check = (_node, value, api) => {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'number' || !(v >= 0))) throw validationError(api, 'an array of non-negative numbers', value);
  return Object.freeze([...(value as number[])]);
};

export const plainData: Check = (_node, value, api) => frozenCopy(value, api);
