// The sync runner's contract set-up, for every sync contract test file: the real
// handlers against the fake Figma with the demo document and a fresh builder emulator (real limits)
// per test. Each file runs in its own module scope, so its requests count against its own rate gate.
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { SandboxEndpoint } from '../../../../src/bridge/sandbox-endpoint';
import { createFigmaFetchTransport } from '../../../../src/http/figma-fetch-transport';
import { createPlugin } from '../../../../src/handlers';
import type { Component, ComponentUpsert } from '../../../../src/shared/api/builder/schemas';
import { handlerContext } from '../../../../src/shared/bridge/endpoint';
import type { SyncBadge } from '../../../../src/shared/bridge/messages';
import type { HttpRequest, HttpResponse, HttpTransport } from '../../../../src/shared/api/http/transport';
import { createFakeFigma, type FakeFigma } from '../../../fake-figma';
import { buildDemoDocumentAsync } from '../../../fixtures/demo-document';
import { startEmulator } from '../../../emulator/index';
import { controlAsync, emulatorKeysAsync } from '../../clients/support/transports';

export interface SyncHarness {
  emulator: Awaited<ReturnType<typeof startEmulator>>;
  fake: FakeFigma;
  plugin: ReturnType<typeof createPlugin>;
  builderKey: string;
}

export const context = handlerContext();

/** Sets the harness up before each test and closes the emulator after it; the fields are the current test's. */
export function useSyncHarness(): SyncHarness {
  const h = {} as SyncHarness;
  beforeEach(async () => {
    h.emulator = await startEmulator({ limits: 'real' });
    h.builderKey = (await emulatorKeysAsync(h.emulator.libraryUrl)).builder.demo;
    h.fake = createFakeFigma({ currentUser: { id: 'u1', name: 'Dana Designer' }, allowedDomains: [h.emulator.builderUrl] });
    await buildDemoDocumentAsync(h.fake.figma);
    h.plugin = createPlugin({ figma: h.fake.figma, transport: createFigmaFetchTransport(h.fake.fetch) });
  });
  afterEach(async () => {
    await h.emulator.close();
  });
  return h;
}

export async function linkAsync(h: SyncHarness, designSystemId: string): Promise<void> {
  await h.plugin.handlers['settings/save-api']({ api: 'builder', baseUrl: h.emulator.builderUrl, key: h.builderKey }, context);
  await h.plugin.handlers['settings/set-design-system']({ id: designSystemId }, context);
}

/** The file linked to `designSystemId` and synced once (every demo component pushed). */
export async function syncedOnceAsync(h: SyncHarness, designSystemId = 'ds_empty'): Promise<void> {
  await linkAsync(h, designSystemId);
  await h.plugin.handlers['sync/compare']({}, context);
  await h.plugin.handlers['sync/run']({}, context);
}

/** The design system's components as its changes feed has them (first page of 500). */
export async function remoteComponentsAsync(h: SyncHarness, designSystemId: string): Promise<Map<string, Component>> {
  const response = await fetch(`${h.emulator.builderUrl}/api/plugin/design-systems/${designSystemId}/changes?limit=500`, { headers: { authorization: `Bearer ${h.builderKey}` } });
  const body = (await response.json()) as { data: { components: Component[] } };
  return new Map(body.data.components.map((component) => [component.key, component]));
}

/** A top-level component or component set of the demo document, by name. */
/**
 * Synced once, then a later sync of something else (so the changes feed no longer brings Footer's
 * version along), then Footer's fill changed here: a local change whose "last synced" picture
 * must be read from the design system.
 */
export async function footerChangedAfterLaterSyncAsync(h: SyncHarness): Promise<ComponentNode> {
  await syncedOnceAsync(h);
  componentNamed(h, 'Header').description = 'Top of every email.';
  await h.plugin.handlers['sync/compare']({}, context);
  await h.plugin.handlers['sync/run']({}, context);
  const footer = componentNamed(h, 'Footer') as ComponentNode;
  footer.fills = [{ type: 'SOLID', color: { r: 0.9, g: 0.1, b: 0.1 } }];
  return footer;
}

export function componentNamed(h: SyncHarness, name: string): ComponentNode | ComponentSetNode {
  const found = h.fake.inspect.allNodes().find((node) => (node.type === 'COMPONENT_SET' || (node.type === 'COMPONENT' && node.parent?.type !== 'COMPONENT_SET')) && node.name === name);
  if (!found) throw new Error(`no component named ${name}`);
  return found as ComponentNode | ComponentSetNode;
}

/** Replaces the harness's plugin with one (same document) whose every answer is shown to `watch` on its way. */
export function watchAnswers(h: SyncHarness, watch: (request: HttpRequest, response: HttpResponse) => void): void {
  const transport = createFigmaFetchTransport(h.fake.fetch);
  h.plugin = createPlugin({
    figma: h.fake.figma,
    transport: async (request) => {
      const response = await transport(request);
      watch(request, response);
      return response;
    },
  });
}

/** A teammate's plugin pushes `component` to `designSystemId` as its file has it (the builder API allows it). */
export async function teammatePushesAsync(h: SyncHarness, component: ComponentUpsert, designSystemId = 'ds_empty'): Promise<void> {
  const response = await fetch(`${h.emulator.builderUrl}/api/plugin/design-systems/${designSystemId}/sync`, {
    method: 'POST',
    headers: { authorization: `Bearer ${h.builderKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      base: null,
      source: { file_id: 'teammate-file', file_name: 'Teammate', user: 'Ana Lima', plugin_version: '0.1.0' },
      upserts: [{ key: component.key, name: component.name, kind: component.kind, description: component.description, hash: component.hash, properties: component.properties, variants: component.variants, node: component.node }],
      deletes: [],
      force: [],
    }),
  });
  if (response.status !== 200) throw new Error(`The teammate's push answered ${response.status}.`);
}

/** Footer deleted and re-created under its name (rule 1); Header re-created as "Header / Main" with its description (rule 2). The new components. */
export function replaceTwo(h: SyncHarness): { footer: ComponentNode; header: ComponentNode } {
  const old = componentNamed(h, 'Footer');
  const page = old.parent as PageNode;
  old.remove();
  const footer = h.fake.figma.createComponent();
  footer.name = 'Footer';
  page.appendChild(footer);
  const before = componentNamed(h, 'Header') as ComponentNode;
  const header = before.clone();
  header.name = 'Header / Main';
  header.description = before.description;
  before.remove();
  return { footer, header };
}

export type Badge = SyncBadge;

/** The plugin's background work started, with every badge it sends kept in order. */
export function startBackground(h: SyncHarness): Badge[] {
  const badges: Badge[] = [];
  const endpoint = {
    emit: (type: string, payload: unknown) => {
      if (type === 'sync/badge') badges.push(payload as Badge);
    },
  } as unknown as SandboxEndpoint;
  h.plugin.startBackground(endpoint);
  return badges;
}

/** The latest badge once more than `seen` have been sent. */
export async function nextBadgeAsync(badges: Badge[], seen: number): Promise<Badge> {
  await vi.waitFor(() => expect(badges.length).toBeGreaterThan(seen), { timeout: 10_000 });
  return badges[badges.length - 1]!;
}

/**
 * Robin: the same document open on another computer (the same file and sync state, his own
 * clientStorage, empty at first, and name), with no builder key saved yet.
 */
export function collaborator(h: SyncHarness, transport: HttpTransport = createFigmaFetchTransport(h.fake.fetch)): ReturnType<typeof createPlugin> {
  const storage = new Map<string, unknown>();
  const figma = new Proxy(h.fake.figma, {
    get(target, name, receiver) {
      if (name === 'currentUser') return { id: 'u2', name: 'Robin Collaborator' };
      if (name === 'clientStorage') {
        return {
          getAsync: (key: string) => Promise.resolve(storage.get(key)),
          setAsync: (key: string, value: unknown) => Promise.resolve(void storage.set(key, value)),
          deleteAsync: (key: string) => Promise.resolve(void storage.delete(key)),
          keysAsync: () => Promise.resolve([...storage.keys()]),
        };
      }
      return Reflect.get(target, name, receiver) as unknown;
    },
  });
  return createPlugin({ figma, transport });
}

/**
 * Replaces the harness's plugin with one (same document) whose first sync request waits while
 * `robin` checks and syncs: a collaborator's sync that finishes while this one sends.
 * `synced()` says whether it has happened.
 */
export function collaboratorSyncsWhilePushing(h: SyncHarness, robin: ReturnType<typeof createPlugin>): { synced: () => boolean } {
  const transport = createFigmaFetchTransport(h.fake.fetch);
  let robinSynced = false;
  h.plugin = createPlugin({
    figma: h.fake.figma,
    transport: async (request) => {
      if (request.method === 'POST' && request.url.endsWith('/sync') && !robinSynced) {
        robinSynced = true;
        await robin.handlers['sync/compare']({}, context);
        await robin.handlers['sync/run']({}, context);
      }
      return transport(request);
    },
  });
  return { synced: () => robinSynced };
}

/** Robin (`collaborator`), linked with the same builder key. */
export async function collaboratorAsync(h: SyncHarness, transport: HttpTransport = createFigmaFetchTransport(h.fake.fetch)): Promise<ReturnType<typeof createPlugin>> {
  const robin = collaborator(h, transport);
  await robin.handlers['settings/save-api']({ api: 'builder', baseUrl: h.emulator.builderUrl, key: h.builderKey }, context);
  return robin;
}

/**
 * A sync taking the design system's versions of Divider and Hero, stopped with one taken and the
 * other not yet: the take's undo step is open. `run` is the sync, to await once the test has acted.
 */
export async function takeHalfWayAsync(h: SyncHarness): Promise<{ divider: ComponentNode | ComponentSetNode; hero: ComponentNode | ComponentSetNode; before: string[]; run: Promise<unknown> }> {
  const divider = componentNamed(h, 'Divider');
  const hero = componentNamed(h, 'Hero');
  const before = [divider.description, hero.description];
  for (const component of [divider, hero]) await controlAsync(h.emulator.builderUrl, 'design-systems/ds_empty/remote-edit', { key: component.key, description: 'Theirs.' });
  await h.plugin.handlers['sync/compare']({}, context);
  const run = h.plugin.handlers['sync/run']({}, context);
  // The sync runs on, one step of its work at a time.
  for (let turns = 0; [divider.description, hero.description].filter((description) => description === 'Theirs.').length !== 1; turns++) {
    if (turns === 100_000) throw new Error('the sync never got there');
    await Promise.resolve();
  }
  return { divider, hero, before, run };
}

/** ⌘Z until the take is undone: no press may leave it half taken, and the file ends as before. */
export function expectTakeUndoneWhole(h: SyncHarness, divider: ComponentNode | ComponentSetNode, hero: ComponentNode | ComponentSetNode, before: string[]): void {
  const seen: string[][] = [];
  for (let presses = 0; presses < 10 && (divider.description === 'Theirs.' || hero.description === 'Theirs.'); presses++) {
    h.fake.figma.triggerUndo();
    seen.push([divider.description, hero.description]);
  }
  expect(seen.filter((descriptions) => descriptions.includes('Theirs.') && !descriptions.every((description) => description === 'Theirs.'))).toEqual([]);
  expect([divider.description, hero.description]).toEqual(before);
}
