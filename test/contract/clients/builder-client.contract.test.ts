// The builder client against the emulator: templates and design-system sync, through both
// transports.
import { beforeAll, describe, expect, it } from 'vitest';
import { createBuilderClient, type BuilderClient } from '../../../src/shared/api/builder/client';
import { getAllChangesAsync, syncInBatchesAsync } from '../../../src/shared/api/builder/sync-flow';
import { syncBody, upsert } from './support/sync-bodies';
import { apiRejectionOf, useEmulatorSession } from './support/emulator-session';
import { controlAsync, TRANSPORTS } from './support/transports';

const session = useEmulatorSession();

describe.each(TRANSPORTS)('builder client over the $name', (transportKind) => {
  let client: BuilderClient;
  let designSystemId: string;

  beforeAll(async () => {
    await controlAsync(session.emulator.builderUrl, 'reset', {});
    client = createBuilderClient({ baseUrl: session.emulator.builderUrl, key: session.keys.builder.demo, transport: transportKind.create() });
    designSystemId = session.keys.builder.design_systems[0]!;
  });

  it('creates, lists, reads, updates and deletes a template', async () => {
    const created = await client.createTemplateAsync({
      name: 'Contract template',
      description: 'from the contract test',
      content: { format: 'figma-node-tree', version: 1, root: { type: 'FRAME', name: 'Email' } },
    });
    expect(created.name).toBe('Contract template');
    const list = await client.listTemplatesAsync({ perPage: 100 });
    expect(list.templates.some((template) => template.id === created.id)).toBe(true);
    const read = await client.getTemplateAsync(created.id);
    expect(read.content).toMatchObject({ format: 'figma-node-tree' });
    const updated = await client.updateTemplateAsync(created.id, { name: 'Renamed' });
    expect(updated.name).toBe('Renamed');
    await client.deleteTemplateAsync(created.id);
    const gone = await apiRejectionOf(client.getTemplateAsync(created.id));
    expect(gone).toMatchObject({ code: 'not_found', status: 404, serverCode: 'not_found' });
  });

  it('syncs, reads the change back, and repeats the same sync as a no-op', async () => {
    const start = await client.getChangesAsync(designSystemId, { limit: 500 });
    const key = `contract-${transportKind.name.split(' ')[0]}`;
    const result = await client.syncAsync(designSystemId, syncBody(start.server_time, [upsert(key, 'hash-1')]));
    expect(result.accepted.map((accepted) => accepted.key)).toEqual([key]);
    expect(result.conflicts).toEqual([]);
    const again = await client.syncAsync(designSystemId, syncBody(result.synced_at, [upsert(key, 'hash-1')]));
    expect(again.accepted[0]?.updated_at).toBe(result.accepted[0]?.updated_at);
    const changes = await getAllChangesAsync(client, designSystemId, start.server_time, 1);
    expect(changes.components.filter((component) => component.key === key)).toHaveLength(1);
  });

  it("reports a teammate's edit as a conflict, and force overrides it", async () => {
    const start = await client.getChangesAsync(designSystemId);
    const key = `conflict-${transportKind.name.split(' ')[0]}`;
    const first = await client.syncAsync(designSystemId, syncBody(start.server_time, [upsert(key, 'mine-1')]));
    await controlAsync(session.emulator.builderUrl, `design-systems/${designSystemId}/remote-edit`, { key, name: 'Edited in the builder' });
    const clash = await client.syncAsync(designSystemId, syncBody(first.synced_at, [upsert(key, 'mine-2')]));
    expect(clash.accepted).toEqual([]);
    expect(clash.conflicts[0]).toMatchObject({ key, name: 'Edited in the builder', deleted: false });
    const forced = await client.syncAsync(designSystemId, syncBody(first.synced_at, [upsert(key, 'mine-2')], [], [key]));
    expect(forced.accepted.map((accepted) => accepted.key)).toEqual([key]);
  });

  it('deletes a component, seen as a tombstone in changes', async () => {
    const start = await client.getChangesAsync(designSystemId);
    const key = `gone-${transportKind.name.split(' ')[0]}`;
    const made = await client.syncAsync(designSystemId, syncBody(start.server_time, [upsert(key, 'h')]));
    const removed = await client.syncAsync(designSystemId, syncBody(made.synced_at, [], [key]));
    expect(removed.deleted).toEqual([key]);
    const changes = await getAllChangesAsync(client, designSystemId, made.synced_at);
    expect(changes.components.find((component) => component.key === key)?.deleted).toBe(true);
  });

  it('sends more than 100 components in batches', async () => {
    const start = await client.getChangesAsync(designSystemId);
    const prefix = `batch-${transportKind.name.split(' ')[0]}`;
    const upserts = Array.from({ length: 130 }, (_, index) => upsert(`${prefix}-${index}`, `h${index}`));
    const merged = await syncInBatchesAsync(client, designSystemId, syncBody(start.server_time, upserts));
    expect(merged.accepted).toHaveLength(130);
    const changes = await getAllChangesAsync(client, designSystemId, start.server_time, 50);
    expect(changes.components.filter((component) => component.key.startsWith(prefix))).toHaveLength(130);
  });

  it('says the builder key was refused', async () => {
    const wrong = createBuilderClient({ baseUrl: session.emulator.builderUrl, key: 'ef_not_a_real_key_123', transport: transportKind.create() });
    const error = await apiRejectionOf(wrong.listTemplatesAsync());
    expect(error).toMatchObject({ code: 'unauthorized', status: 401, serverCode: 'invalid_api_key', api: 'builder' });
    expect(error.message).toMatch(/^The builder API key was not accepted/);
  });

  it('reports an unknown design system as not_found', async () => {
    const error = await apiRejectionOf(client.getChangesAsync('ds_nowhere'));
    expect(error).toMatchObject({ code: 'not_found', status: 404 });
  });
});
