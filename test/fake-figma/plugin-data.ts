// Private and shared plugin data on nodes, styles and variables, with Figma's rules: string
// keys and values, "" removes, shared namespaces of at least 3 alphanumeric characters (letters
// and digits only: the typings' words, the stricter reading), and at
// most 100 kB per entry (id or namespace + key + value, measured in UTF-8 bytes).
import { figmaError, validationError } from './figma-errors';
import { utf8Length } from './structured-clone';

/** Figma documents "100 kB"; the fake takes the stricter reading (100,000 bytes). */
export const PLUGIN_DATA_ENTRY_LIMIT_BYTES = 100_000;

const NAMESPACE_PATTERN = /^[A-Za-z0-9]{3,}$/;

/** Where a node, style or variable keeps its data; fields start absent to keep objects small. */
export interface PluginDataHolder {
  _pluginData: Record<string, string> | null;
  _shared: Record<string, Record<string, string>> | null;
}

function checkString(api: string, what: string, value: unknown): asserts value is string {
  if (typeof value !== 'string') throw validationError(api, `${what} to be a string`, value);
}

function checkNamespace(api: string, namespace: unknown): asserts namespace is string {
  checkString(api, 'namespace', namespace);
  if (!NAMESPACE_PATTERN.test(namespace)) {
    throw figmaError(api, `Invalid namespace "${namespace}": a namespace must be at least 3 alphanumeric characters (letters and digits).`);
  }
}

function checkEntrySize(api: string, owner: string, key: string, value: string): void {
  const size = utf8Length(owner) + utf8Length(key) + utf8Length(value);
  if (size > PLUGIN_DATA_ENTRY_LIMIT_BYTES) {
    throw figmaError(
      api,
      `The plugin data entry for key "${key}" is ${size} bytes; an entry (${owner === '' ? 'key' : 'id or namespace, key'} and value) cannot exceed 100 kB.`,
    );
  }
}

export function getPluginData(holder: PluginDataHolder, key: unknown): string {
  checkString('getPluginData', 'key', key);
  return holder._pluginData?.[key] ?? '';
}

/** Returns true when something changed. */
export function setPluginData(holder: PluginDataHolder, pluginId: string, key: unknown, value: unknown): boolean {
  checkString('setPluginData', 'key', key);
  checkString('setPluginData', 'value', value);
  if (value === '') {
    if (holder._pluginData && key in holder._pluginData) {
      delete holder._pluginData[key];
      return true;
    }
    return false;
  }
  checkEntrySize('setPluginData', pluginId, key, value);
  (holder._pluginData ??= Object.create(null) as Record<string, string>)[key] = value;
  return true;
}

export function getPluginDataKeys(holder: PluginDataHolder): string[] {
  return holder._pluginData ? Object.keys(holder._pluginData) : [];
}

export function getSharedPluginData(holder: PluginDataHolder, namespace: unknown, key: unknown): string {
  checkNamespace('getSharedPluginData', namespace);
  checkString('getSharedPluginData', 'key', key);
  return holder._shared?.[namespace]?.[key] ?? '';
}

export function setSharedPluginData(holder: PluginDataHolder, namespace: unknown, key: unknown, value: unknown): boolean {
  checkNamespace('setSharedPluginData', namespace);
  checkString('setSharedPluginData', 'key', key);
  checkString('setSharedPluginData', 'value', value);
  if (value === '') {
    const space = holder._shared?.[namespace];
    if (space && key in space) {
      delete space[key];
      return true;
    }
    return false;
  }
  checkEntrySize('setSharedPluginData', namespace, key, value);
  const shared = (holder._shared ??= Object.create(null) as Record<string, Record<string, string>>);
  (shared[namespace] ??= Object.create(null) as Record<string, string>)[key] = value;
  return true;
}

export function getSharedPluginDataKeys(holder: PluginDataHolder, namespace: unknown): string[] {
  checkNamespace('getSharedPluginDataKeys', namespace);
  const space = holder._shared?.[namespace];
  return space ? Object.keys(space) : [];
}

/** The six plugin-data methods, as a style or variable has them. */
export interface PluginDataMethods {
  getPluginData(key: string): string;
  setPluginData(key: string, value: string): void;
  getPluginDataKeys(): string[];
  getSharedPluginData(namespace: string, key: string): string;
  setSharedPluginData(namespace: string, key: string, value: string): void;
  getSharedPluginDataKeys(namespace: string): string[];
}

type Owner = PluginDataHolder & { readonly _ctx: { readonly pluginId: string; readonly undo: { untracked(what: string): void } } };

/**
 * The methods for a class's prototype (`Object.assign(Class.prototype, pluginDataMethods())`),
 * written once for styles and variables; `beforeWrite` guards the setters (a removed style).
 * Nodes have their own: reading a node also checks that it is readable.
 */
export function pluginDataMethods<T extends Owner>(beforeWrite?: (owner: T, api: string) => void): PluginDataMethods & ThisType<T> {
  return {
    getPluginData(this: T, key: string): string {
      return getPluginData(this, key);
    },
    setPluginData(this: T, key: string, value: string): void {
      beforeWrite?.(this, 'setPluginData');
      // Only nodes' plugin data is journalled for triggerUndo.
      this._ctx.undo.untracked("a style's or variable's plugin data");
      setPluginData(this, this._ctx.pluginId, key, value);
    },
    getPluginDataKeys(this: T): string[] {
      return getPluginDataKeys(this);
    },
    getSharedPluginData(this: T, namespace: string, key: string): string {
      return getSharedPluginData(this, namespace, key);
    },
    setSharedPluginData(this: T, namespace: string, key: string, value: string): void {
      beforeWrite?.(this, 'setSharedPluginData');
      // Only nodes' plugin data is journalled for triggerUndo.
      this._ctx.undo.untracked("a style's or variable's plugin data");
      setSharedPluginData(this, namespace, key, value);
    },
    getSharedPluginDataKeys(this: T, namespace: string): string[] {
      return getSharedPluginDataKeys(this, namespace);
    },
  };
}
