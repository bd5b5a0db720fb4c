// A frame read for template content: the component normalizer's format, its references resolved
// (instances by main-component key), and a hash that changes with the frame and only with it.
import { describe, expect, it } from 'vitest';
import { readFrameAsync } from '../../../src/snapshot';
import { SNAPSHOT_FORMAT } from '../../../src/snapshot/format-version';
import { createFakeFigma } from '../../fake-figma';
import { buildDemoDocumentAsync } from '../../fixtures/demo-document';

interface Tree {
  type: string;
  name: string;
  componentKey?: string;
  fills?: unknown;
  children?: Tree[];
}

function all(node: Tree): Tree[] {
  return [node, ...(node.children ?? []).flatMap(all)];
}

async function emailAsync() {
  const fake = createFakeFigma();
  await buildDemoDocumentAsync(fake.figma);
  fake.relaunch();
  const page = fake.figma.root.children.find((each) => each.name === 'Emails')!;
  await fake.figma.setCurrentPageAsync(page);
  const frame = page.children.find((node) => node.type === 'FRAME') as FrameNode;
  return { fake, frame };
}

describe('readFrameAsync', () => {
  it('describes the frame like a component: instances by main-component key, no node ids', async () => {
    const { fake, frame } = await emailAsync();
    const reading = await readFrameAsync(fake.figma, frame);
    const root = reading.node as unknown as Tree;
    expect(root).toMatchObject({ type: 'FRAME', name: frame.name });
    const instances = all(root).filter((node) => node.type === 'INSTANCE');
    expect(instances.length).toBeGreaterThan(3);
    for (const instance of instances) expect(instance.componentKey).toMatch(/^[0-9a-f]{10,}$/);
    expect(JSON.stringify(root)).not.toContain(frame.id);
    expect(reading.layerCount).toBeGreaterThan(instances.length);
    expect(fake.figma.skipInvisibleInstanceChildren).toBe(false);
  });

  it('hashes the same frame alike and an edited frame differently, with the format version in front', async () => {
    const { fake, frame } = await emailAsync();
    const first = await readFrameAsync(fake.figma, frame);
    expect(first.hash).toMatch(new RegExp(`^${SNAPSHOT_FORMAT}:[0-9a-f]{16}$`));
    expect((await readFrameAsync(fake.figma, frame)).hash).toBe(first.hash);
    frame.fills = [{ type: 'SOLID', color: { r: 1, g: 0, b: 0 } }];
    const edited = await readFrameAsync(fake.figma, frame);
    expect(edited.hash).not.toBe(first.hash);
    expect((edited.node as unknown as Tree).fills).toEqual(['#ff0000']);
    // Where the frame stands on the page is not part of it.
    frame.x += 500;
    expect((await readFrameAsync(fake.figma, frame)).hash).toBe(edited.hash);
  });
});
