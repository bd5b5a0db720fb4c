// What the sync-engine benchmark evaluates inside QuickJS: the pure sync modules on synthetic
// data of the benchmark's size, driven by the host through `globalThis.__syncEngineBench`.
// Everything here is synchronous (the engine has no I/O); data is built by `setup`, untimed.
import type { Component, SyncBody } from '../../src/shared/api/builder/schemas';
import { createHostTurns } from '../../src/platform/host-turns';
import type { ComponentPayload } from '../../src/snapshot/normalized-types';
import { namedChangeChips } from '../../src/sync/change-chips';
import { classifyComponents, type LocalComponentSummary } from '../../src/sync/classify';
import { planPush } from '../../src/sync/push-plan';
import { pairNearlySameAsync, type ReplacementCandidate } from '../../src/sync/replacements';
import { sameContent } from '../../src/sync/same-content';
import { emptySyncState, readSyncState, writeSyncState, type SharedDataHolder, type SyncState, type SyncStateEntry } from '../../src/sync/sync-state';

export interface SyncEngineSetup {
  components: number;
  localEdits: number;
  localAdds: number;
  localDeletes: number;
  /** Remote changes (new versions and tombstones), conflicts included. */
  remoteChanges: number;
  /** Of the remote changes, on components also edited here. */
  conflicts: number;
  /** Remote versions that are echoes of our own last push. */
  echoes: number;
}

const BASE_TIME = '2026-11-20T10:00:00.000Z';
const SOURCE: SyncBody['source'] = { file_id: 'file', file_name: 'Emails', user: 'Ada', plugin_version: '1.0.0' };

let seed = 1;
function hex(length: number): string {
  let text = '';
  while (text.length < length) {
    seed = (seed * 48271) % 2147483647;
    text += seed.toString(16).padStart(8, '0');
  }
  return text.slice(0, length);
}

/** A payload about the size of a real one (a small auto-layout block: ~3 kB of JSON). */
function payloadOf(key: string, name: string, hash: string): ComponentPayload {
  const children = [];
  for (let index = 0; index < 8; index += 1) {
    children.push({
      type: 'TEXT',
      name: `Text ${index}`,
      width: 120 + index,
      height: 24,
      fills: ['#1d1d1f'],
      text: { characters: `Line ${index} of the block`, fontFamily: 'Inter', fontStyle: 'Regular', size: 14, lineHeight: '20px' },
    });
  }
  return {
    key,
    name,
    kind: 'component',
    description: 'A block of the email design system.',
    hash,
    properties: { Label: { type: 'TEXT', defaultValue: 'Shop now' }, 'Show icon': { type: 'BOOLEAN', defaultValue: true } },
    variants: [],
    node: { type: 'COMPONENT', name, width: 600, height: 320, fills: ['#ffffff'], layout: { direction: 'VERTICAL', gap: 8, padding: 24 }, children },
  };
}

function remoteOf(key: string, name: string, hash: string, updatedAt: string, deleted: boolean): Component {
  return { key, name, kind: 'component', description: '', hash, properties: {}, variants: [], node: {}, thumbnail_url: null, updated_at: updatedAt, updated_by: 'Grace', deleted };
}

let base = new Map<string, SyncStateEntry>();
let local: LocalComponentSummary[] = [];
let remote: Component[] = [];
let payloads = new Map<string, ComponentPayload>();
let state: SyncState = emptySyncState('ds', 1);
const store = new Map<string, string>();
const holder: SharedDataHolder = {
  getSharedPluginData: (ns, key) => store.get(`${ns}\u0000${key}`) ?? '',
  setSharedPluginData: (ns, key, value) => {
    if (value === '') store.delete(`${ns}\u0000${key}`);
    else store.set(`${ns}\u0000${key}`, value);
  },
  getSharedPluginDataKeys: (ns) => {
    const prefix = `${ns}\u0000`;
    const keys: string[] = [];
    for (const key of store.keys()) if (key.startsWith(prefix)) keys.push(key.slice(prefix.length));
    return keys;
  },
};

function setup(options: SyncEngineSetup): unknown {
  seed = 1;
  base = new Map();
  local = [];
  remote = [];
  payloads = new Map();
  const keys: string[] = [];
  for (let index = 0; index < options.components; index += 1) {
    const key = hex(40);
    const name = `Blocks/Section ${index % 97}/Block ${index}`;
    const hash = hex(16);
    keys.push(key);
    base.set(key, { hash, updatedAt: `2026-11-1${index % 10}T10:00:00.000Z`, name });
  }
  // Local: edits spread over the file, some deletes, some adds.
  const edited = new Set<string>();
  const deleted = new Set<string>();
  const stride = Math.floor(options.components / (options.localEdits + options.localDeletes));
  for (let index = 0; index < options.localEdits; index += 1) edited.add(keys[index * stride]!);
  for (let index = 0; index < options.localDeletes; index += 1) deleted.add(keys[(options.localEdits + index) * stride]!);
  for (const key of keys) {
    if (deleted.has(key)) continue;
    const entry = base.get(key)!;
    const hash = edited.has(key) ? hex(16) : entry.hash;
    local.push({ key, name: entry.name, kind: 'component', hash });
    if (edited.has(key)) payloads.set(key, payloadOf(key, entry.name, hash));
  }
  for (let index = 0; index < options.localAdds; index += 1) {
    const key = hex(40);
    const name = `Blocks/New/Block ${index}`;
    const hash = hex(16);
    local.push({ key, name, kind: 'component', hash });
    payloads.set(key, payloadOf(key, name, hash));
  }
  // Remote: echoes first (oldest), then teammates' changes; conflicts on keys edited here.
  const editedKeys = [...edited];
  for (let index = 0; index < options.echoes; index += 1) {
    const key = keys[keys.length - 1 - index]!;
    const entry = base.get(key)!;
    remote.push(remoteOf(key, entry.name, entry.hash, entry.updatedAt!, false));
  }
  const plain = options.remoteChanges - options.conflicts;
  for (let index = 0; index < options.remoteChanges; index += 1) {
    const key = index < options.conflicts ? editedKeys[index]! : keys[Math.floor(keys.length / 2) + index]!;
    const tombstone = index >= options.conflicts && (index - options.conflicts) % Math.max(1, Math.floor(plain / 20)) === 0;
    const version = remoteOf(key, base.get(key)!.name, hex(16), `2026-11-21T10:${String(index % 60).padStart(2, '0')}:00.000Z`, tombstone);
    if (index < options.conflicts) {
      // A conflict's version differs from this file's in its last layer only: the classification's
      // content check (same-content.ts) reads all the way down before it says conflict.
      const local = payloads.get(key)!;
      const node = JSON.parse(JSON.stringify(local.node)) as { children: Array<Record<string, unknown>> };
      node.children[node.children.length - 1]!.fills = ['#ff0000'];
      Object.assign(version, { description: local.description, properties: JSON.parse(JSON.stringify(local.properties)) as unknown, node });
    }
    remote.push(version);
  }
  state = { ...emptySyncState('ds_demo', 1), lastSyncedAt: BASE_TIME, components: new Map(base) };
  store.clear();
  writeSyncState(holder, state);
  return { base: base.size, local: local.length, remote: remote.length, payloads: payloads.size };
}

function classifyAndPlan(): unknown {
  // As the session classifies (classifyAgainst): the content asked for pairs that would be conflicts.
  const classification = classifyComponents({ base, baseFormat: 1, currentFormat: 1, local, remote, sameContent: (key, version) => { const payload = payloads.get(key); return payload !== undefined && sameContent(payload, version); } });
  const choices = new Map<string, 'push' | 'take' | 'skip'>();
  // Half of the conflicts kept mine (forced), the other half left for later.
  let conflict = 0;
  for (const item of classification.components) if (item.kind === 'conflict' && conflict++ % 2 === 0) choices.set(item.key, 'push');
  const plan = planPush({ components: classification.components, choices, payloadOf: (key) => payloads.get(key), base: BASE_TIME, source: SOURCE });
  return { counts: classification.counts, batches: plan.batches.length, upserts: plan.body.upserts.length, deletes: plan.body.deletes.length, force: plan.body.force.length, take: plan.take.length, skipped: plan.skipped.length };
}

// Chips at 10,000 changed components: every component of the file edited here since the last
// sync, its last synced payload kept beside the new one (separate objects, as read from
// storage and from the snapshot). Edits rotate: a nested fill, characters, a size, a layer
// added, a description.
let changedLocal: LocalComponentSummary[] = [];
let chipPairs: Array<[ComponentPayload, ComponentPayload]> = [];

function setupChips(count: number): unknown {
  changedLocal = [];
  chipPairs = [];
  const keys = [...base.keys()].slice(0, count);
  keys.forEach((key, index) => {
    const entry = base.get(key)!;
    const before = payloadOf(key, entry.name, entry.hash);
    const after = payloadOf(key, entry.name, hex(16));
    const children = after.node.children as Array<Record<string, unknown>>;
    const child = children[index % children.length]!;
    switch (index % 5) {
      case 0:
        child.fills = ['#ff0000'];
        break;
      case 1:
        (child.text as Record<string, unknown>).characters = 'Edited';
        break;
      case 2:
        child.width = 200;
        break;
      case 3:
        children.push({ type: 'RECTANGLE', name: 'Divider', width: 600, height: 1, fills: ['#e5e5e5'] });
        break;
      default:
        after.description = 'Edited.';
    }
    chipPairs.push([before, after]);
    changedLocal.push({ key, name: entry.name, kind: 'component', hash: after.hash });
  });
  return { changed: chipPairs.length };
}

/** The classification when every component changed here (the chips' reference). */
function classifyChanged(): unknown {
  const classification = classifyComponents({ base, baseFormat: 1, currentFormat: 1, local: changedLocal, remote: [] });
  return { localChanges: classification.counts['local-change'] };
}

function chips(): unknown {
  const counts: Record<string, number> = {};
  for (const [before, after] of chipPairs) for (const chip of namedChangeChips(before, after).chips) counts[chip] = (counts[chip] ?? 0) + 1;
  return counts;
}

// The nearly-same pairing's worst cases: components re-created under new names that all share
// one description (boilerplate such as "A block of the email design system."), so bucketing by
// description saves nothing. Alike: each added one differs from the block in one kind of change,
// so each matches every deleted one (all ambiguous, none paired; most comparisons are skipped).
// Not alike: two kinds each, so nothing matches and every deleted one is compared with every
// added one, each comparison reading both payloads whole.
interface PairingSides {
  deleted: ReplacementCandidate[];
  added: ReplacementCandidate[];
}
const pairingCases: Record<'alike' | 'unlike', PairingSides> = { alike: { deleted: [], added: [] }, unlike: { deleted: [], added: [] } };

/** Never due (a clock that stands still): the bench times the work alone (a turn would wait on a timer QuickJS here has not). */
const NO_TURNS = createHostTurns({ now: () => 0 });

function setupPairing(count: number): unknown {
  for (const name of ['alike', 'unlike'] as const) {
    const sides: PairingSides = { deleted: [], added: [] };
    for (let index = 0; index < count; index += 1) {
      const before = payloadOf(hex(40), `Blocks/Old/Block ${index}`, hex(16));
      const after = payloadOf(hex(40), `Blocks/Rebuilt/Block ${index}`, hex(16));
      const child = (after.node.children as Array<Record<string, unknown>>)[index % 8]!;
      child.width = 200 + index;
      // Unlike: a second kind of change (a fill) on every added one, so none is nearly the same.
      if (name === 'unlike') child.fills = ['#ff0000'];
      sides.deleted.push({ key: before.key, payload: before });
      sides.added.push({ key: after.key, payload: after });
    }
    pairingCases[name] = sides;
  }
  return { deleted: count, added: count, comparisonsWithoutSkips: count * count };
}

async function pairingAsync(name: 'alike' | 'unlike'): Promise<unknown> {
  const { deleted, added } = pairingCases[name];
  return { pairs: (await pairNearlySameAsync(deleted, added, NO_TURNS)).length };
}

function writeState(): unknown {
  writeSyncState(holder, state);
  let bytes = 0;
  let entries = 0;
  for (const value of store.values()) {
    bytes += value.length;
    entries += 1;
  }
  return { entries, characters: bytes };
}

function readState(): unknown {
  const read = readSyncState(holder);
  if (read.status !== 'ok') throw new Error(`sync state read as ${read.status}`);
  return { components: read.state.components.size };
}

// Each call leaves its outcome as JSON for `outcome()`: the host drains QuickJS's jobs first,
// so an async phase has settled by then.
let outcome = 'null';
function settle(value: unknown): void {
  if (value instanceof Promise) void value.then((settled: unknown) => (outcome = JSON.stringify(settled)));
  else outcome = JSON.stringify(value);
}

(globalThis as { __syncEngineBench?: unknown }).__syncEngineBench = {
  setup: (options: SyncEngineSetup) => settle(setup(options)),
  classifyAndPlan: () => settle(classifyAndPlan()),
  setupChips: (count: number) => settle(setupChips(count)),
  classifyChanged: () => settle(classifyChanged()),
  chips: () => settle(chips()),
  setupPairing: (count: number) => settle(setupPairing(count)),
  pairingAlike: () => settle(pairingAsync('alike')),
  pairingUnlike: () => settle(pairingAsync('unlike')),
  writeState: () => settle(writeState()),
  readState: () => settle(readState()),
  outcome: () => outcome,
};
