// Shapes of the normalized description (see normalize/node.ts for the format's rules) and of
// the builder `Component` upsert payload it feeds (docs/api/api-assumptions.md, design-system sync).

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue | undefined };

/** A variable reference by name (variables have no stable id across files). */
export interface NormalizedVariableRef {
  collection: string;
  name: string;
}

export type NormalizedBoundVariables = Record<string, JsonValue>;

export interface NormalizedNode {
  type: string;
  name: string;
  [field: string]: JsonValue | undefined;
}

export interface NormalizedPropertyDefinition {
  /** The variable bound to the default value, by name. */
  boundVariables?: { defaultValue: NormalizedVariableRef | string | null };
  /** Absent for a SLOT property without one. */
  defaultValue?: string | boolean;
  description?: string;
  preferredValues?: Array<{ key: string; type: string }>;
  /** SLOT properties: the limits and behaviour set on the slot (keys sorted). */
  slotSettings?: Record<string, boolean | number | null>;
  type: 'BOOLEAN' | 'TEXT' | 'INSTANCE_SWAP' | 'VARIANT' | 'SLOT';
  variantOptions?: string[];
}

export interface ComponentVariantPayload {
  key: string;
  name: string;
  properties: Record<string, string>;
}

export interface ThumbnailPayload {
  format: 'png';
  base64: string;
}

/** One builder `Component` upsert (docs/api/api-assumptions.md): a standalone component or a set. */
export interface ComponentPayload {
  key: string;
  name: string;
  kind: 'component' | 'component_set';
  description: string;
  /** Content hash of {description, kind, name, node, properties, variants} (structural-hash.ts). */
  hash: string;
  properties: Record<string, NormalizedPropertyDefinition>;
  variants: ComponentVariantPayload[];
  node: NormalizedNode;
  thumbnail?: ThumbnailPayload;
}
