// Every field the snapshot writes on a layer has a chip or a name: a new field (say the
// normalizer starts writing `rotation`'s cousin) must be given one here, or a row with it
// changed would say "other properties" and quietly name nothing.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHANGE_CHIP_ORDER, namedChangeChips } from '../../../src/sync/change-chips';
import { OTHER_PROPERTY_FIELDS } from '../../../src/sync/other-properties';
import type { DiffableComponent } from '../../../src/sync/property-diff';

/** The layer's own fields as node.ts writes them: `out.x = …`, `setString(out, 'x', …)`, `styleRef(ctx, out, 'x', …)`. */
function layerFieldsWritten(): string[] {
  const source = readFileSync(new URL('../../../src/snapshot/normalize/node.ts', import.meta.url), 'utf8');
  const fields = new Set<string>();
  for (const match of source.matchAll(/\bout\.([a-zA-Z]+) =/g)) fields.add(match[1]!);
  for (const match of source.matchAll(/\b(?:setString|styleRef)\((?:ctx, )?out, '([a-zA-Z]+)'/g)) fields.add(match[1]!);
  // Compared as layers, not as fields.
  fields.delete('children');
  fields.delete('name');
  return [...fields].sort();
}

function layer(extra: Record<string, unknown>): DiffableComponent {
  return { name: 'Card', description: '', kind: 'component', properties: {}, variants: [], node: { type: 'COMPONENT', name: 'Card', width: 10, height: 10, ...extra } };
}

describe('the fields the snapshot writes on a layer', () => {
  const fields = layerFieldsWritten();

  it('are read from the normalizer (the test reads them, or it checks nothing)', () => {
    expect(fields.length).toBeGreaterThan(20);
    expect(fields).toEqual(expect.arrayContaining(['opacity', 'fills', 'blendMode', 'mask', 'verticalSizing']));
  });

  it.each(fields)('%s, changed, has a chip of its own or is named under "other properties"', (field) => {
    const named = namedChangeChips(layer({}), layer({ [field]: `changed-${field}` }));
    expect(named.chips.length).toBeGreaterThan(0);
    if (named.chips.includes('other')) expect(named.otherProperties?.length ?? 0).toBeGreaterThan(0);
  });

  it('fit the walk’s bits: a chip each, a named field each and one for a field without words, in a 32-bit number', () => {
    // change-chips.ts's masks: a 33rd bit would wrap round onto the first chip's.
    expect(CHANGE_CHIP_ORDER.length + OTHER_PROPERTY_FIELDS.length + 1).toBeLessThanOrEqual(31);
  });
});
