// The benchmark's floor must read what the normalizer reads, or the comparison means nothing.
import { describe, expect, it } from 'vitest';
import { readRootBareAsync } from '../../bench/bare-traversal';
import { normalizeComponent } from '../../../src/snapshot/normalize/component';
import { ReferenceCollector } from '../../../src/snapshot/references';
import { frame, MIXED, paintable, text, type Plain } from './plain-nodes';

/** Wraps a plain node tree so that every property read is recorded as `name.property`. */
function recorded(node: Plain, log: Set<string>): Plain {
  const children = Array.isArray(node.children) ? (node.children as Plain[]).map((child) => recorded(child, log)) : undefined;
  const target: Plain = children ? { ...node, children } : { ...node };
  const proxy = new Proxy(target, {
    get(object, property, receiver) {
      if (typeof property === 'string' && property !== 'then') log.add(`${String(object.name)}.${property}`);
      return Reflect.get(object, property, receiver) as unknown;
    },
  });
  if (children) for (const child of children) child.parent = proxy;
  return proxy;
}

function sampleSet(): Plain {
  const instance = frame('Icon instance', [paintable('VECTOR', 'Glyph')], {
    type: 'INSTANCE',
    componentProperties: { Size: { type: 'VARIANT', value: 'Small' } },
    getMainComponentAsync: () => Promise.resolve({ key: 'icon-key', remote: true, type: 'COMPONENT', parent: null }),
  });
  const variant = (name: string): Plain =>
    frame(name, [
      text('Label', 'Buy now', { componentPropertyReferences: { characters: 'Label#1:0' } }),
      text('Mixed', 'Terms apply', { fontName: MIXED, getStyledTextSegments: () => [] }),
      instance,
      paintable('BOOLEAN_OPERATION', 'Cutout', { booleanOperation: 'SUBTRACT', cornerRadius: 2, cornerSmoothing: 0.5, children: [paintable('STAR', 'Star', { pointCount: 6 }), paintable('POLYGON', 'Hex', { pointCount: 6 })] }),
      paintable('RECTANGLE', 'Badge', { cornerRadius: MIXED, topLeftRadius: 4, topRightRadius: 4, bottomRightRadius: 0, bottomLeftRadius: 0, strokes: [{ type: 'SOLID', color: { r: 0, g: 0, b: 0 } }], strokeWeight: MIXED, strokeTopWeight: 1, strokeRightWeight: 1, strokeBottomWeight: 1, strokeLeftWeight: 1, layoutPositioning: 'ABSOLUTE' }),
    ], { type: 'COMPONENT', key: `k-${name}`, variantProperties: { Size: name }, layoutMode: 'HORIZONTAL', layoutWrap: 'WRAP', cornerRadius: 6 });
  return frame('Button', [variant('Large'), variant('Small')], {
    type: 'COMPONENT_SET',
    key: 'set',
    description: '',
    documentationLinks: [],
    componentPropertyDefinitions: { 'Label#1:0': { type: 'TEXT', defaultValue: 'Buy' } },
  });
}

describe('bare traversal (benchmark floor)', () => {
  it('reads the same node properties as the normalizer', async () => {
    const normalizerReads = new Set<string>();
    const set = recorded(sampleSet(), normalizerReads);
    normalizeComponent(set as unknown as ComponentSetNode, { mixed: MIXED, refs: new ReferenceCollector(), nodeIds: [] });
    normalizerReads.add('Icon instance.getMainComponentAsync'); // called by the reference resolver

    const bareReads = new Set<string>();
    await readRootBareAsync(recorded(sampleSet(), bareReads) as unknown as ComponentSetNode, MIXED, { nodes: 0, values: 0 });

    expect([...bareReads].sort()).toEqual([...normalizerReads].sort());
  });
});
