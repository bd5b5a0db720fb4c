// Reads one frame (an email, not a component) into the same normalized description as component
// sync, for the builder's `figma-node-tree` template content: instances by main-component key,
// images by hash, styles and variables by name (normalize/node.ts). Its hash is computed on the
// way, as for components (structural-hash.ts), and says whether a template needs sending again.
import { SNAPSHOT_FORMAT } from './format-version';
import { finishComponentHash } from './normalize/component';
import { normalizeNode } from './normalize/node';
import type { NormalizedNode } from './normalized-types';
import { emptyDependencies, ReferenceResolver } from './reference-resolver';
import { ReferenceCollector } from './references';
import { beginHash, hashLanes } from './structural-hash';

export interface FrameReading {
  readonly node: NormalizedNode;
  /** The description's hash, prefixed with the format version (`1:…`): a new format reads as changed. */
  readonly hash: string;
  /** Layers read (the frame included). */
  readonly layerCount: number;
}

export async function readFrameAsync(figma: PluginAPI, frame: FrameNode): Promise<FrameReading> {
  const refs = new ReferenceCollector();
  const nodeIds: string[] = [];
  // Hidden layers inside instances are not part of the description (normalize/node.ts).
  const skipBefore = figma.skipInvisibleInstanceChildren;
  figma.skipInvisibleInstanceChildren = true;
  let node: NormalizedNode;
  let lanes: [number, number];
  try {
    // The hash state is shared by the normalizer: begin, walk and take the lanes with no await between.
    beginHash();
    node = normalizeNode({ mixed: figma.mixed, propertyNames: new Map(), refs, nodeIds }, frame);
    lanes = hashLanes();
  } finally {
    figma.skipInvisibleInstanceChildren = skipBefore;
  }
  const references = refs.pending.slice();
  // A fresh resolver: a style renamed since the last read must show in this one.
  if (references.length > 0) await new ReferenceResolver(figma).resolveAsync(references, emptyDependencies());
  return { node, hash: `${SNAPSHOT_FORMAT}:${finishComponentHash(lanes, references)}`, layerCount: nodeIds.length };
}
