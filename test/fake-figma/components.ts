// Components, component sets (variants) and instances: keys, component properties, property
// references, instances whose layers mirror the main component, overrides and swapping.
import { digest40, type FakeContext } from './context';
import { figmaError, validationError } from './figma-errors';
import { notImplemented } from './not-implemented';
import { FakeBaseNode, FakeFrameNode, FakeSceneNode, INSTANCE_ROOT_OWN, NODE_OWN_FIELDS, cloneSubtree, insertChildAt, journal, stripInstancePrefix, type FakeParent } from './nodes';
import { frozenCopy, isPlainObject, text } from './properties';

type PropertyDefinition = ComponentPropertyDefinitions[string];

/** Fields of the instance root that never follow the main component. */
const ROOT_OWN_FIELDS: ReadonlySet<string> = new Set([
  ...[...INSTANCE_ROOT_OWN].map((name) => `_${name}`),
  // A nested instance's references belong to the component that contains it, not to its main.
  '_componentPropertyReferences',
]);

// ---- shared component metadata -------------------------------------------------------------------

interface ComponentMeta {
  _key: string | null;
  _remote: boolean;
  _description: string;
  _descriptionMarkdown: string;
  _documentationLinks: ReadonlyArray<DocumentationLink>;
  _propDefs: Record<string, PropertyDefinition> | null;
}

function componentKey(node: FakeSceneNode & ComponentMeta): string {
  return (node._key ??= digest40(`${node._ctx.fileName}\u0000${node.id}`));
}

const metaMembers = {
  get key(): string {
    const self = this as unknown as FakeSceneNode & ComponentMeta;
    if (self._removed || self._inInstance) self._assertReadable();
    return componentKey(self);
  },
  get remote(): boolean {
    return (this as unknown as ComponentMeta)._remote;
  },
  get description(): string {
    const self = this as unknown as FakeSceneNode & ComponentMeta;
    if (self._removed || self._inInstance) self._assertReadable();
    return self._description;
  },
  set description(value: string) {
    const self = this as unknown as FakeSceneNode & ComponentMeta;
    text(self as never, value, 'set_description');
    self._assertWritable('set_description');
    journalDescription(self);
    self._description = value;
    self._descriptionMarkdown = value;
    self._ctx.changes.property(self, 'description');
  },
  get descriptionMarkdown(): string {
    const self = this as unknown as FakeSceneNode & ComponentMeta;
    if (self._removed || self._inInstance) self._assertReadable();
    return self._descriptionMarkdown;
  },
  set descriptionMarkdown(value: string) {
    const self = this as unknown as FakeSceneNode & ComponentMeta;
    text(self as never, value, 'set_descriptionMarkdown');
    self._assertWritable('set_descriptionMarkdown');
    journalDescription(self);
    self._descriptionMarkdown = value;
    // Figma derives the plain description by dropping markdown syntax.
    self._description = value.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_`#>]+/g, '');
    self._ctx.changes.property(self, 'description');
  },
  get documentationLinks(): ReadonlyArray<DocumentationLink> {
    const self = this as unknown as FakeSceneNode & ComponentMeta;
    if (self._removed || self._inInstance) self._assertReadable();
    return self._documentationLinks;
  },
  set documentationLinks(links: ReadonlyArray<DocumentationLink>) {
    const self = this as unknown as FakeSceneNode & ComponentMeta;
    self._assertWritable('set_documentationLinks');
    if (!Array.isArray(links) || links.some((l) => !isPlainObject(l) || typeof l.uri !== 'string')) {
      throw validationError('set_documentationLinks', 'an array of {uri}', links);
    }
    if (links.length > 1) throw figmaError('set_documentationLinks', 'Only one documentation link is supported');
    for (const link of links as DocumentationLink[]) {
      if (!/^https?:\/\/[^\s]+$/.test(link.uri)) throw figmaError('set_documentationLinks', `"${link.uri}" is not a valid http(s) URL`);
    }
    journal(
      self,
      () => {
        const old = self._documentationLinks;
        return () => (self._documentationLinks = old);
      },
      null,
    );
    self._documentationLinks = frozenCopy(links, 'set_documentationLinks');
  },
  async getPublishStatusAsync(): Promise<PublishStatus> {
    await Promise.resolve();
    return 'UNPUBLISHED';
  },
};

function journalDescription(node: FakeSceneNode & ComponentMeta): void {
  journal(
    node,
    () => {
      const plain = node._description;
      const markdown = node._descriptionMarkdown;
      return () => {
        node._description = plain;
        node._descriptionMarkdown = markdown;
      };
    },
    'description',
  );
}

/** Definitions are replaced, never changed in place, so the old object is the undo. */
function journalDefinitions(owner: PropertyOwner): void {
  journal(
    owner,
    () => {
      const old = owner._propDefs;
      return () => (owner._propDefs = old);
    },
    'componentPropertyDefinitions',
  );
}

function applyMeta(klass: { prototype: object }): void {
  Object.defineProperties(klass.prototype, Object.getOwnPropertyDescriptors(metaMembers));
  Object.assign(klass.prototype, { _key: null, _remote: false, _description: '', _descriptionMarkdown: '', _documentationLinks: Object.freeze([]), _propDefs: null });
}

export interface MetaMembers {
  readonly key: string;
  readonly remote: boolean;
  description: string;
  descriptionMarkdown: string;
  documentationLinks: ReadonlyArray<DocumentationLink>;
  getPublishStatusAsync(): Promise<PublishStatus>;
}

// ---- variant names --------------------------------------------------------------------------

/** Parses "Type=Primary, Size=Small"; null when the name is not in variant form. */
export function parseVariantName(name: string): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const part of name.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) return null;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === '' || key in out) return null;
    out[key] = value;
  }
  return out;
}

function formatVariantName(properties: Record<string, string>): string {
  return Object.entries(properties)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
}

// ---- components -------------------------------------------------------------------------------

export interface FakeComponentNode extends MetaMembers, ComponentMeta {}
export class FakeComponentNode extends FakeFrameNode {
  declare _instances: FakeInstanceNode[] | null;
  declare _inRemote: boolean;

  override _assertWritable(api: string): void {
    super._assertWritable(api);
    if (this._inRemote && this._ctx.rulesOff === 0) throw figmaError(api, 'Cannot edit a component from a library (remote components are read-only)');
  }

  private _isVariant(): boolean {
    return this._parent !== null && this._parent.type === 'COMPONENT_SET';
  }

  get componentPropertyDefinitions(): ComponentPropertyDefinitions {
    if (this._removed || this._inInstance) this._assertReadable();
    if (this._isVariant()) {
      throw figmaError('componentPropertyDefinitions', 'Can only get definitions of a component set or non-variant component');
    }
    return definitionsCopy(this._propDefs);
  }

  get variantProperties(): { [property: string]: string } | null {
    if (this._removed || this._inInstance) this._assertReadable();
    if (!this._isVariant()) return null;
    (this._parent as FakeComponentSetNode)._assertNoExistingErrors('get_variantProperties');
    return parseVariantName(this._name) ?? {};
  }

  addComponentProperty(name: string, type: ComponentPropertyType, defaultValue: string | boolean | VariableAlias, options?: ComponentPropertyOptions): string {
    this._assertWritable('addComponentProperty');
    if (this._isVariant()) throw figmaError('addComponentProperty', 'Cannot add properties to a variant; add them to its component set');
    if (type === 'VARIANT') throw figmaError('addComponentProperty', 'VARIANT properties can only be added to component sets');
    return addPropertyDefinition(this, name, type, defaultValue, options);
  }

  editComponentProperty(name: string, newValue: { name?: string; defaultValue?: string | boolean | VariableAlias; preferredValues?: InstanceSwapPreferredValue[] }): string {
    this._assertWritable('editComponentProperty');
    if (this._isVariant()) throw figmaError('editComponentProperty', 'Cannot edit properties on a variant; edit them on its component set');
    return editPropertyDefinition(this, name, newValue);
  }

  deleteComponentProperty(name: string): void {
    this._assertWritable('deleteComponentProperty');
    if (this._isVariant()) throw figmaError('deleteComponentProperty', 'Cannot delete properties on a variant; delete them on its component set');
    deletePropertyDefinition(this, name);
  }

  createInstance(): InstanceNode {
    if (this._removed || this._inInstance) this._assertReadable();
    const ctx = this._ctx;
    if (ctx.dirtyLayout.size !== 0) ctx.flushLayout();
    const instance = ctx.createNodeOfType('INSTANCE', ctx.nextId()) as FakeInstanceNode;
    copyMainFields(this, instance, true);
    instance._main = this;
    instance._mainSource = this;
    (this._mirrors ??= []).push(instance);
    (this._instances ??= []).push(instance);
    buildLayersFromMain(instance);
    ctx.changes.created(instance);
    ctx.withRulesOff(() => insertChildAt(ctx.currentPage, undefined, instance, 'createInstance'));
    return instance as unknown as InstanceNode;
  }

  get instances(): InstanceNode[] {
    this._ctx.forbidSyncUnderDynamicPage('instances', 'node.getInstancesAsync');
    return this._liveInstances();
  }

  async getInstancesAsync(): Promise<InstanceNode[]> {
    await Promise.resolve();
    return this._liveInstances();
  }

  _liveInstances(): InstanceNode[] {
    return (this._instances ?? []).filter((i) => !i._removed && i._main === this) as unknown as InstanceNode[];
  }
}
Object.defineProperty(FakeComponentNode.prototype, 'type', { value: 'COMPONENT' });
Object.assign(FakeComponentNode.prototype, { _name: 'Component', _instances: null, _clipsContent: false });
applyMeta(FakeComponentNode);

export interface FakeComponentSetNode extends MetaMembers, ComponentMeta {}
export class FakeComponentSetNode extends FakeFrameNode {
  declare _inRemote: boolean;

  override _assertWritable(api: string): void {
    super._assertWritable(api);
    if (this._inRemote && this._ctx.rulesOff === 0) throw figmaError(api, 'Cannot edit a component set from a library (remote components are read-only)');
  }

  _variants(): FakeComponentNode[] {
    return this._children.filter((c): c is FakeComponentNode => c instanceof FakeComponentNode);
  }

  /**
   * Figma refuses to read a set's properties while it shows a warning on it: two variants with
   * the same property values ("in get_componentProperties: Component set for node has existing
   * errors"). Its variants' and their instances' property reads fail with it.
   */
  _assertNoExistingErrors(api: string): void {
    const seen = new Set<string>();
    for (const variant of this._variants()) {
      const properties = parseVariantName(variant._name) ?? {};
      const values = Object.keys(properties)
        .sort()
        .map((key) => `${key}=${properties[key]}`)
        .join('\n');
      if (seen.has(values)) throw figmaError(api, 'Component set for node has existing errors');
      seen.add(values);
    }
  }

  get defaultVariant(): ComponentNode {
    if (this._removed || this._inInstance) this._assertReadable();
    const first = this._variants()[0];
    if (!first) throw figmaError('defaultVariant', 'The component set has no variants');
    return first as unknown as ComponentNode;
  }

  get variantGroupProperties(): { [property: string]: { values: string[] } } {
    if (this._removed || this._inInstance) this._assertReadable();
    const out: Record<string, { values: string[] }> = {};
    for (const variant of this._variants()) {
      for (const [key, value] of Object.entries(parseVariantName(variant._name) ?? {})) {
        const group = (out[key] ??= { values: [] });
        if (!group.values.includes(value)) group.values.push(value);
      }
    }
    return out;
  }

  get componentPropertyDefinitions(): ComponentPropertyDefinitions {
    if (this._removed || this._inInstance) this._assertReadable();
    this._assertNoExistingErrors('get_componentPropertyDefinitions');
    const out: ComponentPropertyDefinitions = {};
    const defaults = parseVariantName(this._variants()[0]?._name ?? '') ?? {};
    for (const [key, { values }] of Object.entries(this.variantGroupProperties)) {
      out[key] = { type: 'VARIANT', defaultValue: defaults[key] ?? values[0] ?? '', variantOptions: values };
    }
    return { ...out, ...definitionsCopy(this._propDefs) };
  }

  addComponentProperty(name: string, type: ComponentPropertyType, defaultValue: string | boolean | VariableAlias, options?: ComponentPropertyOptions): string {
    this._assertWritable('addComponentProperty');
    if (type === 'VARIANT') {
      checkPropertyName('addComponentProperty', name);
      if (typeof defaultValue !== 'string') throw validationError('addComponentProperty', 'a string default value for a VARIANT property', defaultValue);
      if (name in this.variantGroupProperties) throw figmaError('addComponentProperty', `A property named "${name}" already exists`);
      for (const variant of this._variants()) {
        const props = parseVariantName(variant._name) ?? {};
        props[name] = defaultValue;
        variant.name = formatVariantName(props);
      }
      return name;
    }
    return addPropertyDefinition(this, name, type, defaultValue, options);
  }

  editComponentProperty(name: string, newValue: { name?: string; defaultValue?: string | boolean | VariableAlias; preferredValues?: InstanceSwapPreferredValue[] }): string {
    this._assertWritable('editComponentProperty');
    if (name in this.variantGroupProperties) {
      if (newValue.defaultValue !== undefined) throw figmaError('editComponentProperty', 'The default of a VARIANT property is the default variant; reorder variants instead');
      // Typings: preferredValues only for INSTANCE_SWAP and SLOT; description and slotSettings only for SLOT.
      for (const field of ['preferredValues', 'description', 'slotSettings'] as const) {
        if ((newValue as Record<string, unknown>)[field] !== undefined) throw figmaError('editComponentProperty', `${field} cannot be edited on a VARIANT property ("${name}")`);
      }
      const newName = newValue.name ?? name;
      checkPropertyName('editComponentProperty', newName);
      // Two variant properties of one name would merge the variants' values: refused (stricter reading).
      if (newName !== name && newName in this.variantGroupProperties) throw figmaError('editComponentProperty', `A property named "${newName}" already exists`);
      for (const variant of this._variants()) {
        const props = parseVariantName(variant._name) ?? {};
        const renamed: Record<string, string> = {};
        for (const [k, v] of Object.entries(props)) renamed[k === name ? newName : k] = v;
        variant.name = formatVariantName(renamed);
      }
      return newName;
    }
    return editPropertyDefinition(this, name, newValue);
  }

  deleteComponentProperty(name: string): void {
    this._assertWritable('deleteComponentProperty');
    // Typings: deleting "only supports properties with type 'BOOLEAN', 'TEXT', 'INSTANCE_SWAP' or 'SLOT'".
    if (name in this.variantGroupProperties) {
      throw figmaError('deleteComponentProperty', `"${name}" is a VARIANT property, which cannot be deleted (only BOOLEAN, TEXT and INSTANCE_SWAP ones can); rename the variants instead`);
    }
    deletePropertyDefinition(this, name);
  }
}
Object.defineProperty(FakeComponentSetNode.prototype, 'type', { value: 'COMPONENT_SET' });
Object.assign(FakeComponentSetNode.prototype, { _name: 'Component set', _clipsContent: false });
applyMeta(FakeComponentSetNode);

Object.assign(FakeBaseNode.prototype, { _inRemote: false });

// ---- property definitions --------------------------------------------------------------------------

function definitionsCopy(defs: Record<string, PropertyDefinition> | null): ComponentPropertyDefinitions {
  const out: ComponentPropertyDefinitions = {};
  if (!defs) return out;
  for (const [name, def] of Object.entries(defs)) {
    out[name] = { ...def, ...(def.preferredValues ? { preferredValues: def.preferredValues.map((p) => ({ ...p })) } : {}) };
  }
  return out;
}

function checkPropertyName(api: string, name: unknown): asserts name is string {
  if (typeof name !== 'string' || name.trim() === '') throw validationError(api, 'a non-empty property name', name);
  if (name.includes('#') || name.includes('=') || name.includes(',')) throw figmaError(api, `Property names cannot contain "#", "=" or ",": "${name}"`);
}

type PropertyOwner = (FakeComponentNode | FakeComponentSetNode) & ComponentMeta;

function checkDefault(owner: PropertyOwner, api: string, type: ComponentPropertyType, value: unknown): string | boolean {
  switch (type) {
    case 'TEXT':
      if (typeof value !== 'string') throw validationError(api, 'a string default value for a TEXT property', value);
      return value;
    case 'BOOLEAN':
      if (typeof value !== 'boolean') throw validationError(api, 'a boolean default value for a BOOLEAN property', value);
      return value;
    case 'INSTANCE_SWAP': {
      if (typeof value !== 'string') throw validationError(api, 'a component id default value for an INSTANCE_SWAP property', value);
      const target = owner._ctx.nodes.get(value);
      if (!(target instanceof FakeComponentNode)) throw figmaError(api, `INSTANCE_SWAP default value "${value}" is not the id of a component`);
      return value;
    }
    default:
      throw figmaError(api, `Unsupported component property type ${JSON.stringify(type)} (TEXT, BOOLEAN, INSTANCE_SWAP or VARIANT)`);
  }
}

function checkPreferredValues(api: string, type: ComponentPropertyType, values: unknown): InstanceSwapPreferredValue[] | undefined {
  if (values === undefined) return undefined;
  if (type !== 'INSTANCE_SWAP') throw figmaError(api, 'preferredValues are only allowed on INSTANCE_SWAP properties');
  if (!Array.isArray(values) || values.some((v) => !isPlainObject(v) || (v.type !== 'COMPONENT' && v.type !== 'COMPONENT_SET') || typeof v.key !== 'string')) {
    throw validationError(api, 'preferredValues as [{type: "COMPONENT" | "COMPONENT_SET", key}]', values);
  }
  return (values as InstanceSwapPreferredValue[]).map((v) => ({ type: v.type, key: v.key }));
}

function addPropertyDefinition(owner: PropertyOwner, name: string, type: ComponentPropertyType, defaultValue: unknown, options?: ComponentPropertyOptions): string {
  const api = 'addComponentProperty';
  checkPropertyName(api, name);
  const value = checkDefault(owner, api, type, defaultValue);
  const preferredValues = checkPreferredValues(api, type, options?.preferredValues);
  const fullName = `${name}#${owner._ctx.nextPropertySuffix()}`;
  const def: PropertyDefinition = { type, defaultValue: value };
  if (preferredValues) def.preferredValues = preferredValues;
  journalDefinitions(owner);
  owner._propDefs = { ...(owner._propDefs ?? {}), [fullName]: def };
  owner._ctx.changes.property(owner, 'componentPropertyDefinitions');
  return fullName;
}

function findDefinition(owner: PropertyOwner, api: string, name: string): PropertyDefinition {
  const def = owner._propDefs?.[name];
  if (!def) throw figmaError(api, `Could not find a component property named "${name}" (TEXT, BOOLEAN and INSTANCE_SWAP names include their "#id" suffix)`);
  return def;
}

function editPropertyDefinition(owner: PropertyOwner, name: string, newValue: { name?: string; defaultValue?: unknown; preferredValues?: unknown }): string {
  const api = 'editComponentProperty';
  const def = findDefinition(owner, api, name);
  if (!isPlainObject(newValue)) throw validationError(api, 'an object of changes', newValue);
  // Typings: `description` and `slotSettings` are "only supported for 'SLOT' properties" (not modelled).
  for (const field of ['description', 'slotSettings']) {
    if ((newValue as Record<string, unknown>)[field] !== undefined) throw figmaError(api, `${field} can only be edited on SLOT properties; "${name}" is ${def.type}`);
  }
  const updated: PropertyDefinition = { ...def };
  if (newValue.defaultValue !== undefined) updated.defaultValue = checkDefault(owner, api, def.type, newValue.defaultValue);
  if (newValue.preferredValues !== undefined) updated.preferredValues = checkPreferredValues(api, def.type, newValue.preferredValues);
  let fullName = name;
  if (newValue.name !== undefined) {
    checkPropertyName(api, newValue.name);
    fullName = `${newValue.name}${name.slice(name.indexOf('#'))}`;
  }
  const defs: Record<string, PropertyDefinition> = {};
  for (const [key, value] of Object.entries(owner._propDefs!)) defs[key === name ? fullName : key] = key === name ? updated : value;
  journalDefinitions(owner);
  owner._propDefs = defs;
  if (fullName !== name) renameReferences(owner, name, fullName);
  owner._ctx.changes.property(owner, 'componentPropertyDefinitions');
  return fullName;
}

function deletePropertyDefinition(owner: PropertyOwner, name: string): void {
  findDefinition(owner, 'deleteComponentProperty', name);
  const defs = { ...owner._propDefs };
  delete defs[name];
  journalDefinitions(owner);
  owner._propDefs = defs;
  renameReferences(owner, name, null);
  owner._ctx.changes.property(owner, 'componentPropertyDefinitions');
}

function referencingLayers(root: FakeBaseNode, visit: (node: FakeSceneNode, refs: Readonly<Record<string, string>>) => void): void {
  const children = (root as unknown as { _children?: FakeSceneNode[] })._children;
  if (!children) return;
  for (const child of children) {
    const refs = (child as unknown as { _componentPropertyReferences: Readonly<Record<string, string>> | null })._componentPropertyReferences;
    if (refs) visit(child, refs);
    if (child.type !== 'INSTANCE') referencingLayers(child, visit);
  }
}

function renameReferences(owner: PropertyOwner, from: string, to: string | null): void {
  owner._ctx.withRulesOff(() => {
    const roots = owner instanceof FakeComponentSetNode ? owner._variants() : [owner];
    for (const root of roots) {
      referencingLayers(root, (layer, refs) => {
        const next: Record<string, string> = {};
        let changed = false;
        for (const [field, property] of Object.entries(refs)) {
          if (property === from) {
            changed = true;
            if (to !== null) next[field] = to;
          } else next[field] = property;
        }
        if (changed) layer.componentPropertyReferences = Object.keys(next).length > 0 ? next : null;
      });
    }
  });
}

/** The component or set whose definitions a layer's references name. */
function propertyOwnerOf(node: FakeBaseNode): PropertyOwner | null {
  for (let current: FakeBaseNode | null = node._parent; current !== null; current = current._parent) {
    if (current instanceof FakeComponentNode) {
      const parent = current._parent;
      return parent instanceof FakeComponentSetNode ? parent : current;
    }
    if (current.type === 'INSTANCE' || current.type === 'PAGE') return null;
  }
  return null;
}

const REFERENCE_RULES: Record<string, { type: ComponentPropertyType; nodeTypes: string[] | null }> = {
  visible: { type: 'BOOLEAN', nodeTypes: null },
  characters: { type: 'TEXT', nodeTypes: ['TEXT'] },
  mainComponent: { type: 'INSTANCE_SWAP', nodeTypes: ['INSTANCE'] },
};

export function checkPropertyReferences(node: FakeSceneNode, references: Readonly<Record<string, string>> | null): void {
  const api = 'set_componentPropertyReferences';
  if (references === null) return;
  if (!isPlainObject(references)) throw validationError(api, 'an object of node field → property name', references);
  const owner = propertyOwnerOf(node);
  if (!owner) throw figmaError(api, 'Only layers inside a component can reference component properties');
  const defs = owner._propDefs ?? {};
  for (const [field, property] of Object.entries(references)) {
    const rule = REFERENCE_RULES[field];
    if (!rule) throw figmaError(api, `"${field}" cannot reference a component property (visible, characters or mainComponent)`);
    if (rule.nodeTypes && !rule.nodeTypes.includes(node.type)) throw figmaError(api, `A ${node.type} layer cannot reference "${field}"`);
    const def = defs[property];
    if (!def) throw figmaError(api, `Component property with name "${property}" not found on "${owner._name}"`);
    if (def.type !== rule.type) throw figmaError(api, `"${field}" needs a ${rule.type} property, but "${property}" is ${def.type}`);
  }
}

// ---- instances -------------------------------------------------------------------------------------

function copyMainFields(main: FakeSceneNode, instance: FakeSceneNode, fresh: boolean): void {
  const from = main as unknown as Record<string, unknown>;
  const to = instance as unknown as Record<string, unknown>;
  if (!fresh) {
    // Fields the old main had set but the new one leaves at their defaults must not linger.
    for (const key of Object.keys(to)) {
      if (NODE_OWN_FIELDS.has(key) || ROOT_OWN_FIELDS.has(key) || !key.startsWith('_') || instance._overrides?.has(key.slice(1))) continue;
      if (!(key in from) || !Object.prototype.hasOwnProperty.call(from, key)) delete to[key];
    }
  }
  for (const key of Object.keys(from)) {
    if (NODE_OWN_FIELDS.has(key)) continue;
    if (!fresh && ROOT_OWN_FIELDS.has(key)) continue;
    if (!fresh && instance._overrides?.has(key.slice(1))) continue;
    to[key] = from[key];
  }
  if (fresh) {
    to._x = 0;
    to._y = 0;
    const set = main._parent;
    if (set instanceof FakeComponentSetNode) to._name = set._name;
  }
}

function buildLayersFromMain(instance: FakeInstanceNode): void {
  const main = instance._main;
  for (const child of main._children) {
    const copy = cloneSubtree(child, instance, stripInstancePrefix(child.id));
    copy._parent = instance as unknown as FakeParent;
    instance._children.push(copy);
  }
  instance._childrenView = null;
}

export interface FakeInstanceNode {
  _main: FakeComponentNode;
}
export class FakeInstanceNode extends FakeFrameNode {
  get mainComponent(): ComponentNode | null {
    this._ctx.forbidSyncUnderDynamicPage('get_mainComponent', 'node.getMainComponentAsync');
    if (this._removed || this._inInstance) this._assertReadable();
    return this._main as unknown as ComponentNode;
  }
  // Typings: assigning mainComponent "sets the instance's main component directly and clears all
  // overrides" (swapComponent is the one that preserves them).
  set mainComponent(component: ComponentNode | null) {
    this._assertWritable('set_mainComponent');
    if (!(component instanceof FakeComponentNode)) throw validationError('set_mainComponent', 'a ComponentNode', component);
    if (component._removed) throw figmaError('set_mainComponent', `The component with id "${component.id}" does not exist`);
    swapMain(this, component, false);
  }

  async getMainComponentAsync(): Promise<ComponentNode | null> {
    if (this._removed || this._inInstance) this._assertReadable();
    await Promise.resolve();
    return this._main as unknown as ComponentNode;
  }

  get scaleFactor(): number {
    return 1;
  }

  get exposedInstances(): InstanceNode[] {
    return [];
  }

  get isExposedInstance(): boolean {
    return false;
  }

  get variantProperties(): { [property: string]: string } | null {
    if (this._removed || this._inInstance) this._assertReadable();
    const main = this._main;
    if (!(main._parent instanceof FakeComponentSetNode)) return null;
    main._parent._assertNoExistingErrors('get_variantProperties');
    return parseVariantName(main._name) ?? {};
  }

  /** Definitions that apply to this instance (from the set for variants). */
  _definitions(): ComponentPropertyDefinitions {
    const main = this._main;
    const set = main._parent;
    return set instanceof FakeComponentSetNode ? set.componentPropertyDefinitions : definitionsCopy(main._propDefs);
  }

  get componentProperties(): ComponentProperties {
    if (this._removed || this._inInstance) this._assertReadable();
    const set = this._main._parent;
    if (set instanceof FakeComponentSetNode) set._assertNoExistingErrors('get_componentProperties');
    const out: ComponentProperties = {};
    const variant = this.variantProperties ?? {};
    for (const [name, def] of Object.entries(this._definitions())) {
      let value: string | boolean = def.defaultValue;
      if (def.type === 'VARIANT') value = variant[name] ?? value;
      else {
        referencingLayers(this, (layer, refs) => {
          for (const [field, property] of Object.entries(refs)) {
            if (property !== name) continue;
            const raw = layer as unknown as Record<string, unknown>;
            if (field === 'characters') value = raw._characters as string;
            else if (field === 'visible') value = raw._visible as boolean;
            else if (field === 'mainComponent') value = (layer as unknown as FakeInstanceNode)._main.id;
          }
        });
      }
      out[name] = { type: def.type, value, ...(def.preferredValues ? { preferredValues: def.preferredValues.map((p) => ({ ...p })) } : {}) };
    }
    return out;
  }

  setProperties(properties: { [propertyName: string]: string | boolean | VariableAlias }): void {
    const api = 'setProperties';
    this._assertWritable(api);
    if (!isPlainObject(properties)) throw validationError(api, 'an object of property name → value', properties);
    this._ctx.undo.untracked("an instance's setProperties");
    const defs = this._definitions();
    const variantChanges: Record<string, string> = {};
    for (const [name, value] of Object.entries(properties)) {
      const def = defs[name];
      if (!def) {
        const near = Object.keys(defs).find((n) => n.split('#')[0] === name);
        throw figmaError(api, `Could not find a component property with name "${name}"${near ? ` (did you mean "${near}"?)` : ''}`);
      }
      if (def.type === 'VARIANT') {
        if (typeof value !== 'string' || !def.variantOptions?.includes(value)) {
          // eslint-disable-next-line @typescript-eslint/no-base-to-string -- printed as Figma prints it, String() of whatever came
          throw figmaError(api, `"${String(value)}" is not a value of variant property "${name}" (${def.variantOptions?.join(', ')})`);
        }
        variantChanges[name] = value;
      }
    }
    if (Object.keys(variantChanges).length > 0) {
      const set = this._main._parent as FakeComponentSetNode;
      const wanted = { ...(this.variantProperties ?? {}), ...variantChanges };
      const target = set._variants().find((v) => {
        const props = parseVariantName(v._name) ?? {};
        return Object.keys(wanted).every((k) => props[k] === wanted[k]);
      });
      if (!target) throw figmaError(api, `No variant of "${set._name}" has ${formatVariantName(wanted)}`);
      if (target !== this._main) swapMain(this, target);
    }
    for (const [name, value] of Object.entries(properties)) {
      const def = defs[name]!;
      if (def.type === 'VARIANT') continue;
      if (def.type === 'TEXT' && typeof value !== 'string') throw validationError(api, `a string for TEXT property "${name}"`, value);
      if (def.type === 'BOOLEAN' && typeof value !== 'boolean') throw validationError(api, `a boolean for BOOLEAN property "${name}"`, value);
      let target: FakeComponentNode | null = null;
      if (def.type === 'INSTANCE_SWAP') {
        const found = typeof value === 'string' ? this._ctx.nodes.get(value) : undefined;
        if (!(found instanceof FakeComponentNode)) throw figmaError(api, `INSTANCE_SWAP value for "${name}" must be the id of a component, got ${JSON.stringify(value)}`);
        target = found;
      }
      referencingLayers(this, (layer, refs) => {
        for (const [field, property] of Object.entries(refs)) {
          if (property !== name) continue;
          if (field === 'characters') this._ctx.withRulesOff(() => ((layer as unknown as { characters: string }).characters = value as string));
          else if (field === 'visible') layer.visible = value as boolean;
          else if (field === 'mainComponent' && target) swapMain(layer as unknown as FakeInstanceNode, target);
        }
      });
    }
    this._ctx.changes.property(this, 'componentProperties');
  }

  swapComponent(component: ComponentNode): void {
    this._assertWritable('swapComponent');
    if (!(component instanceof FakeComponentNode)) throw validationError('swapComponent', 'a ComponentNode', component);
    if (component._removed) throw figmaError('swapComponent', `The component with id "${component.id}" does not exist`);
    swapMain(this, component);
  }

  get overrides(): { id: string; overriddenFields: NodeChangeProperty[] }[] {
    if (this._removed || this._inInstance) this._assertReadable();
    const out: { id: string; overriddenFields: NodeChangeProperty[] }[] = [];
    const visit = (node: FakeBaseNode) => {
      if (node._overrides && node._overrides.size > 0) out.push({ id: node.id, overriddenFields: [...node._overrides] as NodeChangeProperty[] });
      const children = (node as unknown as { _children?: FakeBaseNode[] })._children;
      if (children) for (const child of children) visit(child);
    };
    visit(this);
    return out;
  }

  resetOverrides(): void {
    this._assertWritable('resetOverrides');
    this._ctx.undo.untracked("an instance's resetOverrides");
    const ctx = this._ctx;
    const visit = (node: FakeBaseNode) => {
      const source = node._mainSource;
      if (source && node._overrides) {
        const from = source as unknown as Record<string, unknown>;
        const to = node as unknown as Record<string, unknown>;
        for (const field of node._overrides) {
          if (node === this && ROOT_OWN_FIELDS.has(`_${field}`)) continue;
          to[`_${field}`] = from[`_${field}`];
          ctx.changes.property(node, field);
        }
        node._overrides = null;
      }
      const children = (node as unknown as { _children?: FakeBaseNode[] })._children;
      if (children) for (const child of children) visit(child);
    };
    visit(this);
  }

  override _cloneNode(): SceneNode {
    if (this._removed || this._inInstance) this._assertReadable();
    const copy = cloneInstance(this);
    const parent = this._parent;
    if (parent) {
      const index = (parent as unknown as { _children: FakeSceneNode[] })._children.indexOf(this) + 1;
      this._ctx.withRulesOff(() => insertChildAt(parent, index, copy, 'clone'));
    }
    return copy as unknown as SceneNode;
  }

  detachInstance(): FrameNode {
    return notImplemented('INSTANCE.detachInstance');
  }
}
Object.defineProperty(FakeInstanceNode.prototype, 'type', { value: 'INSTANCE' });

/** Name path from the instance root ("Content/Label"), used to carry overrides across a swap. */
function namePath(root: FakeBaseNode, node: FakeBaseNode): string {
  const parts: string[] = [];
  for (let current: FakeBaseNode | null = node; current !== null && current !== root; current = current._parent) parts.unshift(current._name);
  return parts.join('/');
}

interface SavedOverrides {
  fields: Record<string, unknown>;
  nested: FakeComponentNode | null;
}

function saveOverrides(instance: FakeInstanceNode): Map<string, SavedOverrides> {
  const saved = new Map<string, SavedOverrides>();
  const visit = (node: FakeBaseNode) => {
    for (const child of (node as unknown as { _children: FakeBaseNode[] })._children ?? []) {
      const fields: Record<string, unknown> = {};
      for (const field of child._overrides ?? []) fields[field] = (child as unknown as Record<string, unknown>)[`_${field}`];
      const nested = child instanceof FakeInstanceNode && child._mainSource instanceof FakeInstanceNode && child._main !== child._mainSource._main ? child._main : null;
      if (Object.keys(fields).length > 0 || nested) saved.set(namePath(instance, child), { fields, nested });
      visit(child);
    }
  };
  visit(instance);
  return saved;
}

function restoreOverrides(instance: FakeInstanceNode, saved: Map<string, SavedOverrides>): void {
  const visit = (node: FakeBaseNode) => {
    for (const child of (node as unknown as { _children: FakeBaseNode[] })._children ?? []) {
      const entry = saved.get(namePath(instance, child));
      if (entry) {
        if (entry.nested && child instanceof FakeInstanceNode) swapMain(child, entry.nested);
        const target = child as unknown as Record<string, unknown>;
        for (const [field, value] of Object.entries(entry.fields)) {
          target[`_${field}`] = value;
          (child._overrides ??= new Set()).add(field);
        }
      }
      visit(child);
    }
  };
  visit(instance);
}

function detachLayers(node: FakeBaseNode): void {
  const ctx = node._ctx;
  ctx.undo.untracked("an instance's layers replaced");
  for (const child of (node as unknown as { _children: FakeBaseNode[] })._children) {
    child._removed = true;
    ctx.nodes.delete(child.id);
    const mirrors = child._mainSource?._mirrors;
    if (mirrors) {
      const at = mirrors.indexOf(child);
      if (at >= 0) mirrors.splice(at, 1);
    }
    if ((child as unknown as { _children?: unknown })._children) detachLayers(child);
    ctx.changes.deleted(child);
  }
}

/** Points an instance (or a nested instance layer) at another component, keeping matching overrides or none. */
export function swapMain(instance: FakeInstanceNode, component: FakeComponentNode, keepOverrides = true): void {
  if (instance._ctx.propagating === 0) instance._ctx.undo.untracked("an instance's main component");
  const ctx = instance._ctx;
  if (ctx.dirtyLayout.size !== 0) ctx.flushLayout();
  const saved = keepOverrides ? saveOverrides(instance) : new Map<string, SavedOverrides>();
  if (!keepOverrides) instance._overrides = null;
  const oldMain = instance._main;
  detachLayers(instance);
  instance._children = [];
  instance._childrenView = null;
  // The copy now mirrors the new component directly (a swapped nested layer is an override).
  const previousSource = instance._mainSource;
  if (previousSource?._mirrors) {
    const at = previousSource._mirrors.indexOf(instance);
    if (at >= 0) previousSource._mirrors.splice(at, 1);
  }
  if (instance._inInstance) (instance._overrides ??= new Set()).add('mainComponent');
  copyMainFields(component, instance, false);
  instance._main = component;
  instance._mainSource = component;
  (component._mirrors ??= []).push(instance);
  (component._instances ??= []).push(instance);
  // A nested layer's own path is everything after its top instance's id ("I1:9;1:5" → "1:5").
  const ownPath = instance._inInstance ? instance.id.slice(instance.id.indexOf(';') + 1) : null;
  for (const child of component._children) {
    const path = ownPath ? `${ownPath};${stripInstancePrefix(child.id)}` : stripInstancePrefix(child.id);
    const copy = cloneSubtree(child, topInstanceOf(instance), path);
    copy._parent = instance as unknown as FakeParent;
    instance._children.push(copy);
  }
  restoreOverrides(instance, saved);
  if (oldMain !== component) ctx.changes.property(instance, 'mainComponent' as NodeChangeProperty);
  instance._layoutChanged('children');
}

function topInstanceOf(node: FakeBaseNode): FakeSceneNode {
  let top: FakeBaseNode = node;
  for (let current: FakeBaseNode | null = node; current !== null && (current._inInstance || current.type === 'INSTANCE'); current = current._parent) {
    if (current.type === 'INSTANCE' && !current._inInstance) return current as FakeSceneNode;
    top = current;
  }
  return top as FakeSceneNode;
}

/** A new instance of the same main with the same overrides (what node.clone() gives for an instance). */
function cloneInstance(source: FakeInstanceNode): FakeInstanceNode {
  const ctx = source._ctx;
  if (ctx.dirtyLayout.size !== 0) ctx.flushLayout();
  const copy = ctx.createNodeOfType('INSTANCE', ctx.nextId()) as FakeInstanceNode;
  const main = source._main;
  copyMainFields(main, copy, true);
  const from = source as unknown as Record<string, unknown>;
  const to = copy as unknown as Record<string, unknown>;
  for (const key of ROOT_OWN_FIELDS) if (Object.prototype.hasOwnProperty.call(from, key)) to[key] = from[key];
  for (const field of source._overrides ?? []) to[`_${field}`] = from[`_${field}`];
  if (source._overrides) copy._overrides = new Set(source._overrides);
  copy._main = main;
  copy._mainSource = main;
  (main._mirrors ??= []).push(copy);
  (main._instances ??= []).push(copy);
  buildLayersFromMain(copy);
  restoreOverrides(copy, saveOverrides(source));
  if (source._pluginData) copy._pluginData = { ...source._pluginData };
  ctx.changes.created(copy);
  return copy;
}

/** Hooks for cloneSubtree in nodes.ts: nested instances keep their main; their layers mirror the source's. */
export function installComponentHooks(ctx: FakeContext): void {
  ctx.checkPropertyReferences = checkPropertyReferences;
  ctx.copyComponentLinks = (source, copy, intoInstance) => {
    if (source instanceof FakeInstanceNode) {
      const instanceCopy = copy as FakeInstanceNode;
      instanceCopy._main = source._main;
      if (!intoInstance) {
        // A plain clone of a frame containing an instance: the copy is an instance of the same main.
        instanceCopy._mainSource = source._main;
        (source._main._mirrors ??= []).push(instanceCopy);
        if (source._overrides) instanceCopy._overrides = new Set(source._overrides);
      }
      (source._main._instances ??= []).push(instanceCopy);
    }
    if (source instanceof FakeComponentNode && !intoInstance) {
      (copy as FakeComponentNode)._key = null;
    }
  };
  ctx.buildInstanceLayers = (copy, source, instanceRoot) => {
    const instanceCopy = copy as FakeInstanceNode;
    if (instanceRoot) {
      for (const child of (source as FakeInstanceNode)._children) {
        const layer = cloneSubtree(child, instanceRoot, stripInstancePrefix(child.id));
        layer._parent = copy as unknown as FakeParent;
        instanceCopy._children.push(layer);
      }
    } else {
      buildLayersFromMain(instanceCopy);
      restoreOverrides(instanceCopy, saveOverrides(source as FakeInstanceNode));
    }
  };
}

// ---- creating components and sets -------------------------------------------------------------------

export function combineAsVariants(ctx: FakeContext, nodes: ReadonlyArray<ComponentNode>, parent: BaseNode & ChildrenMixin, index?: number): ComponentSetNode {
  const api = 'combineAsVariants';
  if (!Array.isArray(nodes) || nodes.length === 0) throw figmaError(api, 'Expected a non-empty array of components');
  const components = nodes as unknown as unknown[];
  for (const node of components) {
    if (!(node instanceof FakeComponentNode)) throw figmaError(api, `Only components can be combined as variants, got ${(node as { type?: string })?.type ?? typeof node}`);
    if (node._removed) throw figmaError(api, `The component with id "${node.id}" does not exist`);
    if (node._parent instanceof FakeComponentSetNode) throw figmaError(api, `"${node._name}" is already a variant of "${node._parent._name}"`);
    if (node._remote) throw figmaError(api, 'Library (remote) components cannot be combined');
  }
  if (!(parent instanceof FakeBaseNode) || (parent as unknown as { _children?: unknown })._children === undefined) throw validationError(api, 'a parent node that can hold children', parent);
  const list = components as FakeComponentNode[];
  const set = ctx.createNodeOfType('COMPONENT_SET', ctx.nextId()) as FakeComponentSetNode;
  ctx.changes.created(set);
  const left = Math.min(...list.map((c) => c.x));
  const top = Math.min(...list.map((c) => c.y));
  const right = Math.max(...list.map((c) => c.x + c.width));
  const bottom = Math.max(...list.map((c) => c.y + c.height));
  const padding = 20;
  ctx.withRulesOff(() => {
    insertChildAt(parent as unknown as FakeBaseNode, index, set, api);
    set.x = left - padding;
    set.y = top - padding;
    set.resize(right - left + 2 * padding, bottom - top + 2 * padding);
    set.name = list[0]!._name.includes('=') ? 'Component set' : list[0]!._name;
    set.fills = [];
    set.strokes = [{ type: 'SOLID', color: { r: 0.592, g: 0.278, b: 1 } }];
    set.dashPattern = [10, 5];
    set.cornerRadius = 5;
    let unnamed = 0;
    for (const component of list) {
      const x = component.x - left + padding;
      const y = component.y - top + padding;
      insertChildAt(set, undefined, component, api);
      component.x = x;
      component.y = y;
      if (!parseVariantName(component._name)) component.name = `Property 1=${unnamed++ === 0 ? 'Default' : `Variant${unnamed}`}`;
    }
  });
  return set as unknown as ComponentSetNode;
}

/** figma.createComponentFromNode: the node's fields and children move into a new component in its place. */
export function createComponentFromNode(ctx: FakeContext, node: SceneNode): ComponentNode {
  const api = 'createComponentFromNode';
  if (!(node instanceof FakeSceneNode)) throw validationError(api, 'a scene node', node);
  if (node instanceof FakeComponentNode || node instanceof FakeComponentSetNode || node instanceof FakeInstanceNode) {
    throw figmaError(api, `Cannot create a component from a ${node.type}`);
  }
  if (node._inInstance) throw figmaError(api, 'Cannot create a component from a layer inside an instance');
  const component = ctx.createNodeOfType('COMPONENT', ctx.nextId()) as FakeComponentNode;
  ctx.changes.created(component);
  const from = node as unknown as Record<string, unknown>;
  const to = component as unknown as Record<string, unknown>;
  for (const key of Object.keys(from)) if (!NODE_OWN_FIELDS.has(key) && key in FakeComponentNode.prototype) to[key] = from[key];
  const parent = node._parent;
  ctx.withRulesOff(() => {
    if (parent) insertChildAt(parent, (parent as unknown as { _children: FakeSceneNode[] })._children.indexOf(node), component, api);
    const children = (node as unknown as { _children?: FakeSceneNode[] })._children;
    if (children) for (const child of [...children]) insertChildAt(component, undefined, child, api);
    node.remove();
  });
  return component as unknown as ComponentNode;
}

export { FakeFrameNode };
