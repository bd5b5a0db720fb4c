// A renamed component's name on the other side of the comparison, so the Sync row and the
// copied summary can say what it was (or is) called there: only the detail's property diff
// said it before. The row's own name is this file's whenever the file has the component
// (classify.ts), so the other side is the design system's:
// - a change made here: the name last synced (the design system still has it);
// - a change in the design system, or a conflict: the design system's name now.
// Nothing when the names agree, or when one side has no version (added, deleted).
import type { ClassifiedComponent } from './classify';

export function otherNameOf(component: Pick<ClassifiedComponent, 'kind' | 'name' | 'local' | 'remote' | 'base'>): string | undefined {
  const { kind, local, remote, base } = component;
  if (local === null) return undefined;
  let other: string | undefined;
  if (kind === 'local-change') other = base?.name;
  else if ((kind === 'remote-change' || kind === 'conflict') && remote !== null && !remote.deleted) other = remote.name;
  return other !== undefined && other !== local.name ? other : undefined;
}
