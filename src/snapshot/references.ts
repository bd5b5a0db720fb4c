// References the synchronous normalizer cannot resolve by itself: style names, variable names,
// main-component keys of instances and component keys of INSTANCE_SWAP values all need async
// Figma calls under dynamic-page. The normalizer writes the raw id as a placeholder value and
// records where it put it; the snapshotter resolves the ids (cached) and patches the values in
// place, so key order, and therefore the canonical JSON, is unaffected.

export type ReferenceKind = 'style' | 'variable' | 'component-id' | 'instance';

export interface PendingReference {
  kind: ReferenceKind;
  /** The object or array that holds the placeholder. */
  target: Record<string, unknown> | unknown[];
  field: string | number;
  /** Style id, variable id or component node id; for 'instance', the instance's node id. */
  id: string;
  /** For 'instance': the instance node, to call getMainComponentAsync on. */
  node?: InstanceNode;
}

export class ReferenceCollector {
  readonly pending: PendingReference[] = [];

  add(kind: ReferenceKind, target: Record<string, unknown> | unknown[], field: string | number, id: string): void {
    this.pending.push({ kind, target, field, id });
  }

  addInstance(target: Record<string, unknown>, field: string, node: InstanceNode, id: string): void {
    this.pending.push({ kind: 'instance', target, field, id, node });
  }

  clear(): void {
    this.pending.length = 0;
  }
}
