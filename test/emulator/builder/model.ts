// The builder emulator's workspace: templates, design systems and their components.
import type { Prng } from '../core/prng';

export interface Template {
  id: string;
  name: string;
  description: string;
  content: Record<string, unknown> | null;
  /** Demo templates have a drawn thumbnail. */
  hasThumbnail: boolean;
  /** The preview a client sent in `content.preview_png_base64`, served as the thumbnail. */
  previewPng?: Uint8Array | null;
  createdAtMs: number;
  updatedAtMs: number;
}

export interface Variant {
  key: string;
  name: string;
  properties: Record<string, unknown>;
}

/** What a sync upsert carries about a component. */
export interface ComponentContent {
  key: string;
  name: string;
  kind: 'component' | 'component_set';
  description: string;
  hash: string;
  properties: Record<string, unknown>;
  variants: Variant[];
  node: Record<string, unknown>;
  thumbnailPng: Uint8Array | null;
}

export interface StoredComponent extends ComponentContent {
  updatedAtMs: number;
  updatedBy: string | null;
  deleted: boolean;
}

export interface DesignSystem {
  id: string;
  name: string;
  components: Map<string, StoredComponent>;
}

export interface BuilderStore {
  templates: Map<string, Template>;
  designSystems: Map<string, DesignSystem>;
  /** Known keys; each is rate-limited separately. */
  keys: Set<string>;
  prng: Prng;
  /** The last server time handed out; later writes are stamped strictly after it. */
  lastIssuedMs: number;
}

export const BUILDER_KEYS = { demo: 'ef_demo_4f8a2c9e1b7d5a30', other: 'ef_other_9c1e7a3b5d2f6e41' } as const;
export const DESIGN_SYSTEM_IDS = { demo: 'ds_demo', empty: 'ds_empty' } as const;
export const TEAMMATE = 'Robin Vale (builder app)';

/** Server time for a read (`server_time`): never before an earlier issued time. */
export function issueReadTime(store: BuilderStore, nowMs: number): number {
  store.lastIssuedMs = Math.max(nowMs, store.lastIssuedMs);
  return store.lastIssuedMs;
}

/** Server time for a write: strictly after every time handed out before, so `since` never misses it. */
export function issueWriteTime(store: BuilderStore, nowMs: number): number {
  store.lastIssuedMs = Math.max(nowMs, store.lastIssuedMs + 1);
  return store.lastIssuedMs;
}
