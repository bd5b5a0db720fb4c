// The demo workspace: a few templates, a design system with components already in it, and an
// empty one for first-sync flows.
import { createPrng } from '../core/prng';
import { DAY_MS, HOUR_MS } from '../core/dates';
import { BUILDER_KEYS, DESIGN_SYSTEM_IDS, TEAMMATE, type BuilderStore, type StoredComponent, type Template } from './model';

export function randomId(store: BuilderStore, prefix: string): string {
  let id = '';
  for (let i = 0; i < 10; i++) id += store.prng.int(0, 35).toString(36);
  return `${prefix}${id}`;
}

function demoComponents(startMs: number): StoredComponent[] {
  const component = (key: string, name: string, kind: StoredComponent['kind'], description: string, daysAgo: number): StoredComponent => ({
    key,
    name,
    kind,
    description,
    hash: `h_${key.slice(0, 8)}_v1`,
    properties: {},
    variants: [],
    node: { type: kind === 'component' ? 'COMPONENT' : 'COMPONENT_SET', name, children: [] },
    thumbnailPng: null,
    updatedAtMs: startMs - daysAgo * DAY_MS,
    updatedBy: TEAMMATE,
    deleted: false,
  });
  const button = component('5e1a9c0f3b7d2e48a6c1f09b3d5e7a21c4b8f6e0', 'Button', 'component_set', 'Primary and secondary call-to-action buttons.', 6);
  button.properties = { Size: { type: 'VARIANT', values: ['Small', 'Large'] }, Style: { type: 'VARIANT', values: ['Primary', 'Secondary'] } };
  button.variants = [
    { key: 'a1f0c3e5b7d9f1a3c5e7b9d1f3a5c7e9b1d3f5a7', name: 'Size=Small, Style=Primary', properties: { Size: 'Small', Style: 'Primary' } },
    { key: 'b2e1d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8', name: 'Size=Large, Style=Primary', properties: { Size: 'Large', Style: 'Primary' } },
  ];
  return [
    button,
    component('7c3e5a9b1d0f2468ace13579bdf02468ace13579', 'Header / Logo left', 'component', 'Logo on the left, links on the right.', 5),
    component('9f8e7d6c5b4a39281706f5e4d3c2b1a098765432', 'Footer / Legal', 'component', 'Address, unsubscribe and legal text.', 4),
    component('1a2b3c4d5e6f708192a3b4c5d6e7f80911223344', 'Hero / Image top', 'component', '', 3),
  ];
}

export function createDemoBuilderStore(seed: number, startMs: number): BuilderStore {
  const store: BuilderStore = {
    templates: new Map(),
    designSystems: new Map(),
    keys: new Set(Object.values(BUILDER_KEYS)),
    prng: createPrng(seed ^ 0x5bd1e995),
    lastIssuedMs: 0,
  };
  const templates: Array<[string, string, number]> = [
    ['Welcome email', 'First email after signup.', 20],
    ['Monthly newsletter', 'Editorial layout with three stories.', 9],
    ['Order confirmation', 'Transactional: order summary and shipping.', 2],
    ['Black Friday teaser', '', 1],
  ];
  for (const [name, description, daysAgo] of templates) {
    const template: Template = {
      id: randomId(store, 'tpl_'),
      name,
      description,
      content: { format: 'html', html: `<table role="presentation"><tr><td>${name}</td></tr></table>` },
      hasThumbnail: true,
      createdAtMs: startMs - (daysAgo + 30) * DAY_MS,
      updatedAtMs: startMs - daysAgo * DAY_MS - store.prng.int(1, 20) * HOUR_MS,
    };
    store.templates.set(template.id, template);
  }
  store.designSystems.set(DESIGN_SYSTEM_IDS.demo, {
    id: DESIGN_SYSTEM_IDS.demo,
    name: 'Demo email design system',
    components: new Map(demoComponents(startMs).map((component) => [component.key, component])),
  });
  store.designSystems.set(DESIGN_SYSTEM_IDS.empty, { id: DESIGN_SYSTEM_IDS.empty, name: 'Empty design system', components: new Map() });
  return store;
}
