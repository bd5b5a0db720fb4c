// Replaced components: a component deleted in this file and one added in this file since the
// last sync, under exactly the same name, are shown as one "replaced" row (the designer
// re-created it, so its key changed). The rule, in words: same name, exactly; one deleted and one
// added under that name. Two or more deleted or added under one name are left apart (which
// replaces which cannot be told), and nothing is paired across different names, however alike.
import type { ClassifiedComponent } from './classify';

export interface Replacement {
  oldKey: string;
  newKey: string;
}

export function pairReplacements(components: readonly ClassifiedComponent[]): Replacement[] {
  const deleted = new Map<string, string[]>();
  const added = new Map<string, string[]>();
  for (const component of components) {
    const side = component.kind === 'local-delete' ? deleted : component.kind === 'local-add' ? added : null;
    if (side === null) continue;
    const keys = side.get(component.name);
    if (keys) keys.push(component.key);
    else side.set(component.name, [component.key]);
  }
  const out: Replacement[] = [];
  for (const [name, oldKeys] of deleted) {
    const newKeys = added.get(name);
    if (newKeys === undefined || oldKeys.length !== 1 || newKeys.length !== 1) continue;
    out.push({ oldKey: oldKeys[0]!, newKey: newKeys[0]! });
  }
  return out;
}
