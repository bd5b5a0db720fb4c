// Small sync bodies for the builder contract tests.
import type { ComponentUpsert, SyncBody } from '../../../../src/shared/api/builder/schemas';

export function upsert(key: string, hash: string, name = `Component ${key}`): ComponentUpsert {
  return {
    key,
    name,
    kind: 'component',
    description: 'Made by the contract test',
    hash,
    properties: {},
    variants: [],
    node: { type: 'COMPONENT', name, children: [] },
  };
}

export function syncBody(base: string | null, upserts: ComponentUpsert[], deletes: string[] = [], force: string[] = []): SyncBody {
  return { base, source: { file_id: 'file-contract', file_name: 'Contract DS', user: 'Contract test', plugin_version: '0.1.0' }, upserts, deletes, force };
}
