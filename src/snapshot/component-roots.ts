// Which snapshot payload a node belongs to: a standalone component is its own root; a variant
// (a component inside a set) and everything inside either belong to the outermost set or
// component above them. Works on any object with `type` and `parent`, so it is testable
// without Figma.
import type { ComponentRoot } from './normalize/component';

interface Linked {
  readonly type: string;
  readonly parent: Linked | null;
}

export function isComponentRoot(node: Linked): boolean {
  if (node.type === 'COMPONENT_SET') return true;
  return node.type === 'COMPONENT' && node.parent?.type !== 'COMPONENT_SET';
}

/** The outermost component root containing `node` (or `node` itself), or null. */
export function findComponentRoot(node: Linked): ComponentRoot | null {
  let root: Linked | null = null;
  for (let current: Linked | null = node; current !== null; current = current.parent) {
    const type = current.type;
    if (type === 'PAGE' || type === 'DOCUMENT') break;
    if (type === 'COMPONENT_SET' || (type === 'COMPONENT' && current.parent?.type !== 'COMPONENT_SET')) root = current;
  }
  return root as ComponentRoot | null;
}

/** The node types `findAllWithCriteria` is asked for when looking for roots. */
export const COMPONENT_TYPES: Array<'COMPONENT' | 'COMPONENT_SET'> = ['COMPONENT', 'COMPONENT_SET'];
