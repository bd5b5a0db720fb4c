import { describe, expect, it } from 'vitest';
import { createFakeFigma } from '../../fake-figma/index';

async function listeningAsync() {
  const fake = createFakeFigma();
  await fake.figma.loadAllPagesAsync();
  const events: DocumentChangeEvent[] = [];
  fake.figma.on('documentchange', (event) => events.push(event));
  return { fake, figma: fake.figma, events };
}

const summary = (event: DocumentChangeEvent) =>
  event.documentChanges.map((c) => `${c.type}:${c.id}:${c.origin}${c.type === 'PROPERTY_CHANGE' ? `:${c.properties.join(',')}` : ''}`);

describe('documentchange', () => {
  it('batches the changes of one task and delivers them later', async () => {
    const { fake, figma, events } = await listeningAsync();
    const frame = figma.createFrame();
    frame.name = 'Hero';
    const rect = figma.createRectangle();
    expect(events).toEqual([]);
    await fake.settleAsync();
    expect(events).toHaveLength(1);
    expect(summary(events[0]!)).toEqual([`CREATE:${frame.id}:LOCAL`, `CREATE:${rect.id}:LOCAL`]);

    frame.name = 'Hero v2';
    frame.resize(600, 300);
    frame.resize(600, 320);
    rect.remove();
    await fake.settleAsync();
    expect(events).toHaveLength(2);
    expect(summary(events[1]!)).toEqual([`PROPERTY_CHANGE:${frame.id}:LOCAL:name,width,height`, `DELETE:${rect.id}:LOCAL`]);
    const deleted = events[1]!.documentChanges[1] as DeleteChange;
    expect(deleted.node).toEqual({ removed: true, type: 'RECTANGLE', id: rect.id });
  });

  it('gives a RemovedNode for a node removed after the change, and keeps that change (typings: “If the node has been removed since the event happened this will be a RemovedNode”)', async () => {
    const { fake, figma, events } = await listeningAsync();
    const kept = figma.createFrame();
    await fake.settleAsync();
    const fleeting = figma.createRectangle();
    fleeting.remove();
    kept.name = 'Renamed, then removed';
    kept.remove();
    await fake.settleAsync();
    const changes = events[1]!.documentChanges;
    expect(summary(events[1]!)).toEqual([`CREATE:${fleeting.id}:LOCAL`, `DELETE:${fleeting.id}:LOCAL`, `PROPERTY_CHANGE:${kept.id}:LOCAL:name`, `DELETE:${kept.id}:LOCAL`]);
    for (const change of changes) expect((change as CreateChange).node).toEqual({ removed: true, type: change.id === kept.id ? 'FRAME' : 'RECTANGLE', id: change.id });
  });

  it('reports vector path edits as vectorNetwork, the name NodeChangeProperty has (it has no vectorPaths)', async () => {
    const { fake, figma, events } = await listeningAsync();
    const vector = figma.createVector();
    await fake.settleAsync();
    vector.vectorPaths = [{ windingRule: 'NONZERO', data: 'M 0 0 L 10 10 Z' }];
    await fake.settleAsync();
    expect(summary(events[1]!)).toEqual([`PROPERTY_CHANGE:${vector.id}:LOCAL:vectorNetwork`]);
  });

  it('reports a collaborator’s edit with origin REMOTE', async () => {
    const { fake, figma, events } = await listeningAsync();
    const frame = figma.createFrame();
    await fake.settleAsync();
    fake.remoteEdit(() => {
      frame.name = 'Renamed by a teammate';
    });
    await fake.settleAsync();
    expect(summary(events[1]!)).toEqual([`PROPERTY_CHANGE:${frame.id}:REMOTE:name`]);
  });

  it('does not report selection or viewport changes, but fires selectionchange', async () => {
    const { fake, figma, events } = await listeningAsync();
    const frame = figma.createFrame();
    await fake.settleAsync();
    let selectionChanges = 0;
    figma.on('selectionchange', () => selectionChanges++);
    figma.currentPage.selection = [frame];
    figma.viewport.scrollAndZoomIntoView([frame]);
    figma.viewport.zoom = 2;
    await fake.settleAsync();
    expect(events).toHaveLength(1);
    expect(selectionChanges).toBe(1);
    expect(figma.currentPage.selection).toEqual([frame]);
  });

  it('reports plugin data changes and style changes', async () => {
    const { fake, figma, events } = await listeningAsync();
    const frame = figma.createFrame();
    const style = figma.createPaintStyle();
    await fake.settleAsync();
    frame.setPluginData('k', 'v');
    style.name = 'Brand/Forest';
    await fake.settleAsync();
    expect(summary(events[1]!)).toEqual([`PROPERTY_CHANGE:${frame.id}:LOCAL:pluginData`, `STYLE_PROPERTY_CHANGE:${style.id}:LOCAL`]);
    expect(summary(events[0]!)).toContain(`STYLE_CREATE:${style.id}:LOCAL`);
  });

  it('stops delivering after off()', async () => {
    const fake = createFakeFigma();
    await fake.figma.loadAllPagesAsync();
    let calls = 0;
    const handler = () => calls++;
    fake.figma.on('documentchange', handler);
    fake.figma.createFrame();
    fake.figma.off('documentchange', handler);
    await fake.settleAsync();
    fake.figma.createFrame();
    await fake.settleAsync();
    expect(calls).toBe(0);
  });

  it('reports nothing when a relaunched plugin only reads: layout edits of the last run are already applied', async () => {
    const fake = createFakeFigma();
    const figma = fake.figma;
    const stack = figma.createFrame();
    stack.layoutMode = 'VERTICAL';
    stack.primaryAxisSizingMode = 'AUTO';
    const child = figma.createRectangle();
    stack.appendChild(child);
    child.resize(80, 30); // laid out lazily by the fake: nothing has read the stack's size yet
    fake.relaunch();
    await fake.figma.loadAllPagesAsync();
    const events: DocumentChangeEvent[] = [];
    fake.figma.on('documentchange', (event) => events.push(event));
    expect(stack.height).toBe(30);
    expect(child.y).toBe(0);
    await fake.settleAsync();
    expect(events).toEqual([]);
  });
});

