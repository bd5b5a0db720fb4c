// figma.variables: local collections and variables, binding variables to node fields and paint
// colours. Synchronous lookups are refused under dynamic-page, as in Figma.
import { digest40, type FakeContext } from './context';
import { figmaError, validationError } from './figma-errors';
import { makeStrict, notImplemented, strictObject } from './not-implemented';
import type { FakeSceneNode } from './nodes';
import { pluginDataMethods, type PluginDataHolder, type PluginDataMethods } from './plugin-data';
import { isPlainObject } from './properties';

/** Plugin data: the shared methods of plugin-data.ts, installed on the prototype below. */
export interface FakeVariableCollection extends PluginDataMethods {}
export class FakeVariableCollection implements PluginDataHolder {
  readonly id: string;
  readonly key: string;
  _name: string;
  _modes: { modeId: string; name: string }[];
  _variableIds: string[] = [];
  _removed = false;
  _pluginData: Record<string, string> | null = null;
  _shared: Record<string, Record<string, string>> | null = null;
  hiddenFromPublishing = false;

  constructor(
    readonly _ctx: FakeContext,
    name: string,
  ) {
    const nodeId = _ctx.nextId();
    this.id = `VariableCollectionId:${nodeId}`;
    this.key = digest40(`${_ctx.fileName}\u0000collection\u0000${nodeId}`);
    this._name = name;
    this._modes = [{ modeId: `${nodeId.split(':')[1]}:0`, name: 'Mode 1' }];
  }

  get name(): string {
    return this._name;
  }
  set name(value: string) {
    this._ctx.undo.untracked('editing variables');
    if (typeof value !== 'string' || value === '') throw validationError('set_name', 'a non-empty string', value);
    this._name = value;
  }
  get remote(): boolean {
    return false;
  }
  get removed(): boolean {
    return this._removed;
  }
  get modes(): Array<{ modeId: string; name: string }> {
    return this._modes.map((m) => ({ ...m }));
  }
  get defaultModeId(): string {
    return this._modes[0]!.modeId;
  }
  get variableIds(): string[] {
    return this._variableIds.slice();
  }
  get isExtension(): boolean {
    return false;
  }

  addMode(name: string): string {
    this._ctx.undo.untracked('editing variables');
    if (typeof name !== 'string' || name === '') throw validationError('addMode', 'a non-empty mode name', name);
    const modeId = `${this.id.split(':')[2]}:${this._modes.length}`;
    this._modes.push({ modeId, name });
    for (const id of this._variableIds) {
      const variable = this._ctx.variables.get(id) as FakeVariable | undefined;
      if (variable) variable._valuesByMode[modeId] = variable._valuesByMode[this.defaultModeId]!;
    }
    return modeId;
  }
  renameMode(modeId: string, newName: string): void {
    this._ctx.undo.untracked('editing variables');
    const mode = this._modes.find((m) => m.modeId === modeId);
    if (!mode) throw figmaError('renameMode', `No mode with id "${modeId}" in "${this._name}"`);
    mode.name = newName;
  }
  removeMode(modeId: string): void {
    this._ctx.undo.untracked('editing variables');
    if (this._modes.length === 1) throw figmaError('removeMode', 'A collection must keep at least one mode');
    this._modes = this._modes.filter((m) => m.modeId !== modeId);
  }
  remove(): void {
    this._ctx.undo.untracked('editing variables');
    this._removed = true;
    for (const id of this._variableIds) (this._ctx.variables.get(id) as FakeVariable | undefined)?.remove();
    this._ctx.variables.delete(this.id);
  }

}
Object.assign(FakeVariableCollection.prototype, pluginDataMethods());
makeStrict(FakeVariableCollection, (c) => `VariableCollection "${(c as FakeVariableCollection)._name}"`);

type VariableValueType = VariableResolvedDataType;

function checkValue(api: string, type: VariableValueType, value: unknown, ctx: FakeContext): VariableValue {
  if (isPlainObject(value) && value.type === 'VARIABLE_ALIAS') {
    const target = ctx.variables.get(value.id as string);
    if (!(target instanceof FakeVariable)) throw figmaError(api, `Alias to unknown variable "${String(value.id)}"`);
    if (target.resolvedType !== type) throw figmaError(api, `Cannot alias a ${type} variable to a ${target.resolvedType} variable`);
    return { type: 'VARIABLE_ALIAS', id: target.id };
  }
  switch (type) {
    case 'BOOLEAN':
      if (typeof value !== 'boolean') throw validationError(api, 'a boolean value', value);
      return value;
    case 'FLOAT':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw validationError(api, 'a number value', value);
      return value;
    case 'STRING':
      if (typeof value !== 'string') throw validationError(api, 'a string value', value);
      return value;
    case 'COLOR': {
      if (!isPlainObject(value) || ['r', 'g', 'b'].some((c) => typeof value[c] !== 'number' || (value[c] as number) < 0 || (value[c] as number) > 1)) {
        throw validationError(api, 'a colour {r, g, b, a?} with channels from 0 to 1', value);
      }
      return { r: value.r as number, g: value.g as number, b: value.b as number, a: typeof value.a === 'number' ? value.a : 1 };
    }
    default:
      throw figmaError(api, `Unknown variable type ${String(type)}`);
  }
}

/** Plugin data: the shared methods of plugin-data.ts, installed on the prototype below. */
export interface FakeVariable extends PluginDataMethods {}
export class FakeVariable implements PluginDataHolder {
  readonly id: string;
  readonly key: string;
  readonly resolvedType: VariableValueType;
  readonly variableCollectionId: string;
  _name: string;
  _valuesByMode: Record<string, VariableValue> = {};
  _removed = false;
  _pluginData: Record<string, string> | null = null;
  _shared: Record<string, Record<string, string>> | null = null;
  description = '';
  hiddenFromPublishing = false;
  scopes: VariableScope[] = ['ALL_SCOPES'];
  codeSyntax: { [platform in CodeSyntaxPlatform]?: string } = {};

  constructor(
    readonly _ctx: FakeContext,
    name: string,
    collection: FakeVariableCollection,
    type: VariableValueType,
  ) {
    const nodeId = _ctx.nextId();
    this.id = `VariableID:${nodeId}`;
    this.key = digest40(`${_ctx.fileName}\u0000variable\u0000${nodeId}`);
    this._name = name;
    this.resolvedType = type;
    this.variableCollectionId = collection.id;
    const initial: VariableValue = type === 'BOOLEAN' ? false : type === 'FLOAT' ? 0 : type === 'STRING' ? '' : { r: 0, g: 0, b: 0, a: 1 };
    for (const mode of collection._modes) this._valuesByMode[mode.modeId] = initial;
  }

  get name(): string {
    return this._name;
  }
  set name(value: string) {
    this._ctx.undo.untracked('editing variables');
    if (typeof value !== 'string' || value === '') throw validationError('set_name', 'a non-empty string', value);
    this._name = value;
  }
  get remote(): boolean {
    return false;
  }
  get removed(): boolean {
    return this._removed;
  }
  get valuesByMode(): { [modeId: string]: VariableValue } {
    return { ...this._valuesByMode };
  }

  setValueForMode(modeId: string, value: VariableValue): void {
    this._ctx.undo.untracked('editing variables');
    if (this._removed) throw figmaError('setValueForMode', `The variable "${this._name}" was removed`);
    if (!(modeId in this._valuesByMode)) throw figmaError('setValueForMode', `No mode with id "${modeId}" in this variable's collection`);
    this._valuesByMode[modeId] = checkValue('setValueForMode', this.resolvedType, value, this._ctx);
  }

  /** The value in the collection's default mode, following aliases. */
  _resolvedDefault(): VariableValue {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the walk starts here and follows aliases to other variables
    let variable: FakeVariable = this;
    for (let hops = 0; hops < 20; hops++) {
      const collection = this._ctx.variables.get(variable.variableCollectionId) as FakeVariableCollection;
      const value = variable._valuesByMode[collection.defaultModeId]!;
      const alias = value as unknown as Partial<VariableAlias>;
      if (isPlainObject(value) && alias.type === 'VARIABLE_ALIAS') {
        variable = this._ctx.variables.get(alias.id!) as FakeVariable;
        continue;
      }
      return value;
    }
    throw figmaError('resolveForConsumer', `Alias chain of "${this._name}" is too long`);
  }

  async getPublishStatusAsync(): Promise<PublishStatus> {
    await Promise.resolve();
    return 'UNPUBLISHED';
  }

  remove(): void {
    this._ctx.undo.untracked('editing variables');
    this._removed = true;
    this._ctx.variables.delete(this.id);
    const collection = this._ctx.variables.get(this.variableCollectionId) as FakeVariableCollection | undefined;
    if (collection) collection._variableIds = collection._variableIds.filter((id) => id !== this.id);
  }

}
Object.assign(FakeVariable.prototype, pluginDataMethods());
makeStrict(FakeVariable, (v) => `Variable "${(v as FakeVariable)._name}"`);

const NUMERIC_FIELDS = new Set([
  'width', 'height', 'itemSpacing', 'counterAxisSpacing', 'paddingLeft', 'paddingRight', 'paddingTop', 'paddingBottom',
  'topLeftRadius', 'topRightRadius', 'bottomLeftRadius', 'bottomRightRadius', 'strokeWeight', 'opacity', 'fontSize',
  'letterSpacing', 'lineHeight', 'paragraphSpacing', 'paragraphIndent',
]);

function fieldType(field: string): VariableValueType | null {
  if (NUMERIC_FIELDS.has(field)) return 'FLOAT';
  if (field === 'visible') return 'BOOLEAN';
  if (field === 'characters' || field === 'fontFamily' || field === 'fontStyle') return 'STRING';
  return null;
}

/** node.setBoundVariable: records the alias and applies the variable's current value. */
export function bindVariable(node: FakeSceneNode, field: string, variable: Variable | null): void {
  const api = 'setBoundVariable';
  node._ctx.undo.untracked('binding a variable');
  const type = fieldType(field);
  if (type === null) throw figmaError(api, `"${field}" cannot be bound to a variable (bind paint colours with figma.variables.setBoundVariableForPaint)`);
  if (!(field in node)) throw figmaError(api, `A ${node.type} node has no field "${field}"`);
  const bound = { ...(node._bound ?? {}) };
  if (variable === null) {
    delete bound[field];
    node._bound = Object.keys(bound).length > 0 ? bound : null;
    node._ctx.changes.property(node, field);
    return;
  }
  if (!(variable instanceof FakeVariable) || variable._removed) throw validationError(api, 'a Variable from this file', variable);
  if (variable.resolvedType !== type) throw figmaError(api, `"${field}" needs a ${type} variable, but "${variable.name}" is ${variable.resolvedType}`);
  const value = variable._resolvedDefault();
  const target = node as unknown as Record<string, unknown>;
  if (field === 'width') node.resize(value as number, node.height);
  else if (field === 'height') node.resize(node.width, value as number);
  else if (field === 'lineHeight' || field === 'letterSpacing') target[field] = { unit: 'PIXELS', value };
  else target[field] = value;
  bound[field] = { type: 'VARIABLE_ALIAS', id: variable.id };
  node._bound = bound;
}

export function createVariablesApi(ctx: FakeContext): VariablesAPI {
  const collectionOf = (value: unknown, api: string): FakeVariableCollection => {
    const collection = typeof value === 'string' ? ctx.variables.get(value) : value;
    if (!(collection instanceof FakeVariableCollection) || collection._removed) throw validationError(api, 'a VariableCollection from this file', value);
    if (typeof value === 'string' && ctx.dynamicPage) throw figmaError(api, 'Passing a collection id is not supported with documentAccess: dynamic-page; pass the collection object');
    return collection;
  };
  const all = <T>(klass: new (...args: never[]) => T): T[] => [...ctx.variables.values()].filter((v): v is T => v instanceof klass && !(v as { _removed: boolean })._removed);
  const api = {
    createVariableCollection(name: string): VariableCollection {
      ctx.undo.untracked('creating variables');
      if (typeof name !== 'string' || name === '') throw validationError('createVariableCollection', 'a non-empty name', name);
      const collection = new FakeVariableCollection(ctx, name);
      ctx.variables.set(collection.id, collection);
      return collection as unknown as VariableCollection;
    },
    createVariable(name: string, collection: VariableCollection | string, resolvedType: VariableResolvedDataType): Variable {
      ctx.undo.untracked('creating variables');
      const target = collectionOf(collection, 'createVariable');
      if (typeof name !== 'string' || name === '') throw validationError('createVariable', 'a non-empty name', name);
      if (!['BOOLEAN', 'FLOAT', 'STRING', 'COLOR'].includes(resolvedType)) throw validationError('createVariable', 'BOOLEAN, FLOAT, STRING or COLOR', resolvedType);
      if (all(FakeVariable).some((v) => v.variableCollectionId === target.id && v.name === name)) {
        throw figmaError('createVariable', `A variable named "${name}" already exists in "${target.name}"`);
      }
      const variable = new FakeVariable(ctx, name, target, resolvedType);
      ctx.variables.set(variable.id, variable);
      target._variableIds.push(variable.id);
      return variable as unknown as Variable;
    },
    async getVariableByIdAsync(id: string): Promise<Variable | null> {
      await Promise.resolve();
      const found = ctx.variables.get(id);
      return found instanceof FakeVariable ? (found as unknown as Variable) : null;
    },
    getVariableById(id: string): Variable | null {
      ctx.forbidSyncUnderDynamicPage('getVariableById', 'figma.variables.getVariableByIdAsync');
      const found = ctx.variables.get(id);
      return found instanceof FakeVariable ? (found as unknown as Variable) : null;
    },
    async getVariableCollectionByIdAsync(id: string): Promise<VariableCollection | null> {
      await Promise.resolve();
      const found = ctx.variables.get(id);
      return found instanceof FakeVariableCollection ? (found as unknown as VariableCollection) : null;
    },
    getVariableCollectionById(id: string): VariableCollection | null {
      ctx.forbidSyncUnderDynamicPage('getVariableCollectionById', 'figma.variables.getVariableCollectionByIdAsync');
      const found = ctx.variables.get(id);
      return found instanceof FakeVariableCollection ? (found as unknown as VariableCollection) : null;
    },
    async getLocalVariablesAsync(type?: VariableResolvedDataType): Promise<Variable[]> {
      await Promise.resolve();
      return all(FakeVariable).filter((v) => !type || v.resolvedType === type) as unknown as Variable[];
    },
    getLocalVariables(type?: VariableResolvedDataType): Variable[] {
      ctx.forbidSyncUnderDynamicPage('getLocalVariables', 'figma.variables.getLocalVariablesAsync');
      return all(FakeVariable).filter((v) => !type || v.resolvedType === type) as unknown as Variable[];
    },
    async getLocalVariableCollectionsAsync(): Promise<VariableCollection[]> {
      await Promise.resolve();
      return all(FakeVariableCollection) as unknown as VariableCollection[];
    },
    getLocalVariableCollections(): VariableCollection[] {
      ctx.forbidSyncUnderDynamicPage('getLocalVariableCollections', 'figma.variables.getLocalVariableCollectionsAsync');
      return all(FakeVariableCollection) as unknown as VariableCollection[];
    },
    setBoundVariableForPaint(paint: SolidPaint, field: 'color', variable: Variable | null): SolidPaint {
      const apiName = 'setBoundVariableForPaint';
      if (!isPlainObject(paint) || paint.type !== 'SOLID') throw figmaError(apiName, 'Only SOLID paints can bind a colour variable');
      if (field !== 'color') throw figmaError(apiName, `Paint field "${String(field)}" cannot be bound (only "color")`);
      const copy = { ...paint } as Record<string, unknown>;
      if (variable === null) {
        delete copy.boundVariables;
        return copy as unknown as SolidPaint;
      }
      if (!(variable instanceof FakeVariable) || variable.resolvedType !== 'COLOR') throw figmaError(apiName, 'Expected a COLOR variable');
      const value = variable._resolvedDefault() as RGBA;
      copy.color = { r: value.r, g: value.g, b: value.b };
      copy.boundVariables = { color: { type: 'VARIABLE_ALIAS', id: variable.id } };
      return copy as unknown as SolidPaint;
    },
    createVariableAlias(variable: Variable): VariableAlias {
      if (!(variable instanceof FakeVariable)) throw validationError('createVariableAlias', 'a Variable', variable);
      return { type: 'VARIABLE_ALIAS', id: variable.id };
    },
    async createVariableAliasByIdAsync(id: string): Promise<VariableAlias> {
      await Promise.resolve();
      if (!(ctx.variables.get(id) instanceof FakeVariable)) throw figmaError('createVariableAliasByIdAsync', `No variable with id "${id}"`);
      return { type: 'VARIABLE_ALIAS', id };
    },
    setBoundVariableForEffect(): never {
      return notImplemented('figma.variables.setBoundVariableForEffect');
    },
    setBoundVariableForLayoutGrid(): never {
      return notImplemented('figma.variables.setBoundVariableForLayoutGrid');
    },
    importVariableByKeyAsync(): never {
      return notImplemented('figma.variables.importVariableByKeyAsync');
    },
  };
  return strictObject(api, 'figma.variables') as unknown as VariablesAPI;
}
