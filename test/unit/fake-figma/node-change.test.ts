// page.on('nodechange'): the changes of one page's nodes, batched as documentchange is, without
// loading every page first (the dynamic-page alternative the typings name).
import { describe, expect, it } from 'vitest';
import { createFakeFigma } from '../../fake-figma/index';

const summary = (event: NodeChangeEvent) =>
  event.nodeChanges.map((c) => `${c.type}:${c.id}:${c.origin}${c.type === 'PROPERTY_CHANGE' ? `:${c.properties.join(',')}` : ''}`);

function listening() {
  const fake = createFakeFigma();
  const figma = fake.figma;
  const events: NodeChangeEvent[] = [];
  const handler = (event: NodeChangeEvent) => events.push(event);
  figma.currentPage.on('nodechange', handler);
  return { fake, figma, events, handler };
}

describe('page nodechange', () => {
  it('reports creation, property and plugin data changes and removal of the page’s nodes, batched per task, with no pages loaded', async () => {
    const { fake, figma, events } = listening();
    const frame = figma.createFrame();
    const rect = figma.createRectangle();
    await fake.settleAsync();
    expect(summary(events[0]!)).toEqual([`CREATE:${frame.id}:LOCAL`, `CREATE:${rect.id}:LOCAL`]);

    frame.name = 'Hero';
    frame.setPluginData('link', '{}');
    rect.remove();
    await fake.settleAsync();
    expect(events).toHaveLength(2);
    expect(summary(events[1]!)).toEqual([`PROPERTY_CHANGE:${frame.id}:LOCAL:name,pluginData`, `DELETE:${rect.id}:LOCAL`]);
  });

  it('leaves out other pages’ nodes and the document’s own data', async () => {
    const { fake, figma, events } = listening();
    const other = figma.createPage();
    const elsewhere = figma.createFrame();
    other.appendChild(elsewhere);
    await fake.settleAsync();
    const eventsBefore = events.length;
    elsewhere.name = 'On another page';
    figma.root.setSharedPluginData('envelope', 'k', 'v');
    elsewhere.remove();
    await fake.settleAsync();
    expect(events).toHaveLength(eventsBefore);
  });

  it('reports a node moved to another page to the page it is on now, as a parent change; not the page’s own creation', async () => {
    const { fake, figma, events } = listening();
    const other = figma.createPage();
    const arrived: NodeChangeEvent[] = [];
    other.on('nodechange', (event) => arrived.push(event));
    const frame = figma.createFrame();
    await fake.settleAsync();
    events.length = 0;
    other.appendChild(frame);
    await fake.settleAsync();
    // Figma's exact report of a move between pages is not documented: the fake gives the parent
    // change (as documentchange does) to the page the node is on at delivery.
    expect(events).toEqual([]);
    expect(arrived.flatMap(summary)).toEqual([`PROPERTY_CHANGE:${frame.id}:LOCAL:parent`]);
  });

  it('reports a collaborator’s change with origin REMOTE and the person’s undo of the plugin’s edit', async () => {
    const { fake, figma, events } = listening();
    const frame = figma.createFrame();
    fake.markFileOpened();
    await fake.settleAsync();
    events.length = 0;
    fake.remoteEdit(() => {
      frame.name = 'Renamed by a teammate';
    });
    await fake.settleAsync();
    expect(summary(events[0]!)).toEqual([`PROPERTY_CHANGE:${frame.id}:REMOTE:name`]);

    figma.commitUndo();
    frame.setPluginData('link', 'saved');
    figma.commitUndo();
    await fake.settleAsync();
    events.length = 0;
    figma.triggerUndo();
    await fake.settleAsync();
    expect(frame.getPluginData('link')).toBe('');
    expect(summary(events[0]!)).toEqual([`PROPERTY_CHANGE:${frame.id}:LOCAL:pluginData`]);
  });

  it('stops after off(), runs a once() listener once, and ends with the run', async () => {
    const { fake, figma, events, handler } = listening();
    let onceCalls = 0;
    figma.currentPage.once('nodechange', () => onceCalls++);
    const frame = figma.createFrame();
    await fake.settleAsync();
    frame.name = 'Second';
    await fake.settleAsync();
    expect(onceCalls).toBe(1);
    expect(events).toHaveLength(2);

    figma.currentPage.off('nodechange', handler);
    frame.name = 'Third';
    await fake.settleAsync();
    expect(events).toHaveLength(2);

    figma.currentPage.on('nodechange', handler);
    fake.relaunch();
    frame.name = 'After the run';
    await fake.settleAsync();
    expect(events).toHaveLength(2);
  });

  it('reports a nodechange callback’s own edits (the typings exempt only documentchange callbacks’)', async () => {
    const { fake, figma } = listening();
    await figma.loadAllPagesAsync();
    const frame = figma.createFrame();
    await fake.settleAsync();
    const heard: string[] = [];
    figma.on('documentchange', (event) => heard.push(...event.documentChanges.map((c) => `${c.type}:${c.id}`)));
    const marked = (event: NodeChangeEvent) => {
      if (event.nodeChanges.some((c) => c.id === frame.id && c.type === 'PROPERTY_CHANGE' && c.properties.includes('name'))) frame.setPluginData('seen', 'yes');
    };
    figma.currentPage.on('nodechange', marked);
    frame.name = 'Renamed';
    await fake.settleAsync();
    expect(heard).toEqual([`PROPERTY_CHANGE:${frame.id}`, `PROPERTY_CHANGE:${frame.id}`]);
  });

  it('delivers to every listener when one throws, then throws the first error', async () => {
    const thrown: unknown[] = [];
    const fake = createFakeFigma({
      schedule: (task) => {
        void Promise.resolve().then(() => {
          try {
            task();
          } catch (error) {
            thrown.push(error);
          }
        });
      },
    });
    const figma = fake.figma;
    const other = figma.createPage();
    const here: NodeChangeEvent[] = [];
    const there: NodeChangeEvent[] = [];
    figma.currentPage.on('nodechange', () => {
      throw new Error('a listener failed');
    });
    figma.currentPage.on('nodechange', (event) => here.push(event));
    other.on('nodechange', (event) => there.push(event));
    const frame = figma.createFrame();
    const away = figma.createFrame();
    other.appendChild(away);
    await fake.settleAsync();
    expect(here.flatMap(summary)).toContain(`CREATE:${frame.id}:LOCAL`);
    expect(there.flatMap(summary)).toContain(`CREATE:${away.id}:LOCAL`);
    expect(thrown).toEqual([new Error('a listener failed')]);
  });

  it('drops a deleted page’s listeners: the page brought back by undo has none', async () => {
    const fake = createFakeFigma();
    const figma = fake.figma;
    const other = figma.createPage();
    fake.markFileOpened();
    let heard = 0;
    other.on('nodechange', () => heard++);
    figma.commitUndo();
    other.remove();
    figma.commitUndo();
    figma.triggerUndo();
    expect(other.removed).toBe(false);
    other.appendChild(figma.createFrame());
    await fake.settleAsync();
    expect(heard).toBe(0);
  });

  it('refuses events a page does not have', () => {
    const { figma } = listening();
    expect(() => (figma.currentPage.on as (type: string, callback: () => void) => void)('selectionchange', () => undefined)).toThrow(/nodechange/);
  });
});
