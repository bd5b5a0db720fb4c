// Realistic builder API responses, built from docs/api/builder-api.md and docs/api/api-assumptions.md.

/** An address as typed in Settings (the built-in stand-in is never sent to). */
export const BUILDER_BASE = 'https://builder.acme.example';
export const BUILDER_KEY = 'ef_9c1f0d2e7a6b5c4d';

export function template(id = 'tpl_1', overrides: Record<string, unknown> = {}) {
  return {
    id,
    name: 'Welcome email',
    description: 'First email after sign-up',
    content: { format: 'figma-node-tree', version: 1, root: { type: 'FRAME', name: 'Welcome' } },
    thumbnail_url: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

export function templateListBody() {
  const { content: _content, ...withoutContent } = template('tpl_2');
  return { data: [withoutContent, { ...withoutContent, id: 'tpl_1', name: 'Receipt' }], meta: { page: 1, per_page: 50, total: 2 } };
}

export function component(key = 'c0ffee01', overrides: Record<string, unknown> = {}) {
  return {
    key,
    name: 'Button',
    kind: 'component_set',
    description: 'Primary call to action',
    hash: 'h-1',
    properties: { Size: { type: 'VARIANT', defaultValue: 'Large' } },
    variants: [{ key: `${key}-l`, name: 'Size=Large', properties: { Size: 'Large' } }],
    node: { type: 'COMPONENT_SET', name: 'Button', children: [] },
    thumbnail_url: null,
    updated_at: '2026-11-21T10:05:00.000Z',
    updated_by: 'Ada',
    deleted: false,
    ...overrides,
  };
}

export function syncResultBody(overrides: Record<string, unknown> = {}) {
  return {
    data: {
      accepted: [{ key: 'c0ffee01', hash: 'h-2', updated_at: '2026-11-22T01:00:00.000Z' }],
      deleted: ['dead0001'],
      conflicts: [component('c0ffee02', { name: 'Header', kind: 'component', hash: 'h-remote' })],
      synced_at: '2026-11-22T01:00:00.000Z',
      ...overrides,
    },
    meta: {},
  };
}

export function changesBody(nextCursor: string | null = null) {
  return {
    data: {
      components: [component(), component('dead0001', { deleted: true })],
      server_time: '2026-11-22T01:00:00.000Z',
      next_cursor: nextCursor,
    },
    meta: {},
  };
}

export function builderError(code: string, message: string) {
  return { error: code, message };
}
