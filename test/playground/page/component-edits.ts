// The playground's edit controls: a person's edits, made through the nodes' own setters (not by
// poking the fake's internals), so they go through the same paths as an edit in Figma and
// `documentchange` fires for the plugin. They are not the plugin's edits: they work whether or
// not a plugin run is open (editing while the plugin is closed, then running it again).
import { hexToRgb } from './colors';

export interface ComponentChoice {
  id: string;
  /** "Set / Variant" for variants, else the component's name. */
  label: string;
  /** It has a text layer (the text control can change it). */
  hasText: boolean;
}

interface NodeLike {
  id: string;
  type: string;
  name: string;
  parent: NodeLike | null;
  children?: readonly NodeLike[];
}

function childrenOf(node: NodeLike): readonly NodeLike[] {
  try {
    return Array.isArray(node.children) ? node.children : [];
  } catch {
    return [];
  }
}

function containsText(node: NodeLike): boolean {
  return node.type === 'TEXT' || (node.type !== 'INSTANCE' && childrenOf(node).some(containsText));
}

/** Every local component in the document, variants labelled with their set. */
export function listComponents(root: object): ComponentChoice[] {
  const choices: ComponentChoice[] = [];
  const visit = (node: NodeLike) => {
    if (node.type === 'COMPONENT') {
      const parent = node.parent;
      const label = parent && parent.type === 'COMPONENT_SET' ? `${parent.name} / ${node.name}` : node.name;
      choices.push({ id: node.id, label, hasText: containsText(node) });
      return;
    }
    if (node.type === 'INSTANCE') return;
    childrenOf(node).forEach(visit);
  };
  visit(root as NodeLike);
  return choices;
}

/** Frames directly on a page (emails), for the edit control after the components. */
export function listTopLevelFrames(root: object): ComponentChoice[] {
  const choices: ComponentChoice[] = [];
  for (const page of childrenOf(root as NodeLike)) {
    for (const node of childrenOf(page)) if (node.type === 'FRAME') choices.push({ id: node.id, label: `${node.name} (frame)`, hasText: containsText(node) });
  }
  return choices;
}

/** The document as a person edits it (the fake's inspect: any node, no plugin rules). */
export interface DocumentEditor {
  node(id: string): BaseNode | null;
  run<T>(edit: () => T): T;
}

/** A component, or a top-level frame (the controls edit both alike). */
function component(editor: DocumentEditor, id: string): ComponentNode {
  const node = editor.node(id);
  if (!node) throw new Error(`There is no node ${id} any more (reset the document?).`);
  if (node.type !== 'COMPONENT' && node.type !== 'FRAME') throw new Error(`${node.name} is a ${node.type.toLowerCase()}, not a component or frame.`);
  return node as ComponentNode;
}

function firstText(node: SceneNode): TextNode | null {
  if (node.type === 'TEXT') return node;
  if (node.type !== 'INSTANCE' && 'children' in node) {
    for (const child of node.children as readonly SceneNode[]) {
      const found = firstText(child);
      if (found) return found;
    }
  }
  return null;
}

type FilledNode = SceneNode & MinimalFillsMixin;

function fillsOf(node: SceneNode): readonly Paint[] {
  if (!('fills' in node)) return [];
  const fills: unknown = node.fills;
  return Array.isArray(fills) ? (fills as Paint[]) : [];
}

function hasSolidFill(node: SceneNode): boolean {
  return fillsOf(node).some((paint) => paint.type === 'SOLID');
}

/** The node whose fill reads as the component's colour: its own, else its first filled layer. */
function fillTarget(component: ComponentNode): FilledNode {
  if (hasSolidFill(component)) return component;
  const queue: SceneNode[] = [...component.children];
  while (queue.length > 0) {
    const node = queue.shift() as SceneNode;
    if (node.type !== 'TEXT' && hasSolidFill(node)) return node as FilledNode;
    if (node.type !== 'INSTANCE' && 'children' in node) queue.push(...(node.children as readonly SceneNode[]));
  }
  return component;
}

export interface ComponentDetails {
  name: string;
  text: string | null;
  fill: { r: number; g: number; b: number } | null;
}

export function readComponent(editor: DocumentEditor, id: string): ComponentDetails {
  return editor.run(() => {
    const found = component(editor, id);
    const text = firstText(found);
    const solid = fillsOf(fillTarget(found)).find((paint): paint is SolidPaint => paint.type === 'SOLID');
    return { name: found.name, text: text ? text.characters : null, fill: solid ? solid.color : null };
  });
}

/** Renames the component; returns the id of the node that changed. */
export function renameComponent(editor: DocumentEditor, id: string, name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw new Error('Type a name first.');
  return editor.run(() => {
    const found = component(editor, id);
    found.name = trimmed;
    return found.id;
  });
}

/** Sets the component's main fill to a solid colour; returns the id of the node that changed. */
export function setComponentFill(editor: DocumentEditor, id: string, hex: string): string {
  const color = hexToRgb(hex);
  if (!color) throw new Error(`"${hex}" is not a colour; use #rrggbb.`);
  return editor.run(() => {
    const target = fillTarget(component(editor, id));
    const fills = fillsOf(target);
    const index = fills.findIndex((paint) => paint.type === 'SOLID');
    const solid: SolidPaint = { type: 'SOLID', color };
    target.fills = index < 0 ? [solid, ...fills] : fills.map((paint, at) => (at === index ? { ...(paint as SolidPaint), color } : paint));
    return target.id;
  });
}

/** Changes the component's first text (a person's editor has every font of the file). */
export function setComponentText(editor: DocumentEditor, id: string, characters: string): string {
  return editor.run(() => {
    const found = component(editor, id);
    const text = firstText(found);
    if (!text) throw new Error(`${found.name} has no text layer to change.`);
    if (typeof text.fontName === 'symbol') throw new Error(`${text.name} mixes several fonts; the playground only edits single-font texts.`);
    text.characters = characters;
    return text.id;
  });
}
