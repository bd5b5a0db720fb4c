// Drag and drop from the plugin window to the canvas in the playground, as in Figma: the UI posts
// {pluginDrop: {clientX, clientY, items, dropMetadata}} when a drag ends (clientX/clientY in the
// plugin iframe's coordinates, as the dragend event gives them), and the plugin's
// figma.on('drop') gets the node under that point with x/y in its coordinates (issue 17, item 3).
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeOnCanvasAsync } from './support/canvas-targets';
import { evaluateHooks, useHarness } from './support/playground-harness';

const h = useHarness();

beforeAll(async () => {
  await h.openAsync();
  // Show the page Figma has open: a drop lands on the current page.
  const currentPageId = await evaluateHooks(h.page, (hooks) => hooks.inspect().currentPage.id);
  await h.page.locator(`[data-role="pages"] [data-page="${currentPageId}"]`).click();
  // The plugin listens for drops, as a plugin offering drag and drop does.
  await evaluateHooks(h.page, (hooks) => {
    const drops: unknown[] = [];
    Object.assign(window, { __drops: drops });
    hooks.fake().figma.on('drop', (event: DropEvent) => {
      drops.push({ nodeId: event.node.id, x: event.x, y: event.y, absoluteX: event.absoluteX, absoluteY: event.absoluteY, items: event.items, files: event.files, dropMetadata: event.dropMetadata as unknown });
      return false;
    });
  });
});

function dropsAsync(): Promise<Array<Record<string, unknown>>> {
  return h.page.evaluate(() => (window as unknown as { __drops: Array<Record<string, unknown>> }).__drops);
}

describe('dragging from the plugin window to the canvas', () => {
  it("fires figma.on('drop') with the frame under the pointer, x/y in its coordinates, items and dropMetadata", async () => {
    const target = await nodeOnCanvasAsync(h.page, ['FRAME', 'COMPONENT']);
    const ui = await h.uiFrameAsync();
    const frameBox = await h.page.locator('iframe[data-role="plugin-iframe"]').boundingBox();
    if (!frameBox) throw new Error('the plugin window is not visible');
    const px = Math.round(target.rect.left + target.rect.width * 0.3);
    const py = Math.round(target.rect.top + target.rect.height * 0.4);
    // What a UI posts when its drag ends over that point: the dragend event's client coordinates,
    // which are the plugin iframe's (Playwright's drag emulation does not report them in the
    // source frame's space, so the message is posted as the UI's dragend handler would).
    await ui.evaluate(
      ({ clientX, clientY }) => parent.postMessage({ pluginDrop: { clientX, clientY, items: [{ type: 'text/plain', data: 'Hero' }], dropMetadata: { componentKey: 'abc' } } }, '*'),
      { clientX: px - frameBox.x, clientY: py - frameBox.y },
    );
    await expect.poll(async () => (await dropsAsync()).length, { timeout: 5000 }).toBe(1);
    const [drop] = await dropsAsync();
    const scaleX = target.box.width / target.rect.width;
    const scaleY = target.box.height / target.rect.height;
    const expectedX = (px - target.rect.left) * scaleX;
    const expectedY = (py - target.rect.top) * scaleY;
    expect(drop).toMatchObject({ nodeId: target.id, items: [{ type: 'text/plain', data: 'Hero' }], files: [], dropMetadata: { componentKey: 'abc' } });
    // Within a screen pixel of the pointer, in canvas units.
    expect(Math.abs((drop!.x as number) - expectedX)).toBeLessThanOrEqual(scaleX);
    expect(Math.abs((drop!.y as number) - expectedY)).toBeLessThanOrEqual(scaleY);
    expect(Math.abs((drop!.absoluteX as number) - (target.box.x + expectedX))).toBeLessThanOrEqual(scaleX);
    expect(Math.abs((drop!.absoluteY as number) - (target.box.y + expectedY))).toBeLessThanOrEqual(scaleY);
  });

  it('fires nothing for a drag released inside the plugin window', async () => {
    const before = (await dropsAsync()).length;
    const ui = await h.uiFrameAsync();
    // The pointer still over the plugin window: Figma fires no drop on the canvas.
    await ui.evaluate(() => parent.postMessage({ pluginDrop: { clientX: 50, clientY: 50, items: [] } }, '*'));
    await h.page.waitForTimeout(200);
    expect((await dropsAsync()).length).toBe(before);
  });
});
