import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFakeFigma } from '../../fake-figma/index';

type Op =
  | { kind: 'add'; at: number; shape: 'rect' | 'text' | 'frame' }
  | { kind: 'remove'; at: number }
  | { kind: 'move'; from: number; to: number }
  | { kind: 'editMain'; at: number; opacity: number }
  | { kind: 'override'; instance: number; at: number; opacity: number }
  | { kind: 'instantiate' }
  | { kind: 'nestInFrame'; at: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), at: fc.nat(6), shape: fc.constantFrom('rect' as const, 'text' as const, 'frame' as const) }),
  fc.record({ kind: fc.constant('remove' as const), at: fc.nat(6) }),
  fc.record({ kind: fc.constant('move' as const), from: fc.nat(6), to: fc.nat(6) }),
  fc.record({ kind: fc.constant('editMain' as const), at: fc.nat(6), opacity: fc.integer({ min: 0, max: 10 }).map((n) => n / 10) }),
  fc.record({ kind: fc.constant('override' as const), instance: fc.nat(3), at: fc.nat(6), opacity: fc.integer({ min: 0, max: 10 }).map((n) => n / 10) }),
  fc.record({ kind: fc.constant('instantiate' as const) }),
  fc.record({ kind: fc.constant('nestInFrame' as const), at: fc.nat(6) }),
);

/** Checks that every instance mirrors the main component layer for layer. */
function checkMirrors(main: SceneNode & ChildrenMixin, instance: SceneNode & ChildrenMixin, overridden: Set<string>): void {
  expect(instance.children.length).toBe(main.children.length);
  main.children.forEach((layer, i) => {
    const copy = instance.children[i]!;
    expect(copy.id.endsWith(`;${layer.id.replace(/^I/, '')}`)).toBe(true);
    expect(copy.type).toBe(layer.type);
    if (!overridden.has(copy.id)) expect((copy as FrameNode).opacity).toBe((layer as FrameNode).opacity);
    if ('children' in layer) checkMirrors(layer as SceneNode & ChildrenMixin, copy as SceneNode & ChildrenMixin, overridden);
  });
}

describe('instances mirror their main component through any sequence of edits', () => {
  it('keeps layers aligned, ids derived from the main, and non-overridden fields equal', async () => {
    const fake = createFakeFigma();
    await fake.figma.loadFontAsync({ family: 'Inter', style: 'Regular' });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 25 }), async (ops) => {
        const { figma } = fake;
        const main = figma.createComponent();
        const nestedIcon = figma.createComponent();
        nestedIcon.appendChild(figma.createEllipse());
        main.appendChild(nestedIcon.createInstance());
        const instances: InstanceNode[] = [main.createInstance()];
        const overridden = new Set<string>();
        for (const step of ops) {
          const children = main.children;
          const pick = (i: number) => children[i % Math.max(1, children.length)];
          switch (step.kind) {
            case 'add': {
              const node = step.shape === 'rect' ? figma.createRectangle() : step.shape === 'text' ? figma.createText() : figma.createFrame();
              main.insertChild(Math.min(step.at, children.length), node);
              break;
            }
            case 'remove':
              if (children.length > 0) pick(step.at)!.remove();
              break;
            case 'move':
              if (children.length > 0) main.insertChild(Math.min(step.to, children.length - 1), pick(step.from)!);
              break;
            case 'editMain':
              if (children.length > 0) (pick(step.at) as FrameNode).opacity = step.opacity;
              break;
            case 'override': {
              const instance = instances[step.instance % instances.length]!;
              const layer = instance.children[step.at % Math.max(1, instance.children.length)];
              if (layer) {
                (layer as FrameNode).opacity = step.opacity;
                overridden.add(layer.id);
              }
              break;
            }
            case 'instantiate':
              instances.push(main.createInstance());
              break;
            case 'nestInFrame': {
              const frame = children.find((c) => c.type === 'FRAME') as FrameNode | undefined;
              if (frame) frame.appendChild(figma.createRectangle());
              break;
            }
          }
          for (const instance of instances) checkMirrors(main, instance, overridden);
        }
      }),
      { numRuns: 60 },
    );
  });
});
