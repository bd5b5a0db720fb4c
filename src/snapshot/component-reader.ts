// Reads one component root completely: normalizes it (hashing on the way), resolves its
// references through a shared cache and finishes the hash. The snapshotter calls it for every
// root it (re)reads.
import { finishComponentHash, normalizeComponent, type ComponentRoot } from './normalize/component';
import type { ComponentPayload } from './normalized-types';
import { emptyDependencies, ReferenceResolver, type ComponentDependencies } from './reference-resolver';
import { ReferenceCollector } from './references';

export interface ComponentReading {
  readonly payload: ComponentPayload;
  /** Ids of every layer read (for change tracking). */
  readonly nodeIds: string[];
  readonly dependencies: ComponentDependencies;
  /** Prototype (issue 20): one 32-bit fingerprint per change category (structural-hash.ts). */
  readonly fingerprints: number[];
}

export interface ComponentReader {
  readAsync(root: ComponentRoot): Promise<ComponentReading>;
  /** The reference cache, shared with the snapshotter's incremental checks. */
  readonly resolver: ReferenceResolver;
}

export function createComponentReader(figma: PluginAPI): ComponentReader {
  const resolver = new ReferenceResolver(figma);
  const refs = new ReferenceCollector();
  return {
    resolver,
    async readAsync(root: ComponentRoot): Promise<ComponentReading> {
      refs.clear();
      const nodeIds: string[] = [];
      const { component, hashLanes, fingerprints } = normalizeComponent(root, { mixed: figma.mixed, refs, nodeIds });
      const dependencies = emptyDependencies();
      const references = refs.pending.slice();
      refs.clear();
      if (references.length > 0) await resolver.resolveAsync(references, dependencies);
      const payload: ComponentPayload = {
        key: component.key,
        name: component.name,
        kind: component.kind,
        description: component.description,
        hash: finishComponentHash(hashLanes, references, fingerprints),
        properties: component.properties,
        variants: component.variants,
        node: component.node,
      };
      return { payload, nodeIds, dependencies, fingerprints };
    },
  };
}
