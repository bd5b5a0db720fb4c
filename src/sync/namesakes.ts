// Additions on both sides under one name: a component added in this file and one only in the
// design system (added there, never synced from here) with exactly the same name. Their keys
// differ, so they are two components: pushing the file's adds a second of that name to the
// design system. Neither is changed or paired here; each row names the other so the designer
// decides knowingly. Exact names, as replacements.ts's first rule.
import type { ClassifiedComponent } from './classify';

/** For each local add and remote add that share their exact name with one on the other side, that other one (the first by the classification's order). */
export function additionNamesakes(components: readonly ClassifiedComponent[]): Map<string, ClassifiedComponent> {
  const addedHere = new Map<string, ClassifiedComponent>();
  const addedThere = new Map<string, ClassifiedComponent>();
  for (const component of components) {
    const side = component.kind === 'local-add' ? addedHere : component.kind === 'remote-add' ? addedThere : null;
    if (side !== null && !side.has(component.name)) side.set(component.name, component);
  }
  const namesakes = new Map<string, ClassifiedComponent>();
  if (addedHere.size === 0 || addedThere.size === 0) return namesakes;
  for (const component of components) {
    const other = component.kind === 'local-add' ? addedThere.get(component.name) : component.kind === 'remote-add' ? addedHere.get(component.name) : undefined;
    if (other !== undefined) namesakes.set(component.key, other);
  }
  return namesakes;
}
