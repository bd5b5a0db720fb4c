// The document tree: document, pages and scene nodes (frames, groups, shapes, text). Components,
// component sets and instances build on FakeFrameNode in components.ts.
import { fontKey, type FakeContext } from './context';
import { figmaError, validationError } from './figma-errors';
import { makeStrict, notImplemented } from './not-implemented';
import { PLUGIN_CLOSED_MESSAGE } from './run-gate';
import {
  getPluginData,
  getPluginDataKeys,
  getSharedPluginData,
  getSharedPluginDataKeys,
  setPluginData,
  setSharedPluginData,
  type PluginDataHolder,
} from './plugin-data';
import {
  blendMode,
  bool,
  checkEffects,
  checkPaints,
  constraintsCheck,
  defineProperties,
  finite,
  frozenCopy,
  hyperlink,
  isPlainObject,
  nonNegative,
  numberArray,
  numberIn,
  oneOf,
  plainData,
  text,
  type Check,
} from './properties';
import { effectOutset } from './render-bounds';

/** Anything that can hold children. */
export type FakeParent = FakeDocumentNode | FakePageNode | FakeContainerNode;
export type FakeContainerNode = FakeFrameNode | FakeGroupNode;

/** Fields of an instance copy that stay the instance's own when the main component changes. */
export const INSTANCE_ROOT_OWN: ReadonlySet<string> = new Set(['x', 'y', 'rotation', 'constraints', 'layoutAlign', 'layoutGrow', 'layoutPositioning', 'visible', 'locked', 'name']);

/**
 * A node's own bookkeeping: fields never copied into a copy of it (clone, instance layers) nor
 * from a main component into an instance. The one list both nodes.ts and components.ts use.
 */
export const NODE_OWN_FIELDS: ReadonlySet<string> = new Set([
  'id', '_ctx', '_parent', '_children', '_childrenView', '_mirrors', '_mainSource', '_overrides', '_removed', '_inInstance', '_inRemote',
  '_pluginData', '_shared', '_relaunch', '_propDefs', '_description', '_descriptionMarkdown', '_documentationLinks', '_remote', '_key',
  '_instances', '_main', '_selection', '_loaded',
]);

export function describeNode(node: unknown): string {
  const n = node as { type?: string; _name?: string; id?: string };
  return `${n.type ?? 'node'} "${n._name ?? ''}" (${n.id ?? '?'})`;
}

// ---- base node ------------------------------------------------------------------------------

/** setRelaunchData's longest description, in characters (UTF-16 code units, the stricter reading). */
export const RELAUNCH_DESCRIPTION_LIMIT = 1000;

export abstract class FakeBaseNode implements PluginDataHolder {
  readonly id: string;
  readonly _ctx: FakeContext;
  declare readonly type: NodeType;
  declare name: string;
  declare _name: string;
  declare _parent: FakeParent | null;
  declare _removed: boolean;
  /** True for layers inside an instance (they mirror the main component). */
  declare _inInstance: boolean;
  /** The node this one mirrors (main component for an instance, the component's layer for an instance's layer). */
  declare _mainSource: FakeBaseNode | null;
  declare _overrides: Set<string> | null;
  /** Copies of this node inside instances, kept in sync for fields they have not overridden. */
  declare _mirrors: FakeBaseNode[] | null;
  declare _pluginData: Record<string, string> | null;
  declare _shared: Record<string, Record<string, string>> | null;
  declare _relaunch: Record<string, string> | null;

  constructor(ctx: FakeContext, id: string) {
    this.id = id;
    this._ctx = ctx;
    ctx.nodes.set(id, this);
  }

  get parent(): (BaseNode & ChildrenMixin) | null {
    if (this._removed || this._inInstance) this._assertReadable();
    return this._parent as unknown as (BaseNode & ChildrenMixin) | null;
  }

  get removed(): boolean {
    return this._removed;
  }

  _assertReadable(): void {
    if (this._removed) throw figmaError('get', `The node with id "${this.id}" does not exist (it was removed)`);
    if (this._inInstance && this._ctx.skipInvisibleInstanceChildren && this._ctx.rulesOff === 0 && isHiddenInInstance(this)) {
      throw figmaError('get', `The node with id "${this.id}" is an invisible layer inside an instance and figma.skipInvisibleInstanceChildren is true`);
    }
  }

  _assertWritable(api: string): void {
    if (this._removed) throw figmaError(api, `The node with id "${this.id}" does not exist (it was removed)`);
    if (this._ctx.pluginClosed && this._ctx.rulesOff === 0) throw figmaError(api, PLUGIN_CLOSED_MESSAGE);
  }

  /** Every property write goes through here: change record, override mark, copy to instances. */
  _write(name: string, key: string, value: unknown): void {
    this._assertWritable(`set_${name}`);
    const self = this as unknown as Record<string, unknown>;
    const old = self[key];
    if (old === value) return;
    const undo = this._ctx.undo;
    if (undo.recording) {
      // An instance layer that was not overridden there becomes so again: it follows its main.
      const wasOverridden = this._mainSource === null || this._overrides?.has(name) === true;
      undo.record(() => {
        this._write(name, key, old);
        if (!wasOverridden) this._overrides?.delete(name);
      });
    }
    self[key] = value;
    this._afterWrite(name, key, value);
  }

  _afterWrite(name: string, key: string, value: unknown): void {
    const ctx = this._ctx;
    ctx.changes.property(this, name);
    if (this._mainSource !== null && ctx.propagating === 0) (this._overrides ??= new Set()).add(name);
    if (this._mirrors !== null) propagateToMirrors(this, name, key, value);
    this._layoutChanged(name);
  }

  /** Tells auto layout that a field changed (this node's own layout or its parent's). */
  _layoutChanged(name: string): void {
    this._ctx.layout?.(this as unknown as FakeSceneNode, name);
  }

  remove(): void {
    this._assertWritable('remove');
    if (this._inInstance && this._ctx.rulesOff === 0) throw figmaError('remove', 'Cannot remove a layer inside an instance; hide it or detach the instance instead');
    if (this.type === 'DOCUMENT') throw figmaError('remove', 'The document cannot be removed');
    if (this.type === 'PAGE') {
      const root = this._ctx.root;
      if (root._children.length <= 1) throw figmaError('remove', 'A file must have at least one page');
      if (this._ctx.currentPage === (this as unknown)) throw figmaError('remove', 'Cannot remove the current page');
    }
    const page = this.type === 'PAGE' ? null : pageOf(this);
    const parent = this._parent;
    const undo = this._ctx.undo;
    if (parent && undo.recording) {
      const index = (parent as unknown as ChildrenHolder)._children.lastIndexOf(this as unknown as FakeSceneNode);
      undo.record(() => restoreRemoved(this, parent, index));
    }
    if (parent) detachChild(parent, this as unknown as FakeSceneNode);
    markRemoved(this, page);
    // A page's listeners go with it (a page brought back by undo has none).
    if (this.type === 'PAGE') this._ctx.pageEvents?.forget(this as unknown as FakePageNode);
    // Removed nodes (or nodes inside them) leave the selection.
    if (page && page._selection.some((n) => n._removed)) {
      page._selection = Object.freeze(page._selection.filter((n) => !n._removed));
      page._ctx.onSelectionChange?.(page);
    }
  }

  getPluginData(key: string): string {
    if (this._removed || this._inInstance) this._assertReadable();
    return getPluginData(this, key);
  }
  setPluginData(key: string, value: string): void {
    this._assertWritable('setPluginData');
    const capture = () => {
      const old = getPluginData(this, key);
      return () => void setPluginData(this, this._ctx.pluginId, key, old);
    };
    const restore = capture();
    if (!setPluginData(this, this._ctx.pluginId, key, value)) return;
    journal(this, capture, 'pluginData', restore);
    this._ctx.changes.property(this, 'pluginData');
  }
  getPluginDataKeys(): string[] {
    if (this._removed || this._inInstance) this._assertReadable();
    return getPluginDataKeys(this);
  }
  getSharedPluginData(namespace: string, key: string): string {
    if (this._removed || this._inInstance) this._assertReadable();
    return getSharedPluginData(this, namespace, key);
  }
  setSharedPluginData(namespace: string, key: string, value: string): void {
    this._assertWritable('setSharedPluginData');
    const capture = () => {
      const old = getSharedPluginData(this, namespace, key);
      return () => void setSharedPluginData(this, namespace, key, old);
    };
    const restore = capture();
    if (!setSharedPluginData(this, namespace, key, value)) return;
    journal(this, capture, 'pluginData', restore);
    this._ctx.changes.property(this, 'pluginData');
  }
  getSharedPluginDataKeys(namespace: string): string[] {
    if (this._removed || this._inInstance) this._assertReadable();
    return getSharedPluginDataKeys(this, namespace);
  }

  setRelaunchData(data: { [command: string]: string }): void {
    this._assertWritable('setRelaunchData');
    if (!isPlainObject(data)) throw validationError('setRelaunchData', 'an object of command → description', data);
    const copy: Record<string, string> = {};
    for (const [command, description] of Object.entries(data)) {
      if (typeof description !== 'string') throw figmaError('setRelaunchData', `The description for "${command}" must be a string`);
      // Typings: "This method will throw if description exceeds 1000 characters". A command that
      // is not in the manifest is kept but shows nothing (inspect.relaunchButtons).
      if (description.length > RELAUNCH_DESCRIPTION_LIMIT) {
        throw figmaError('setRelaunchData', `The description for "${command}" has ${description.length} characters; at most ${RELAUNCH_DESCRIPTION_LIMIT} are allowed`);
      }
      copy[command] = description;
    }
    journal(
      this,
      () => {
        const old = this._relaunch;
        return () => (this._relaunch = old);
      },
      null,
    );
    this._relaunch = Object.keys(copy).length > 0 ? copy : null;
  }
  getRelaunchData(): { [command: string]: string } {
    return { ...(this._relaunch ?? {}) };
  }

  toString(): string {
    return `[${describeNode(this)}]`;
  }
}

defineProperties(FakeBaseNode, { name: { value: '', check: text } });
Object.assign(FakeBaseNode.prototype, {
  // Fields assigned in constructors get a prototype slot, so creating a node never reaches the
  // strict prototype's trap (slow, and it exists to catch plugin code, not the fake's own writes).
  id: undefined,
  _ctx: undefined,
  _childrenView: null,
  _isFrame: false,
  _children: undefined,
  _parent: null,
  _removed: false,
  _inInstance: false,
  _mainSource: null,
  _overrides: null,
  _mirrors: null,
  _pluginData: null,
  _shared: null,
  _relaunch: null,
});
makeStrict(FakeBaseNode, describeNode, (prop) => prop === 'id' || prop.startsWith('_'));

function isHiddenInInstance(node: FakeBaseNode): boolean {
  let current: FakeBaseNode | null = node;
  while (current !== null && current._inInstance) {
    if ((current as unknown as { _visible: boolean })._visible === false) return true;
    current = current._parent;
  }
  return false;
}

/**
 * Remembers how to undo an edit outside `_write` (commitUndo / triggerUndo): `capture` returns
 * what puts back the fields as they are when it is called, so the revert can journal its own way
 * back (the person's redo). `restore` is what the edit replaced: by default captured now, before
 * the edit. `property` is the documentchange property the revert reports, if any.
 */
export function journal(node: FakeBaseNode, capture: () => () => void, property: string | null, restore?: () => void): void {
  const undo = node._ctx.undo;
  if (!undo.recording) return;
  const back = restore ?? capture();
  undo.record(() => {
    journal(node, capture, property);
    back();
    if (property !== null) node._ctx.changes.property(node, property);
  });
}

function propagateToMirrors(source: FakeBaseNode, name: string, key: string, value: unknown): void {
  const ctx = source._ctx;
  ctx.propagating++;
  try {
    ctx.changes.unreported(() => {
      for (const mirror of source._mirrors!) {
        if (mirror._removed || mirror._overrides?.has(name)) continue;
        if (mirror.type === 'INSTANCE' && mirror._mainSource === source && INSTANCE_ROOT_OWN.has(name)) continue;
        const target = mirror as unknown as Record<string, unknown>;
        if (target[key] === value) continue;
        target[key] = value;
        mirror._afterWrite(name, key, value);
      }
    });
  } finally {
    ctx.propagating--;
  }
}

/** Undoes remove(): the node (same id, same layers) is back where it was, reported as created. */
function restoreRemoved(node: FakeBaseNode, parent: FakeBaseNode, index: number): void {
  const ctx = node._ctx;
  const walk = (n: FakeBaseNode) => {
    n._removed = false;
    ctx.nodes.set(n.id, n);
    const children = (n as unknown as { _children?: FakeBaseNode[] })._children;
    if (children) for (const child of children) walk(child);
    if (n._mainSource) (n._mainSource._mirrors ??= []).push(n);
  };
  walk(node);
  node._parent = null;
  ctx.changes.created(node);
  insertChildAt(parent, Math.min(index, (parent as unknown as ChildrenHolder)._children.length), node, 'triggerUndo');
}

/** `page`: the page it was removed from (it is detached already). */
function markRemoved(node: FakeBaseNode, page: FakePageNode | null): void {
  const ctx = node._ctx;
  const walk = (n: FakeBaseNode) => {
    n._removed = true;
    ctx.nodes.delete(n.id);
    const children = (n as unknown as { _children?: FakeBaseNode[] })._children;
    if (children) for (const child of children) walk(child);
    if (n._mainSource?._mirrors) {
      const list = n._mainSource._mirrors;
      const at = list.indexOf(n);
      if (at >= 0) list.splice(at, 1);
    }
  };
  walk(node);
  ctx.changes.deleted(node, false, page);
}

// ---- children ---------------------------------------------------------------------------------

interface ChildrenHolder extends FakeBaseNode {
  _children: FakeSceneNode[];
  _childrenView: ReadonlyArray<FakeSceneNode> | null;
}

function detachChild(parent: FakeBaseNode, child: FakeBaseNode): void {
  const holder = parent as unknown as ChildrenHolder;
  // Recently added children are the ones usually moved on (created on the page, then placed).
  const at = holder._children.lastIndexOf(child as FakeSceneNode);
  if (at >= 0) holder._children.splice(at, 1);
  if (at >= 0 && parent._mirrors !== null) parent._ctx.changes.unreported(() => mirrorRemoval(parent, at));
  holder._childrenView = null;
  child._parent = null;
  if (inParentSpace(parent.type) && holder._children.length === 0 && !parent._removed) {
    // Figma removes a group (or boolean operation) when its last child leaves.
    parent.remove();
  } else {
    parent._layoutChanged('children');
  }
  if (parent.type === 'PAGE') {
    const page = parent as unknown as FakePageNode;
    if (page._selection.includes(child as FakeSceneNode)) page._selection = Object.freeze(page._selection.filter((n) => n !== child));
  }
}

function isAncestorOrSelf(candidate: FakeBaseNode, node: FakeBaseNode): boolean {
  for (let current: FakeBaseNode | null = node; current !== null; current = current._parent) if (current === candidate) return true;
  return false;
}

function insideComponent(node: FakeBaseNode | null): boolean {
  for (let current = node; current !== null; current = current._parent) {
    if (current.type === 'COMPONENT' || current.type === 'COMPONENT_SET') return true;
  }
  return false;
}

function containsComponent(node: FakeBaseNode): boolean {
  if (node.type === 'COMPONENT' || node.type === 'COMPONENT_SET') return true;
  const children = (node as unknown as { _children?: FakeBaseNode[] })._children;
  if (!children || node.type === 'INSTANCE') return false;
  return children.some(containsComponent);
}

/** appendChild / insertChild with Figma's structural rules. */
export function insertChildAt(parent: FakeBaseNode, index: number | undefined, child: unknown, api: string): void {
  parent._assertWritable(api);
  const holder = parent as unknown as ChildrenHolder;
  if (!(child instanceof FakeBaseNode)) throw validationError(api, 'a node', child);
  child._assertWritable(api);
  if (parent.type === 'DOCUMENT') {
    if (child.type !== 'PAGE') throw figmaError(api, 'Only pages can be children of the document');
  } else if (child.type === 'PAGE' || child.type === 'DOCUMENT') {
    throw figmaError(api, `A ${child.type.toLowerCase()} cannot be a child of a ${parent.type.toLowerCase()}`);
  }
  if (parent._ctx.rulesOff === 0) {
    if (parent.type === 'INSTANCE' || parent._inInstance) throw figmaError(api, 'Cannot move node. New parent is an instance or is inside of an instance');
    if (child._inInstance) throw figmaError(api, 'Cannot move a layer out of an instance; detach the instance first');
  }
  if (isAncestorOrSelf(child, parent)) throw figmaError(api, 'Cannot move node. A node cannot be moved into itself or one of its descendants');
  if (parent.type === 'COMPONENT_SET' && child.type !== 'COMPONENT') throw figmaError(api, 'Only components can be children of a component set');
  if (insideComponent(parent) && parent.type !== 'COMPONENT_SET' && containsComponent(child)) {
    throw figmaError(api, 'Cannot move node. A component or component set cannot be nested inside a component');
  }
  if (index !== undefined && (typeof index !== 'number' || !Number.isInteger(index) || index < 0)) throw validationError(api, 'a non-negative integer index', index);
  const oldParent = child._parent;
  const limit = holder._children.length - (oldParent === parent ? 1 : 0);
  if (index !== undefined && index > limit) throw figmaError(api, `Index ${index} is out of range (the node has ${limit} children)`);
  const undo = parent._ctx.undo;
  if (oldParent && !oldParent._removed && undo.recording) {
    const oldIndex = (oldParent as unknown as ChildrenHolder)._children.lastIndexOf(child as FakeSceneNode);
    undo.record(() => insertChildAt(oldParent, oldIndex, child, 'triggerUndo'));
  }
  let movedFrom = -1;
  if (oldParent === parent) {
    movedFrom = holder._children.lastIndexOf(child as FakeSceneNode);
    holder._children.splice(movedFrom, 1);
  } else if (oldParent) {
    detachChild(oldParent, child);
  }
  const children = holder._children;
  const at = index === undefined ? children.length : index;
  children.splice(at, 0, child as FakeSceneNode);
  holder._childrenView = null;
  child._parent = parent as FakeParent;
  parent._ctx.changes.property(child, 'parent');
  parent._layoutChanged('children');
  // Instances of a component follow structural edits of it, layer for layer.
  if (parent._mirrors !== null) {
    parent._ctx.changes.unreported(() => {
      if (movedFrom >= 0) mirrorMove(parent, movedFrom, at);
      else mirrorInsertion(parent, child as FakeSceneNode, at);
    });
  }
}

/** The outermost instance a layer belongs to (layer ids are "I<that id>;…"). */
export function topInstanceOf(node: FakeBaseNode): FakeSceneNode {
  let current: FakeBaseNode | null = node;
  while (current !== null && current._inInstance) current = current._parent;
  return (current ?? node) as FakeSceneNode;
}

function liveMirrors(node: FakeBaseNode): FakeBaseNode[] {
  return (node._mirrors ?? []).filter((m) => !m._removed && (m as unknown as { _children?: unknown })._children !== undefined);
}

/** A child was added to a node that instances mirror: add the matching layer to each mirror. */
function mirrorInsertion(source: FakeBaseNode, child: FakeSceneNode, index: number): void {
  for (const mirror of liveMirrors(source)) {
    // Mirrors line up with their source child for child (a swapped nested instance leaves the list).
    const holder = mirror as unknown as ChildrenHolder;
    const copy = cloneSubtree(child, topInstanceOf(mirror));
    copy._parent = mirror as FakeParent;
    holder._children.splice(Math.min(index, holder._children.length), 0, copy);
    holder._childrenView = null;
    mirror._layoutChanged('children');
    if (mirror._mirrors !== null) mirrorInsertion(mirror, copy, index);
  }
}

/** A child left a node that instances mirror: remove the matching layer from each mirror. */
function mirrorRemoval(source: FakeBaseNode, index: number): void {
  for (const mirror of liveMirrors(source)) {
    const holder = mirror as unknown as ChildrenHolder;
    const layer = holder._children[index];
    if (!layer) continue;
    holder._children.splice(index, 1);
    holder._childrenView = null;
    if (mirror._mirrors !== null) mirrorRemoval(mirror, index);
    layer._parent = null;
    // Not reported (an instance following its main component): no page to look up.
    markRemoved(layer, null);
    mirror._layoutChanged('children');
  }
}

function mirrorMove(source: FakeBaseNode, from: number, to: number): void {
  for (const mirror of liveMirrors(source)) {
    const holder = mirror as unknown as ChildrenHolder;
    const [layer] = holder._children.splice(from, 1);
    if (!layer) continue;
    holder._children.splice(to, 0, layer);
    holder._childrenView = null;
    mirror._layoutChanged('children');
    if (mirror._mirrors !== null) mirrorMove(mirror, from, to);
  }
}

function visibleForTraversal(node: FakeBaseNode): boolean {
  return !(node._inInstance && node._ctx.skipInvisibleInstanceChildren && (node as unknown as { _visible: boolean })._visible === false);
}

function childrenOf(node: FakeBaseNode): ReadonlyArray<FakeSceneNode> {
  const holder = node as unknown as ChildrenHolder;
  if (node._ctx.skipInvisibleInstanceChildren && (node._inInstance || node.type === 'INSTANCE')) {
    return Object.freeze(holder._children.filter(visibleForTraversal));
  }
  return (holder._childrenView ??= Object.freeze(holder._children.slice()));
}

function walkDescendants(node: FakeBaseNode, visit: (n: FakeSceneNode) => boolean | void): boolean {
  const children = (node as unknown as ChildrenHolder)._children;
  const skip = node._ctx.skipInvisibleInstanceChildren;
  for (let i = 0; i < children.length; i++) {
    const child = children[i]!;
    if (skip && child._inInstance && (child as unknown as { _visible: boolean })._visible === false) continue;
    if (visit(child) === true) return true;
    if ((child as unknown as { _children?: unknown })._children !== undefined && walkDescendants(child, visit)) return true;
  }
  return false;
}

function assertCallback(api: string, callback: unknown, optional: boolean): void {
  if (callback === undefined && optional) return;
  if (typeof callback !== 'function') throw validationError(api, 'a function', callback);
}

function checkCriteria(criteria: unknown): FindAllCriteria<NodeType[]> {
  const api = 'findAllWithCriteria';
  if (!isPlainObject(criteria)) throw validationError(api, 'a criteria object', criteria);
  for (const key of Object.keys(criteria)) {
    if (!['types', 'pluginData', 'sharedPluginData'].includes(key)) throw figmaError(api, `Unknown criterion "${key}" (the fake knows types, pluginData and sharedPluginData)`);
  }
  if (criteria.types !== undefined && (!Array.isArray(criteria.types) || criteria.types.some((t) => typeof t !== 'string'))) {
    throw figmaError(api, 'criteria.types must be an array of node types');
  }
  return criteria as FindAllCriteria<NodeType[]>;
}

function matchesCriteria(node: FakeBaseNode, criteria: FindAllCriteria<NodeType[]>): boolean {
  if (criteria.types && !criteria.types.includes(node.type)) return false;
  if (criteria.pluginData) {
    const keys = criteria.pluginData.keys;
    const data = node._pluginData;
    if (!data) return false;
    if (keys && keys.length > 0 ? !keys.some((k) => k in data) : Object.keys(data).length === 0) return false;
  }
  if (criteria.sharedPluginData) {
    const space = node._shared?.[criteria.sharedPluginData.namespace];
    if (!space) return false;
    const keys = criteria.sharedPluginData.keys;
    if (keys && keys.length > 0 ? !keys.some((k) => k in space) : Object.keys(space).length === 0) return false;
  }
  return true;
}

/** Methods every node with children has (document, page, frame-likes, groups). */
const containerMethods = {
  get children(): ReadonlyArray<SceneNode> {
    const self = this as unknown as FakeBaseNode;
    if (self._removed || self._inInstance) self._assertReadable();
    if (self.type === 'PAGE') (self as unknown as FakePageNode)._assertLoaded('children');
    return childrenOf(self) as unknown as ReadonlyArray<SceneNode>;
  },
  appendChild(this: FakeBaseNode, child: SceneNode): void {
    insertChildAt(this, undefined, child, 'appendChild');
  },
  insertChild(this: FakeBaseNode, index: number, child: SceneNode): void {
    if (index === undefined) throw validationError('insertChild', 'an index', index);
    insertChildAt(this, index, child, 'insertChild');
  },
  findChildren(this: FakeBaseNode, callback?: (node: SceneNode) => boolean): SceneNode[] {
    assertTraversable(this, 'findChildren');
    assertCallback('findChildren', callback, true);
    const children = childrenOf(this) as unknown as SceneNode[];
    return callback ? children.filter((n) => callback(n)) : children.slice();
  },
  findChild(this: FakeBaseNode, callback: (node: SceneNode) => boolean): SceneNode | null {
    assertTraversable(this, 'findChild');
    assertCallback('findChild', callback, false);
    return (childrenOf(this) as unknown as SceneNode[]).find((n) => callback(n)) ?? null;
  },
  findAll(this: FakeBaseNode, callback?: (node: SceneNode) => boolean): SceneNode[] {
    assertTraversable(this, 'findAll');
    assertCallback('findAll', callback, true);
    const out: SceneNode[] = [];
    walkDescendants(this, (n) => {
      if (!callback || callback(n as unknown as SceneNode)) out.push(n as unknown as SceneNode);
    });
    return out;
  },
  findOne(this: FakeBaseNode, callback: (node: SceneNode) => boolean): SceneNode | null {
    assertTraversable(this, 'findOne');
    assertCallback('findOne', callback, false);
    let found: SceneNode | null = null;
    walkDescendants(this, (n) => {
      if (callback(n as unknown as SceneNode)) {
        found = n as unknown as SceneNode;
        return true;
      }
      return false;
    });
    return found;
  },
  findAllWithCriteria(this: FakeBaseNode, criteria: FindAllCriteria<NodeType[]>): SceneNode[] {
    assertTraversable(this, 'findAllWithCriteria');
    const checked = checkCriteria(criteria);
    const out: SceneNode[] = [];
    walkDescendants(this, (n) => {
      if (matchesCriteria(n, checked)) out.push(n as unknown as SceneNode);
    });
    return out;
  },
  findWidgetNodesByWidgetId(): never {
    return notImplemented('findWidgetNodesByWidgetId');
  },
};

function assertTraversable(node: FakeBaseNode, api: string): void {
  if (node._removed || node._inInstance) node._assertReadable();
  // The document's own children (pages) are always there; only searches into pages need them loaded.
  const deep = api !== 'findChildren' && api !== 'findChild';
  if (deep && node.type === 'DOCUMENT' && node._ctx.dynamicPage && !node._ctx.allPagesLoaded) {
    throw figmaError(api, 'Cannot call with documentAccess: dynamic-page without calling figma.loadAllPagesAsync() first.');
  }
  if (node.type === 'PAGE') (node as unknown as FakePageNode)._assertLoaded(api);
}

function applyContainer(klass: { prototype: object }): void {
  Object.defineProperties(klass.prototype, Object.getOwnPropertyDescriptors(containerMethods));
}

/** Methods and fields for nodes with children, as TypeScript sees them. */
export interface ContainerMembers {
  _children: FakeSceneNode[];
  _childrenView: ReadonlyArray<FakeSceneNode> | null;
  readonly children: ReadonlyArray<SceneNode>;
  appendChild(child: SceneNode): void;
  insertChild(index: number, child: SceneNode): void;
  findChildren(callback?: (node: SceneNode) => boolean): SceneNode[];
  findChild(callback: (node: SceneNode) => boolean): SceneNode | null;
  findAll(callback?: (node: SceneNode) => boolean): SceneNode[];
  findOne(callback: (node: SceneNode) => boolean): SceneNode | null;
  findAllWithCriteria<T extends NodeType[]>(criteria: FindAllCriteria<T>): Array<{ type: T[number] } & SceneNode>;
}

// ---- document and pages ---------------------------------------------------------------------

export interface FakeDocumentNode extends Omit<ContainerMembers, 'children' | 'appendChild' | 'insertChild' | 'findChildren' | 'findChild'> {
  readonly children: ReadonlyArray<PageNode>;
  appendChild(child: PageNode): void;
  insertChild(index: number, child: PageNode): void;
  findChildren(callback?: (node: PageNode) => boolean): Array<PageNode>;
  findChild(callback: (node: PageNode) => boolean): PageNode | null;
}
export class FakeDocumentNode extends FakeBaseNode {
  constructor(ctx: FakeContext) {
    super(ctx, '0:0');
    this._children = [];
    this._childrenView = null;
  }
  override get parent(): null {
    return null;
  }
}
Object.defineProperty(FakeDocumentNode.prototype, 'type', { value: 'DOCUMENT' });
applyContainer(FakeDocumentNode);
// The document lists pages, which are always available; only their contents load lazily.
Object.defineProperty(FakeDocumentNode.prototype, 'children', {
  get(this: FakeDocumentNode) {
    return (this._childrenView ??= Object.freeze(this._children.slice()));
  },
});

export interface FakePageNode extends ContainerMembers {}
export class FakePageNode extends FakeBaseNode {
  _loaded: boolean;
  _selection: ReadonlyArray<FakeSceneNode> = Object.freeze([]);
  declare backgrounds: ReadonlyArray<Paint>;
  declare flowStartingPoints: ReadonlyArray<{ nodeId: string; name: string }>;

  constructor(ctx: FakeContext, id: string) {
    super(ctx, id);
    this._children = [];
    this._childrenView = null;
    this._loaded = true;
  }

  _assertLoaded(api: string): void {
    if (!this._loaded && this._ctx.dynamicPage) {
      const what = api === 'children' ? 'property `children`' : `method \`${api}()\``;
      throw figmaError(api, `Cannot access ${what} on a page that has not been explicitly loaded. Call \`await page.loadAsync()\` or \`await figma.loadAllPagesAsync()\` first (page "${this._name}").`);
    }
  }

  async loadAsync(): Promise<void> {
    if (this._removed || this._inInstance) this._assertReadable();
    this._loaded = true;
    await Promise.resolve();
  }

  get selection(): ReadonlyArray<SceneNode> {
    if (this._removed || this._inInstance) this._assertReadable();
    // Typings: "`page.selection` returns a new, read-only array every time it is called".
    return Object.freeze([...this._selection]) as unknown as ReadonlyArray<SceneNode>;
  }
  set selection(nodes: ReadonlyArray<SceneNode>) {
    this._assertWritable('set_selection');
    if (!Array.isArray(nodes)) throw validationError('set_selection', 'an array of nodes', nodes);
    for (const node of nodes as unknown[]) {
      if (!(node instanceof FakeSceneNode)) throw validationError('set_selection', 'scene nodes', node);
      if (node._removed) throw figmaError('set_selection', `The node with id "${node.id}" does not exist`);
      if (pageOf(node) !== this) throw figmaError('set_selection', `The node "${node.name}" is not on the page "${this._name}"`);
    }
    const unique = new Set(nodes as unknown as FakeSceneNode[]);
    // Typings: "Only directly selected nodes are present … never … both a node and one of its
    // descendents": a node under another selected node is not directly selected.
    const hasSelectedAncestor = (node: FakeSceneNode): boolean => {
      for (let current = node._parent; current !== null; current = current._parent) if (unique.has(current as unknown as FakeSceneNode)) return true;
      return false;
    };
    // PageNode docs: the order of the selection "is unspecified, you should not be relying on
    // it". The fake keeps the reverse of the order given, so code that relies on it fails here.
    this._selection = Object.freeze([...unique].filter((node) => !hasSelectedAncestor(node)).reverse());
    this._ctx.onSelectionChange?.(this);
  }

  get isPageDivider(): boolean {
    return false;
  }

  // PageNode.on: "nodechange" is the one event a page has ("emitted when a node on the page is
  // added, removed, or updated"); its changes are the documentchange ones of this page's nodes.
  on(type: 'nodechange', callback: (event: NodeChangeEvent) => void): void {
    this._pageEvent('on', type, callback, false);
  }
  once(type: 'nodechange', callback: (event: NodeChangeEvent) => void): void {
    this._pageEvent('once', type, callback, true);
  }
  off(type: 'nodechange', callback: (event: NodeChangeEvent) => void): void {
    this._checkPageEvent('off', type, callback);
    this._ctx.pageEvents?.remove(this, callback);
  }

  _checkPageEvent(api: string, type: unknown, callback: unknown): void {
    if (this._removed) this._assertReadable();
    if (type !== 'nodechange') notImplemented(`page.${api}('${String(type)}') (a page's only event is nodechange)`);
    if (typeof callback !== 'function') throw validationError(api, 'a function', callback);
  }

  _pageEvent(api: string, type: unknown, callback: (event: NodeChangeEvent) => void, once: boolean): void {
    this._checkPageEvent(api, type, callback);
    this._ctx.pageEvents?.add(this, callback, once, api);
  }
}
Object.defineProperty(FakePageNode.prototype, 'type', { value: 'PAGE' });
applyContainer(FakePageNode);
defineProperties(FakePageNode, {
  backgrounds: { value: [{ type: 'SOLID', color: { r: 0.96, g: 0.96, b: 0.96 }, opacity: 1, visible: true, blendMode: 'NORMAL' }], check: (node, v, api) => checkPaints(api, v, paintRules(node)) },
});

export function pageOf(node: FakeBaseNode): FakePageNode | null {
  for (let current: FakeBaseNode | null = node; current !== null; current = current._parent) {
    if (current.type === 'PAGE') return current as FakePageNode;
  }
  return null;
}

function paintRules(node: unknown): { hasImage: (hash: string) => boolean } {
  const ctx = (node as FakeBaseNode)._ctx;
  return { hasImage: (hash) => ctx.images?.has(hash) ?? false };
}

// ---- scene nodes ------------------------------------------------------------------------------

export abstract class FakeSceneNode extends FakeBaseNode {
  declare x: number;
  declare y: number;
  declare visible: boolean;
  declare locked: boolean;
  declare opacity: number;
  declare blendMode: BlendMode;
  declare isMask: boolean;
  declare maskType: MaskType;
  declare minWidth: number | null;
  declare maxWidth: number | null;
  declare minHeight: number | null;
  declare maxHeight: number | null;
  declare effects: ReadonlyArray<Effect>;
  declare rotation: number;
  declare constraints: Constraints;
  declare layoutAlign: 'MIN' | 'CENTER' | 'MAX' | 'STRETCH' | 'INHERIT';
  declare layoutGrow: number;
  declare layoutPositioning: 'AUTO' | 'ABSOLUTE';
  declare exportSettings: ReadonlyArray<ExportSettings>;
  declare componentPropertyReferences: { [nodeProperty in 'visible' | 'characters' | 'mainComponent']?: string } | null;
  declare _x: number;
  declare _y: number;
  declare _width: number;
  declare _height: number;
  declare _visible: boolean;
  declare _rotation: number;
  declare _effectStyleId: string;
  declare _bound: Record<string, VariableAlias> | null;

  get width(): number {
    if (this._removed || this._inInstance) this._assertReadable();
    if (this._ctx.dirtyLayout.size !== 0) this._ctx.flushLayout();
    return this._width;
  }
  get height(): number {
    if (this._removed || this._inInstance) this._assertReadable();
    if (this._ctx.dirtyLayout.size !== 0) this._ctx.flushLayout();
    return this._height;
  }

  resize(width: number, height: number): void {
    this._resize('resize', width, height);
  }
  resizeWithoutConstraints(width: number, height: number): void {
    this._resize('resizeWithoutConstraints', width, height);
  }
  _resize(api: string, width: number, height: number): void {
    this._assertWritable(api);
    if (typeof width !== 'number' || !Number.isFinite(width)) throw validationError(api, 'width to be a finite number', width);
    if (typeof height !== 'number' || !Number.isFinite(height)) throw validationError(api, 'height to be a finite number', height);
    const minimum = this.type === 'VECTOR' || this.type === 'LINE' ? 0 : 0.01;
    if (width < minimum) throw figmaError(api, `Expected width to be >= ${minimum}, got ${width}`);
    if (height < minimum) throw figmaError(api, `Expected height to be >= ${minimum}, got ${height}`);
    this._write('width', '_width', width);
    this._write('height', '_height', height);
  }

  /** Figma's 2×3 transform; the fake models translation and rotation (no skew or scale). */
  get relativeTransform(): Transform {
    if (this._removed || this._inInstance) this._assertReadable();
    const radians = (this._rotation * Math.PI) / 180;
    const cos = Math.cos(radians);
    const sin = Math.sin(radians);
    return [
      [cos, sin, this.x],
      [-sin, cos, this.y],
    ];
  }
  set relativeTransform(transform: Transform) {
    if (!Array.isArray(transform) || transform.length !== 2) throw validationError('set_relativeTransform', 'a 2×3 matrix', transform);
    const [[a, b, tx], [, , ty]] = transform as unknown as [[number, number, number], [number, number, number]];
    this.x = tx;
    this.y = ty;
    this.rotation = (Math.atan2(b, a) * 180) / Math.PI;
  }

  /** Absolute position of this node's top-left corner (rotation ignored). */
  _absolutePosition(): { x: number; y: number } {
    const origin = originOf(this._parent);
    return { x: origin.x + this.x, y: origin.y + this.y };
  }

  get absoluteTransform(): Transform {
    if (this._removed || this._inInstance) this._assertReadable();
    const { x, y } = this._absolutePosition();
    const [[a, b], [c, d]] = this.relativeTransform;
    return [
      [a, b, x],
      [c, d, y],
    ];
  }

  get absoluteBoundingBox(): Rect {
    if (this._removed || this._inInstance) this._assertReadable();
    const { x, y } = this._absolutePosition();
    return { x, y, width: this.width, height: this.height };
  }

  get absoluteRenderBounds(): Rect | null {
    if (!this._visible) return null;
    const { x, y, width, height } = this.absoluteBoundingBox;
    const out = effectOutset((this as unknown as { _effects?: ReadonlyArray<Effect> })._effects);
    return { x: x - out.left, y: y - out.top, width: width + out.left + out.right, height: height + out.top + out.bottom };
  }

  get boundVariables(): SceneNodeMixin['boundVariables'] {
    if (this._removed || this._inInstance) this._assertReadable();
    if (this._bound === null && !hasBoundPaint(this)) return NO_BINDINGS;
    const out: Record<string, unknown> = { ...(this._bound ?? {}) };
    for (const field of ['fills', 'strokes', 'effects'] as const) {
      const list = (this as unknown as Record<string, unknown>)[`_${field}`];
      if (Array.isArray(list)) {
        const aliases = (list as Array<{ boundVariables?: { color?: VariableAlias } }>).map((p) => p.boundVariables?.color).filter((a) => a !== undefined);
        if (aliases.length > 0) out[field] = aliases;
      }
    }
    return out as SceneNodeMixin['boundVariables'];
  }

  /** Figma's overloads (a Variable, or a variable id outside dynamic-page); defined below. */
  declare setBoundVariable: RectangleNode['setBoundVariable'];

  get effectStyleId(): string {
    if (this._removed || this._inInstance) this._assertReadable();
    return this._effectStyleId;
  }
  set effectStyleId(id: string) {
    this._ctx.forbidSyncUnderDynamicPage('set_effectStyleId', 'node.setEffectStyleIdAsync');
    this._ctx.applyStyleId?.(this, 'effect', id);
  }
  async setEffectStyleIdAsync(id: string): Promise<void> {
    await Promise.resolve();
    this._ctx.applyStyleId?.(this, 'effect', id);
  }

  /** A copy next to the original (typed SceneNode: the fake's classes are not the real node types). */
  declare clone: () => SceneNode;
  _cloneNode(): SceneNode {
    if (this._removed || this._inInstance) this._assertReadable();
    const copy = cloneSubtree(this, null);
    const parent = this._parent;
    if (parent) {
      const holder = parent as unknown as ChildrenHolder;
      const index = holder._children.indexOf(this) + 1;
      if (parent.type === 'INSTANCE' || parent._inInstance) insertChildAt(this._ctx.currentPage, undefined, copy, 'clone');
      else this._ctx.withRulesOff(() => insertChildAt(parent, index, copy, 'clone'));
    }
    return copy as unknown as SceneNode;
  }

  /** Figma's overloads (PNG/JPG/SVG/PDF bytes, SVG_STRING text); defined on the prototype below. */
  declare exportAsync: RectangleNode['exportAsync'];

  getCSSAsync(): Promise<{ [key: string]: string }> {
    return notImplemented('getCSSAsync');
  }

  get layoutSizingHorizontal(): 'FIXED' | 'HUG' | 'FILL' {
    return layoutSizing(this, 'HORIZONTAL');
  }
  set layoutSizingHorizontal(value: 'FIXED' | 'HUG' | 'FILL') {
    setLayoutSizing(this, 'HORIZONTAL', value);
  }
  get layoutSizingVertical(): 'FIXED' | 'HUG' | 'FILL' {
    return layoutSizing(this, 'VERTICAL');
  }
  set layoutSizingVertical(value: 'FIXED' | 'HUG' | 'FILL') {
    setLayoutSizing(this, 'VERTICAL', value);
  }
}

defineProperties(FakeSceneNode, {
  x: { value: 0, check: finite },
  y: { value: 0, check: finite },
  visible: { value: true, check: bool },
  locked: { value: false, check: bool },
  opacity: { value: 1, check: numberIn(0, 1) },
  blendMode: { value: 'PASS_THROUGH', check: blendMode },
  isMask: { value: false, check: bool },
  minWidth: { value: null, check: sizeLimit },
  maxWidth: { value: null, check: sizeLimit },
  minHeight: { value: null, check: sizeLimit },
  maxHeight: { value: null, check: sizeLimit },
  maskType: { value: 'ALPHA', check: oneOf('ALPHA', 'VECTOR', 'LUMINANCE') },
  effects: {
    value: [],
    check: (node, v, api) => {
      const effects = checkEffects(api, v);
      (node as unknown as FakeSceneNode)._effectStyleId = '';
      return effects;
    },
  },
  rotation: { value: 0, check: numberIn(-180, 180) },
  constraints: { value: { horizontal: 'MIN', vertical: 'MIN' }, check: constraintsCheck },
  layoutAlign: { value: 'INHERIT', check: oneOf('MIN', 'CENTER', 'MAX', 'STRETCH', 'INHERIT') },
  layoutGrow: { value: 0, check: numberIn(0, 1) },
  layoutPositioning: { value: 'AUTO', check: oneOf('AUTO', 'ABSOLUTE') },
  exportSettings: { value: [], check: plainData },
  componentPropertyReferences: {
    value: null,
    check: (node, v, api) => {
      const checked = v === null ? null : frozenCopy(v, api);
      (node as unknown as FakeSceneNode)._ctx.checkPropertyReferences?.(node as unknown as FakeSceneNode, checked as Readonly<Record<string, string>> | null);
      return checked;
    },
  },
});
Object.defineProperty(FakeSceneNode.prototype, 'clone', {
  configurable: true,
  writable: true,
  value(this: FakeSceneNode): SceneNode {
    return this._cloneNode();
  },
});

Object.defineProperty(FakeSceneNode.prototype, 'setBoundVariable', {
  configurable: true,
  writable: true,
  value(this: FakeSceneNode, field: string, variable: Variable | string | null): void {
    this._assertWritable('setBoundVariable');
    let target = variable;
    if (typeof variable === 'string') {
      if (this._ctx.dynamicPage) throw figmaError('setBoundVariable', 'Pass a Variable object: variable ids are not supported with documentAccess: dynamic-page');
      target = (this._ctx.variables.get(variable) as Variable | undefined) ?? null;
      if (target === null) throw figmaError('setBoundVariable', `No variable with id "${variable}"`);
    }
    this._ctx.bindVariable?.(this, field, target as Variable | null);
  },
});

Object.defineProperty(FakeSceneNode.prototype, 'exportAsync', {
  configurable: true,
  writable: true,
  value(this: FakeSceneNode, settings?: ExportSettings): Promise<Uint8Array> {
    if (this._removed || this._inInstance) this._assertReadable();
    const exporter = this._ctx.exporter;
    if (!exporter) return notImplemented('exportAsync');
    return exporter(this, settings);
  },
});

// x and y may be waiting for an auto-layout pass: reading them runs it first.
for (const axis of ['x', 'y'] as const) {
  const descriptor = Object.getOwnPropertyDescriptor(FakeSceneNode.prototype, axis)!;
  const key = `_${axis}` as const;
  Object.defineProperty(FakeSceneNode.prototype, axis, {
    ...descriptor,
    get(this: FakeSceneNode) {
      if (this._removed || this._inInstance) this._assertReadable();
      if (this._ctx.dirtyLayout.size !== 0) this._ctx.flushLayout();
      return this[key];
    },
  });
}
// width and height are read-only (resize changes them); only their backing fields get defaults.
Object.assign(FakeSceneNode.prototype, { _effectStyleId: '', _bound: null, _width: 100, _height: 100, _fills: undefined, _strokes: undefined });

const NO_BINDINGS: SceneNodeMixin['boundVariables'] = Object.freeze({});

function hasBoundPaint(node: FakeSceneNode): boolean {
  const raw = node as unknown as { _fills?: { _hasBinding?: boolean }; _strokes?: { _hasBinding?: boolean } };
  const fills = raw._fills;
  if (fills !== undefined && fills._hasBinding === true) return true;
  const strokes = raw._strokes;
  return strokes !== undefined && strokes._hasBinding === true;
}

function originOf(node: FakeParent | null): { x: number; y: number } {
  if (node === null || node.type === 'PAGE' || node.type === 'DOCUMENT') return { x: 0, y: 0 };
  if (inParentSpace(node.type)) return originOf(node._parent);
  return (node as FakeSceneNode)._absolutePosition();
}

// ---- geometry mixin (fills, strokes, corners) -----------------------------------------------

function paintCheck(styleField: '_fillStyleId' | '_strokeStyleId'): Check {
  return (node, value, api) => {
    const paints = checkPaints(api, value, paintRules(node));
    (node as unknown as Record<string, unknown>)[styleField] = '';
    return paints;
  };
}

const geometrySpecs = {
  fills: { value: [], check: paintCheck('_fillStyleId') },
  strokes: { value: [], check: paintCheck('_strokeStyleId') },
  strokeWeight: { value: 1, check: nonNegative },
  strokeAlign: { value: 'INSIDE', check: oneOf('INSIDE', 'OUTSIDE', 'CENTER') },
  strokeCap: { value: 'NONE', check: oneOf('NONE', 'ROUND', 'SQUARE', 'ARROW_LINES', 'ARROW_EQUILATERAL', 'DIAMOND_FILLED', 'TRIANGLE_FILLED', 'CIRCLE_FILLED') },
  strokeJoin: { value: 'MITER', check: oneOf('MITER', 'BEVEL', 'ROUND') },
  strokeMiterLimit: { value: 4, check: nonNegative },
  dashPattern: { value: [], check: numberArray },
};

const geometryMethods = {
  get fillStyleId(): string {
    const self = this as unknown as FakeSceneNode & { _fillStyleId: string };
    if (self._removed || self._inInstance) self._assertReadable();
    return self._fillStyleId;
  },
  set fillStyleId(id: string) {
    const self = this as unknown as FakeSceneNode;
    self._ctx.forbidSyncUnderDynamicPage('set_fillStyleId', 'node.setFillStyleIdAsync');
    self._ctx.applyStyleId?.(self, 'fill', id);
  },
  get strokeStyleId(): string {
    const self = this as unknown as FakeSceneNode & { _strokeStyleId: string };
    if (self._removed || self._inInstance) self._assertReadable();
    return self._strokeStyleId;
  },
  set strokeStyleId(id: string) {
    const self = this as unknown as FakeSceneNode;
    self._ctx.forbidSyncUnderDynamicPage('set_strokeStyleId', 'node.setStrokeStyleIdAsync');
    self._ctx.applyStyleId?.(self, 'stroke', id);
  },
  async setFillStyleIdAsync(this: FakeSceneNode, id: string): Promise<void> {
    await Promise.resolve();
    this._ctx.applyStyleId?.(this, 'fill', id);
  },
  async setStrokeStyleIdAsync(this: FakeSceneNode, id: string): Promise<void> {
    await Promise.resolve();
    this._ctx.applyStyleId?.(this, 'stroke', id);
  },
};

function applyGeometry(klass: { prototype: object }, defaults: Partial<Record<keyof typeof geometrySpecs, unknown>> = {}): void {
  const specs: Record<string, { value: unknown; check?: Check }> = {};
  for (const [name, spec] of Object.entries(geometrySpecs)) {
    specs[name] = { ...spec, value: name in defaults ? defaults[name as keyof typeof geometrySpecs] : spec.value };
  }
  defineProperties(klass, specs);
  Object.defineProperties(klass.prototype, Object.getOwnPropertyDescriptors(geometryMethods));
  Object.assign(klass.prototype, { _fillStyleId: '', _strokeStyleId: '' });
}

export interface GeometryMembers {
  fills: ReadonlyArray<Paint> | PluginAPI['mixed'];
  strokes: ReadonlyArray<Paint>;
  strokeWeight: number | PluginAPI['mixed'];
  strokeAlign: 'CENTER' | 'INSIDE' | 'OUTSIDE';
  strokeCap: StrokeCap | PluginAPI['mixed'];
  strokeJoin: StrokeJoin | PluginAPI['mixed'];
  strokeMiterLimit: number;
  dashPattern: ReadonlyArray<number>;
  fillStyleId: string | PluginAPI['mixed'];
  strokeStyleId: string;
  _fills: ReadonlyArray<Paint>;
  _strokes: ReadonlyArray<Paint>;
  _fillStyleId: string;
  _strokeStyleId: string;
  setFillStyleIdAsync(id: string): Promise<void>;
  setStrokeStyleIdAsync(id: string): Promise<void>;
}

const CORNERS = ['topLeftRadius', 'topRightRadius', 'bottomLeftRadius', 'bottomRightRadius'] as const;
type CornerName = (typeof CORNERS)[number];

function applyCorners(klass: { prototype: object }, perCorner: boolean): void {
  defineProperties(klass, { cornerSmoothing: { value: 0, check: numberIn(0, 1) } });
  if (!perCorner) {
    defineProperties(klass, { cornerRadius: { value: 0, check: nonNegative } });
    return;
  }
  defineProperties(klass, Object.fromEntries(CORNERS.map((c) => [c, { value: 0, check: nonNegative }])));
  Object.defineProperty(klass.prototype, 'cornerRadius', {
    get(this: FakeSceneNode & Record<string, number>) {
      if (this._removed || this._inInstance) this._assertReadable();
      const first = this._topLeftRadius!;
      return this._topRightRadius === first && this._bottomLeftRadius === first && this._bottomRightRadius === first ? first : this._ctx.mixed;
    },
    set(this: FakeSceneNode & Record<string, number>, value: number) {
      nonNegative(this, value, 'set_cornerRadius');
      for (const corner of CORNERS) this[corner] = value;
    },
  });
}

export interface CornerMembers {
  cornerRadius: number | PluginAPI['mixed'];
  cornerSmoothing: number;
  topLeftRadius: number;
  topRightRadius: number;
  bottomLeftRadius: number;
  bottomRightRadius: number;
}

function setType(klass: { prototype: object }, type: NodeType, defaultName: string): void {
  Object.defineProperty(klass.prototype, 'type', { value: type });
  (klass.prototype as Record<string, unknown>)._name = defaultName;
}

// ---- shapes ------------------------------------------------------------------------------------

const GREY_FILL = [{ type: 'SOLID', color: { r: 0.851, g: 0.851, b: 0.851 }, opacity: 1, visible: true, blendMode: 'NORMAL' }];
const BLACK_FILL = [{ type: 'SOLID', color: { r: 0, g: 0, b: 0 }, opacity: 1, visible: true, blendMode: 'NORMAL' }];
const WHITE_FILL = [{ type: 'SOLID', color: { r: 1, g: 1, b: 1 }, opacity: 1, visible: true, blendMode: 'NORMAL' }];

export interface FakeRectangleNode extends GeometryMembers, CornerMembers {}
export class FakeRectangleNode extends FakeSceneNode {}
setType(FakeRectangleNode, 'RECTANGLE', 'Rectangle');
applyGeometry(FakeRectangleNode, { fills: GREY_FILL });
applyCorners(FakeRectangleNode, true);

export interface FakeEllipseNode extends GeometryMembers {}
export class FakeEllipseNode extends FakeSceneNode {
  declare arcData: ArcData;
}
setType(FakeEllipseNode, 'ELLIPSE', 'Ellipse');
applyGeometry(FakeEllipseNode, { fills: GREY_FILL });
defineProperties(FakeEllipseNode, { arcData: { value: { startingAngle: 0, endingAngle: 2 * Math.PI, innerRadius: 0 }, check: plainData } });

export interface FakeVectorNode extends GeometryMembers {}
export class FakeVectorNode extends FakeSceneNode {
  declare vectorPaths: VectorPaths;
  declare cornerRadius: number;
  declare handleMirroring: HandleMirroring;
}
setType(FakeVectorNode, 'VECTOR', 'Vector');
applyGeometry(FakeVectorNode, { strokeAlign: 'CENTER', strokes: BLACK_FILL });
applyCorners(FakeVectorNode, false);
defineProperties(FakeVectorNode, {
  vectorPaths: {
    value: [],
    check: (_n, v, api) => {
      if (!Array.isArray(v) || v.some((p) => !isPlainObject(p) || typeof p.data !== 'string' || !['NONZERO', 'EVENODD', 'NONE'].includes(p.windingRule as string))) {
        throw validationError(api, 'an array of {windingRule, data}', v);
      }
      return frozenCopy(v, api);
    },
  },
  handleMirroring: { value: 'NONE', check: oneOf('NONE', 'ANGLE', 'ANGLE_AND_LENGTH') },
});

// Stars and polygons (CornerMixin with one radius; typings: "Must be an integer >= 3", a star's
// innerRadius "between 0.0 and 1.0 inclusive"). New ones are a triangle and a five-point star.

const pointCount: Check = (_node, value, api) => {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw validationError(api, 'an integer', value);
  if (value < 3) throw figmaError(api, `Expected an integer of at least 3, got ${value}`);
  return value;
};

export interface FakePolygonNode extends GeometryMembers, Omit<CornerMembers, CornerName> {}
export class FakePolygonNode extends FakeSceneNode {
  declare cornerRadius: number;
  declare pointCount: number;
}
setType(FakePolygonNode, 'POLYGON', 'Polygon');
applyGeometry(FakePolygonNode, { fills: GREY_FILL });
applyCorners(FakePolygonNode, false);
defineProperties(FakePolygonNode, { pointCount: { value: 3, check: pointCount } });

export interface FakeStarNode extends GeometryMembers, Omit<CornerMembers, CornerName> {}
export class FakeStarNode extends FakeSceneNode {
  declare cornerRadius: number;
  declare pointCount: number;
  declare innerRadius: number;
}
setType(FakeStarNode, 'STAR', 'Star');
applyGeometry(FakeStarNode, { fills: GREY_FILL });
applyCorners(FakeStarNode, false);
// 0.382: the ratio of a new star in Figma's editor (the typings give no default).
defineProperties(FakeStarNode, { pointCount: { value: 5, check: pointCount }, innerRadius: { value: 0.382, check: numberIn(0, 1) } });

/** Groups and boolean operations: their children's coordinates stay in the parent's space. */
export function inParentSpace(type: string): boolean {
  return type === 'GROUP' || type === 'BOOLEAN_OPERATION';
}

// ---- groups ------------------------------------------------------------------------------------

export interface FakeGroupNode extends ContainerMembers {}
/** Groups take their bounds from their children, whose coordinates stay in the group's parent's space. */
export class FakeGroupNode extends FakeSceneNode {
  constructor(ctx: FakeContext, id: string) {
    super(ctx, id);
    this._children = [];
    this._childrenView = null;
  }
  _bounds(): { x: number; y: number; width: number; height: number } {
    if (this._ctx.dirtyLayout.size !== 0) this._ctx.flushLayout();
    const children = this._children;
    if (children.length === 0) return { x: 0, y: 0, width: 0, height: 0 };
    let left = Infinity;
    let top = Infinity;
    let right = -Infinity;
    let bottom = -Infinity;
    for (const child of children) {
      left = Math.min(left, child._x);
      top = Math.min(top, child._y);
      right = Math.max(right, child._x + child.width);
      bottom = Math.max(bottom, child._y + child.height);
    }
    return { x: left, y: top, width: right - left, height: bottom - top };
  }
  override get width(): number {
    if (this._removed || this._inInstance) this._assertReadable();
    return this._bounds().width;
  }
  override get height(): number {
    if (this._removed || this._inInstance) this._assertReadable();
    return this._bounds().height;
  }
  override _resize(api: string): void {
    notImplemented(`GROUP.${api} (resize the group's children instead)`);
  }
}
setType(FakeGroupNode, 'GROUP', 'Group');
applyContainer(FakeGroupNode);
// Groups have no constraints in Figma (their children do).
Object.defineProperty(FakeGroupNode.prototype, 'constraints', {
  get() {
    return notImplemented('GROUP.constraints (groups have no constraints in Figma; read their children)');
  },
  set() {
    notImplemented('setting GROUP.constraints (groups have no constraints in Figma)');
  },
});
for (const axis of ['x', 'y'] as const) {
  Object.defineProperty(FakeGroupNode.prototype, axis, {
    get(this: FakeGroupNode) {
      if (this._removed || this._inInstance) this._assertReadable();
      return this._bounds()[axis];
    },
    set(this: FakeGroupNode, value: number) {
      finite(this, value, `set_${axis}`);
      const delta = value - this._bounds()[axis];
      for (const child of this._children) child[axis] = child[axis] + delta;
    },
  });
}

// ---- boolean operations --------------------------------------------------------------------------

/** A group-like shape (figma.union / subtract / intersect / exclude) that paints its children's combined outline. */
export interface FakeBooleanOperationNode extends GeometryMembers, Omit<CornerMembers, CornerName> {}
export class FakeBooleanOperationNode extends FakeGroupNode {
  declare cornerRadius: number;
  declare booleanOperation: 'UNION' | 'INTERSECT' | 'SUBTRACT' | 'EXCLUDE';
  declare expanded: boolean;
}
setType(FakeBooleanOperationNode, 'BOOLEAN_OPERATION', 'Union');
applyGeometry(FakeBooleanOperationNode, { fills: GREY_FILL });
applyCorners(FakeBooleanOperationNode, false);
defineProperties(FakeBooleanOperationNode, {
  booleanOperation: { value: 'UNION', check: oneOf('UNION', 'INTERSECT', 'SUBTRACT', 'EXCLUDE') },
  expanded: { value: true, check: bool },
});

// ---- frames ------------------------------------------------------------------------------------

const sizingModes = oneOf('FIXED', 'AUTO');

export interface FakeFrameNode extends ContainerMembers, GeometryMembers, CornerMembers {}
export class FakeFrameNode extends FakeSceneNode {
  declare clipsContent: boolean;
  declare layoutMode: 'NONE' | 'HORIZONTAL' | 'VERTICAL' | 'GRID';
  declare layoutWrap: 'NO_WRAP' | 'WRAP';
  declare paddingLeft: number;
  declare paddingRight: number;
  declare paddingTop: number;
  declare paddingBottom: number;
  declare itemSpacing: number;
  declare counterAxisSpacing: number | null;
  declare primaryAxisSizingMode: 'FIXED' | 'AUTO';
  declare counterAxisSizingMode: 'FIXED' | 'AUTO';
  declare primaryAxisAlignItems: 'MIN' | 'MAX' | 'CENTER' | 'SPACE_BETWEEN';
  declare counterAxisAlignItems: 'MIN' | 'MAX' | 'CENTER' | 'BASELINE';
  declare counterAxisAlignContent: 'AUTO' | 'SPACE_BETWEEN';
  declare itemReverseZIndex: boolean;
  declare strokesIncludedInLayout: boolean;
  declare layoutGrids: ReadonlyArray<LayoutGrid>;
  declare guides: ReadonlyArray<Guide>;
  declare expanded: boolean;
  declare _layoutMode: FakeFrameNode['layoutMode'];
  declare _primaryAxisSizingMode: 'FIXED' | 'AUTO';
  declare _counterAxisSizingMode: 'FIXED' | 'AUTO';

  constructor(ctx: FakeContext, id: string) {
    super(ctx, id);
    this._children = [];
    this._childrenView = null;
  }
}
setType(FakeFrameNode, 'FRAME', 'Frame');
(FakeFrameNode.prototype as unknown as { _isFrame: boolean })._isFrame = true;
applyContainer(FakeFrameNode);
applyGeometry(FakeFrameNode, { fills: WHITE_FILL });
applyCorners(FakeFrameNode, true);
defineProperties(FakeFrameNode, {
  clipsContent: { value: true, check: bool },
  layoutMode: { value: 'NONE', check: oneOf('NONE', 'HORIZONTAL', 'VERTICAL') },
  layoutWrap: { value: 'NO_WRAP', check: oneOf('NO_WRAP', 'WRAP') },
  paddingLeft: { value: 0, check: nonNegative },
  paddingRight: { value: 0, check: nonNegative },
  paddingTop: { value: 0, check: nonNegative },
  paddingBottom: { value: 0, check: nonNegative },
  itemSpacing: { value: 0, check: finite },
  counterAxisSpacing: { value: 0, check: (n, v, api) => (v === null ? null : finite(n, v, api)) },
  primaryAxisSizingMode: { value: 'AUTO', check: sizingModes },
  counterAxisSizingMode: { value: 'FIXED', check: sizingModes },
  primaryAxisAlignItems: { value: 'MIN', check: oneOf('MIN', 'MAX', 'CENTER', 'SPACE_BETWEEN') },
  counterAxisAlignItems: { value: 'MIN', check: oneOf('MIN', 'MAX', 'CENTER', 'BASELINE') },
  counterAxisAlignContent: { value: 'AUTO', check: oneOf('AUTO', 'SPACE_BETWEEN') },
  itemReverseZIndex: { value: false, check: bool },
  strokesIncludedInLayout: { value: false, check: bool },
  layoutGrids: { value: [], check: plainData },
  guides: { value: [], check: plainData },
  expanded: { value: true, check: bool },
});

type SizingAxis = 'HORIZONTAL' | 'VERTICAL';

/** Typings: min/max sizes apply "only to auto-layout frames and their direct children", positive, or null. */
function sizeLimit(node: unknown, value: unknown, api: string): number | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw validationError(api, 'a positive number or null', value);
  if (value <= 0) throw figmaError(api, `Expected a positive number, got ${value}`);
  const self = node as FakeSceneNode;
  if (!isAutoLayout(self) && !isAutoLayout((self._parent as FakeBaseNode | null) ?? null)) throw figmaError(api, 'Min and max sizes apply only to auto-layout frames and their direct children');
  return value;
}

/** Cheaper than instanceof (which walks into the strict prototype for non-frames). */
export function isAutoLayout(node: FakeBaseNode | null): node is FakeFrameNode {
  return node !== null && (node as unknown as { _isFrame: boolean })._isFrame && (node as FakeFrameNode)._layoutMode !== 'NONE';
}

export function layoutSizing(node: FakeSceneNode, axis: SizingAxis): 'FIXED' | 'HUG' | 'FILL' {
  if (node._removed || node._inInstance) node._assertReadable();
  const parent = node._parent;
  if (isAutoLayout(parent) && node.layoutPositioning === 'AUTO') {
    const primary = parent._layoutMode === axis;
    if (primary ? node.layoutGrow === 1 : node.layoutAlign === 'STRETCH') return 'FILL';
  }
  if (node instanceof FakeFrameNode && node._layoutMode !== 'NONE') {
    const mode = node._layoutMode === axis ? node._primaryAxisSizingMode : node._counterAxisSizingMode;
    return mode === 'AUTO' ? 'HUG' : 'FIXED';
  }
  if (node.type === 'TEXT') {
    const resize = (node as unknown as { _textAutoResize: string })._textAutoResize;
    if (resize === 'WIDTH_AND_HEIGHT' || (axis === 'VERTICAL' && resize === 'HEIGHT')) return 'HUG';
  }
  return 'FIXED';
}

export function setLayoutSizing(node: FakeSceneNode, axis: SizingAxis, value: unknown): void {
  const api = `set_layoutSizing${axis === 'HORIZONTAL' ? 'Horizontal' : 'Vertical'}`;
  oneOf('FIXED', 'HUG', 'FILL')(node, value, api);
  const parent = node._parent;
  const parentPrimary = isAutoLayout(parent) && parent._layoutMode === axis;
  if (value === 'FILL') {
    if (!isAutoLayout(parent)) throw figmaError(api, 'FILL can only be set on children of auto-layout frames');
    if (parentPrimary) node.layoutGrow = 1;
    else node.layoutAlign = 'STRETCH';
    return;
  }
  if (isAutoLayout(parent)) {
    if (parentPrimary && node.layoutGrow !== 0) node.layoutGrow = 0;
    if (!parentPrimary && node.layoutAlign === 'STRETCH') node.layoutAlign = 'INHERIT';
  }
  if (value === 'HUG') {
    if (node instanceof FakeFrameNode && node._layoutMode !== 'NONE') {
      if (node._layoutMode === axis) node.primaryAxisSizingMode = 'AUTO';
      else node.counterAxisSizingMode = 'AUTO';
      return;
    }
    if (node.type === 'TEXT') {
      const textNode = node as unknown as { textAutoResize: string; _textAutoResize: string };
      textNode.textAutoResize = axis === 'HORIZONTAL' ? 'WIDTH_AND_HEIGHT' : textNode._textAutoResize === 'WIDTH_AND_HEIGHT' ? 'WIDTH_AND_HEIGHT' : 'HEIGHT';
      return;
    }
    throw figmaError(api, 'HUG can only be set on auto-layout frames and text nodes');
  }
  if (node instanceof FakeFrameNode && node._layoutMode !== 'NONE') {
    if (node._layoutMode === axis) node.primaryAxisSizingMode = 'FIXED';
    else node.counterAxisSizingMode = 'FIXED';
  } else if (node.type === 'TEXT') {
    const textNode = node as unknown as { textAutoResize: string; _textAutoResize: string };
    if (axis === 'HORIZONTAL' && textNode._textAutoResize === 'WIDTH_AND_HEIGHT') textNode.textAutoResize = 'HEIGHT';
    if (axis === 'VERTICAL' && textNode._textAutoResize !== 'NONE') textNode.textAutoResize = 'NONE';
  }
}

// ---- cloning and instance copies ---------------------------------------------------------------

/** Copies a node and its subtree (new ids; plugin data and overrides travel with `clone`). */
export function cloneSubtree(source: FakeSceneNode, instanceRoot: FakeSceneNode | null, sourceIdPath?: string): FakeSceneNode {
  const ctx = source._ctx;
  // Copies take raw positions and sizes, so pending auto layout must be applied first.
  if (ctx.dirtyLayout.size !== 0) ctx.flushLayout();
  const id = instanceRoot ? `I${instanceRoot.id};${sourceIdPath ?? stripInstancePrefix(source.id)}` : ctx.nextId();
  const copy = ctx.createNodeOfType(source.type, id) as FakeSceneNode;
  const from = source as unknown as Record<string, unknown>;
  const to = copy as unknown as Record<string, unknown>;
  for (const key of Object.keys(from)) {
    if (NODE_OWN_FIELDS.has(key)) continue;
    to[key] = from[key];
  }
  if (instanceRoot) {
    copy._inInstance = true;
    copy._mainSource = source;
    (source._mirrors ??= []).push(copy);
  } else {
    if (source._pluginData) copy._pluginData = { ...source._pluginData };
    if (source._shared) copy._shared = Object.fromEntries(Object.entries(source._shared).map(([ns, data]) => [ns, { ...data }]));
    if (source._inInstance && source._mainSource && !instanceRoot) {
      // A clone of an instance layer is an ordinary node.
    }
  }
  ctx.copyComponentLinks?.(source, copy, instanceRoot !== null);
  const children = (source as unknown as { _children?: FakeSceneNode[] })._children;
  if (children && source.type !== 'INSTANCE') {
    const target = copy as unknown as ChildrenHolder;
    for (const child of children) {
      const childCopy = cloneSubtree(child, instanceRoot, instanceRoot ? stripInstancePrefix(child.id) : undefined);
      childCopy._parent = copy as unknown as FakeParent;
      target._children.push(childCopy);
    }
  } else if (children && source.type === 'INSTANCE') {
    // Nested instance: its layers mirror the source instance's layers.
    ctx.buildInstanceLayers?.(copy, source, instanceRoot);
  }
  ctx.changes.created(copy);
  return copy;
}

export function stripInstancePrefix(id: string): string {
  return id.startsWith('I') ? id.slice(1) : id;
}

// ---- text ----------------------------------------------------------------------------------------

/** One frozen FontName per font, so "is it loaded?" can be answered by identity. */
const internedFonts = new Map<string, FontName>();
export function internFont(family: string, style: string): FontName {
  const key = `${family}\u0000${style}`;
  let font = internedFonts.get(key);
  if (!font) {
    font = Object.freeze({ family, style });
    internedFonts.set(key, font);
  }
  return font;
}

const DEFAULT_FONT: FontName = internFont('Inter', 'Regular');

function requireFont(node: FakeTextNode | null, font: FontName | symbol, api: string): void {
  const ctx = node?._ctx;
  if (!ctx) return;
  if (typeof font === 'symbol') {
    // Mixed fonts: every font used in the text must be loaded.
    for (const each of node!._fontsInUse()) requireFont(node, each, api);
    return;
  }
  if (ctx.isFontLoaded(font)) return;
  throw figmaError(
    api,
    `Cannot write to node with unloaded font "${font.family} ${font.style}". Please call figma.loadFontAsync({ family: "${font.family}", style: "${font.style}" }) and await the returned promise first.`,
  );
}

/** Text fields that change layout need the node's font loaded first, as in Figma. */
function fontGated(check?: Check, detachesTextStyle = true): Check {
  return (node, value, api) => {
    const textNode = node as unknown as FakeTextNode;
    requireFont(textNode, textNode._fontName, api);
    const checked = check ? check(node, value, api) : value;
    // Changing a style field detaches the text style, as in Figma; editing the text does not.
    if (detachesTextStyle) textNode._textStyleId = '';
    return checked;
  };
}

const checkFontName: Check = (node, value, api) => {
  if (!isPlainObject(value) || typeof value.family !== 'string' || typeof value.style !== 'string') throw validationError(api, 'a font name {family, style}', value);
  const font = internFont(value.family, value.style);
  requireFont(node as unknown as FakeTextNode, font, api);
  (node as unknown as FakeTextNode)._textStyleId = '';
  return font;
};

const checkLineHeight: Check = (_node, value, api) => {
  if (!isPlainObject(value)) throw validationError(api, 'a line height {unit, value}', value);
  if (value.unit === 'AUTO') return Object.freeze({ unit: 'AUTO' });
  if ((value.unit === 'PIXELS' || value.unit === 'PERCENT') && typeof value.value === 'number' && value.value >= 0) {
    return Object.freeze({ unit: value.unit, value: value.value });
  }
  throw validationError(api, 'a line height {unit: "AUTO"} or {unit: "PIXELS" | "PERCENT", value}', value);
};

const checkLetterSpacing: Check = (_node, value, api) => {
  if (!isPlainObject(value) || (value.unit !== 'PIXELS' && value.unit !== 'PERCENT') || typeof value.value !== 'number') {
    throw validationError(api, 'a letter spacing {unit: "PIXELS" | "PERCENT", value}', value);
  }
  return Object.freeze({ unit: value.unit, value: value.value });
};

export interface FakeTextNode extends GeometryMembers {}
export class FakeTextNode extends FakeSceneNode {
  declare characters: string;
  declare fontName: FontName | PluginAPI['mixed'];
  declare fontSize: number | PluginAPI['mixed'];
  declare lineHeight: LineHeight | PluginAPI['mixed'];
  declare letterSpacing: LetterSpacing | PluginAPI['mixed'];
  declare textAlignHorizontal: 'LEFT' | 'CENTER' | 'RIGHT' | 'JUSTIFIED';
  declare textAlignVertical: 'TOP' | 'CENTER' | 'BOTTOM';
  declare textCase: TextCase | PluginAPI['mixed'];
  declare textDecoration: TextDecoration | PluginAPI['mixed'];
  declare textAutoResize: 'NONE' | 'WIDTH_AND_HEIGHT' | 'HEIGHT' | 'TRUNCATE';
  declare paragraphSpacing: number;
  declare paragraphIndent: number;
  declare listSpacing: number | PluginAPI['mixed'];
  declare hyperlink: HyperlinkTarget | null | PluginAPI['mixed'];
  declare autoRename: boolean;
  declare textTruncation: 'DISABLED' | 'ENDING';
  declare maxLines: number | null;
  declare _characters: string;
  declare _fontName: FontName;
  declare _fontSize: number;
  declare _lineHeight: LineHeight;
  declare _letterSpacing: LetterSpacing;
  declare _textAutoResize: FakeTextNode['textAutoResize'];
  declare _textStyleId: string;
  declare _autoRename: boolean;

  /** Typings: "whether the text uses a font currently not available to the document". */
  get hasMissingFont(): boolean {
    if (this._removed || this._inInstance) this._assertReadable();
    return this._usesMissingFont();
  }

  _usesMissingFont(): boolean {
    const available = this._ctx.availableFonts;
    return available !== null && this._fontsInUse().some((font) => !available.has(fontKey(font)));
  }

  get textStyleId(): string {
    if (this._removed || this._inInstance) this._assertReadable();
    return this._textStyleId;
  }
  set textStyleId(id: string) {
    this._ctx.forbidSyncUnderDynamicPage('set_textStyleId', 'node.setTextStyleIdAsync');
    this._ctx.applyStyleId?.(this, 'text', id);
  }
  async setTextStyleIdAsync(id: string): Promise<void> {
    await Promise.resolve();
    this._ctx.applyStyleId?.(this, 'text', id);
  }

  /** Styled runs when parts of the text differ (text-ranges.ts); null while uniform. */
  declare _runs: ReadonlyArray<{ start: number; end: number; style: Readonly<Record<string, unknown>> }> | null;

  _fontsInUse(): FontName[] {
    if (this._runs === null) return typeof this._fontName === 'symbol' ? [] : [this._fontName];
    const fonts: FontName[] = [];
    for (const run of this._runs) {
      const font = run.style.fontName as FontName;
      if (!fonts.some((f) => f.family === font.family && f.style === font.style)) fonts.push(font);
    }
    return fonts;
  }

  /** The largest font size in use (for measuring mixed text). */
  _largestFontSize(): number {
    if (this._runs === null) return this._fontSize;
    let size = 0;
    for (const run of this._runs) size = Math.max(size, run.style.fontSize as number);
    return size;
  }

  override _afterWrite(name: string, key: string, value: unknown): void {
    super._afterWrite(name, key, value);
    if (this._runs !== null) this._ctx.textRunsChanged?.(this, name, value);
    if (name === 'characters' && this._autoRename && !this._inInstance && this._ctx.propagating === 0) {
      const self = this as unknown as Record<string, unknown>;
      const newName = (value as string).slice(0, 100);
      if (self._name !== newName) {
        self._name = newName;
        this._ctx.changes.property(this, 'name');
      }
    }
    if (name === 'name' && this._ctx.propagating === 0) (this as unknown as Record<string, unknown>)._autoRename = false;
    if (MEASURED_FIELDS.has(name)) measureText(this);
  }

  override _resize(api: string, width: number, height: number): void {
    super._resize(api, width, height);
    if (this._textAutoResize === 'WIDTH_AND_HEIGHT') (this as unknown as Record<string, unknown>)._textAutoResize = 'HEIGHT';
    measureText(this);
  }

  /** Measured size follows into instance copies that show the same text. */
  _mirrorsSize(field: 'width' | 'height', value: number): void {
    if (this._mirrors === null) return;
    for (const mirror of this._mirrors) {
      if (mirror._removed || mirror._overrides?.has('characters') || mirror._overrides?.has(field)) continue;
      (mirror as unknown as Record<string, number>)[`_${field}`] = value;
    }
  }

}
setType(FakeTextNode, 'TEXT', 'Text');
applyGeometry(FakeTextNode, { fills: BLACK_FILL, strokeAlign: 'OUTSIDE' });
defineProperties(FakeTextNode, {
  characters: { value: '', check: fontGated(text, false) },
  fontName: { value: DEFAULT_FONT, check: checkFontName },
  fontSize: { value: 12, check: fontGated(numberIn(1, 10000)) },
  lineHeight: { value: { unit: 'AUTO' }, check: fontGated(checkLineHeight) },
  letterSpacing: { value: { unit: 'PERCENT', value: 0 }, check: fontGated(checkLetterSpacing) },
  // Typings: "Setting this property requires the font the be loaded" (alignment is no text style field).
  textAlignHorizontal: { value: 'LEFT', check: fontGated(oneOf('LEFT', 'CENTER', 'RIGHT', 'JUSTIFIED'), false) },
  textAlignVertical: { value: 'TOP', check: fontGated(oneOf('TOP', 'CENTER', 'BOTTOM'), false) },
  textCase: { value: 'ORIGINAL', check: fontGated(oneOf('ORIGINAL', 'UPPER', 'LOWER', 'TITLE', 'SMALL_CAPS', 'SMALL_CAPS_FORCED')) },
  textDecoration: { value: 'NONE', check: fontGated(oneOf('NONE', 'UNDERLINE', 'STRIKETHROUGH')) },
  textAutoResize: { value: 'WIDTH_AND_HEIGHT', check: fontGated(oneOf('NONE', 'WIDTH_AND_HEIGHT', 'HEIGHT', 'TRUNCATE'), false) },
  paragraphSpacing: { value: 0, check: fontGated(nonNegative) },
  paragraphIndent: { value: 0, check: fontGated(nonNegative) },
  listSpacing: { value: 0, check: fontGated(nonNegative, false) },
  hyperlink: { value: null, check: hyperlink },
  autoRename: { value: true, check: bool },
  // Figma refuses these against an unloaded font too, though they read as node-level settings.
  textTruncation: { value: 'DISABLED', check: fontGated(oneOf('DISABLED', 'ENDING'), false) },
  maxLines: { value: null, check: fontGated((n, v, api) => (v === null ? null : numberIn(1, 10000)(n, v, api)), false) },
});
// List settings have no node-level field (getRangeListOptions / getRangeIndentation read them).
Object.assign(FakeTextNode.prototype, { _textStyleId: '', _width: 0, _height: 15, _runs: null, _listOptions: Object.freeze({ type: 'NONE' }), _indentation: 0 });
const MEASURED_FIELDS = new Set(['characters', 'fontName', 'fontSize', 'lineHeight', 'letterSpacing', 'textAutoResize', 'textCase', 'paragraphSpacing']);

/** Approximates text size: average glyph width 0.55 em, AUTO line height 1.2 em; wraps by words. */
export function measureText(node: FakeTextNode): void {
  const mode = node._textAutoResize;
  if (mode === 'NONE' || mode === 'TRUNCATE') return;
  const size = node._largestFontSize();
  // Mixed line height or letter spacing: measure with the defaults.
  const lh = typeof node._lineHeight === 'symbol' ? ({ unit: 'AUTO' } as LineHeight) : node._lineHeight;
  const ls = typeof node._letterSpacing === 'symbol' ? ({ unit: 'PERCENT', value: 0 } as LetterSpacing) : node._letterSpacing;
  const lineHeight = lh.unit === 'PIXELS' ? lh.value : lh.unit === 'PERCENT' ? (size * lh.value) / 100 : size * 1.2;
  const spacing = ls.unit === 'PIXELS' ? ls.value : (size * ls.value) / 100;
  const glyph = size * 0.55 + spacing;
  const paragraphs = node._characters.split('\n');
  let lines = 0;
  let widest = 0;
  if (mode === 'WIDTH_AND_HEIGHT') {
    for (const paragraph of paragraphs) widest = Math.max(widest, paragraph.length * glyph);
    lines = paragraphs.length;
  } else {
    const perLine = Math.max(1, Math.floor(node._width / glyph));
    for (const paragraph of paragraphs) lines += Math.max(1, wrapCount(paragraph, perLine));
  }
  const self = node as unknown as Record<string, number>;
  const height = Math.max(lineHeight, Math.round(lines * lineHeight * 100) / 100);
  if (mode === 'WIDTH_AND_HEIGHT') {
    const width = Math.ceil(widest);
    if (self._width !== width) {
      self._width = width;
      node._ctx.changes.property(node, 'width');
      node._mirrorsSize('width', width);
    }
  }
  if (self._height !== height) {
    self._height = height;
    node._ctx.changes.property(node, 'height');
    node._mirrorsSize('height', height);
  }
  node._layoutChanged('height');
}

function wrapCount(paragraph: string, perLine: number): number {
  const words = paragraph.split(' ');
  let lines = 1;
  let used = 0;
  for (const word of words) {
    const need = used === 0 ? word.length : used + 1 + word.length;
    if (need > perLine && used > 0) {
      lines++;
      used = word.length;
    } else used = need;
  }
  return lines;
}


export { DEFAULT_FONT, requireFont, fontKey };
