// What the snapshotter keeps of each component root between snapshots, so that the next one
// reuses it and knows what to read again (dirty-roots.ts).
import type { ComponentRoot } from './normalize/component';
import type { ComponentPayload } from './normalized-types';
import type { ComponentDependencies } from './reference-resolver';

export interface CacheEntry {
  readonly root: ComponentRoot;
  readonly payload: ComponentPayload;
  readonly nodeIds: string[];
  readonly dependencies: ComponentDependencies;
  /** Figma reports no documentchange for documentation links: compared on each run instead. */
  readonly documentationLinks: string;
  /** Prototype (issue 20): the reading's category fingerprints. */
  readonly fingerprints: number[];
}

export function documentationLinksOf(root: ComponentRoot): string {
  return root.documentationLinks.map((link) => link.uri).join('\n');
}
