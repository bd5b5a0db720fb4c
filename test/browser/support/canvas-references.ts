// References on the canvas: Browse opened on the page they land on, and what landed read back
// from the fake document.
import type { Frame, Page } from 'playwright-core';
import { browseWindowAsync } from './browse-steps';
import { readLibraryAsync } from './library-read';
import { evaluateHooks, type Harness } from './playground-harness';

/** A reference frame as placed: where, its record, its screenshot's tiles and its caption. */
export interface PlacedReference {
  id: string;
  name: string;
  parentId: string;
  x: number;
  y: number;
  width: number;
  height: number;
  record: { emailId: number; url: string } | null;
  tiles: Array<{ hash: string; x: number; y: number; width: number; height: number; locked: boolean; scaleMode: string }>;
  caption: { text: string; link: unknown; bottom: number } | null;
}

/** Browse with the demo key in the harness's page, fresh, the canvas showing the page Figma has open (references land there). */
export async function openBrowseOnCurrentPageAsync(h: Pick<Harness, 'openFreshAsync' | 'uiFrameAsync' | 'page'>, theme: 'light' | 'dark' = 'light'): Promise<Frame> {
  await h.openFreshAsync(`?command=browse&theme=${theme}&demo-keys=1`);
  const currentPageId = await evaluateHooks(h.page, (hooks) => hooks.inspect().currentPage.id);
  await h.page.locator(`[data-role="pages"] [data-page="${currentPageId}"]`).click();
  return browseWindowAsync(h);
}

/** The grid's first email opened (by a click on its card, as a person would): its id, read from the library with `key`, and its subject as the card shows it. */
export async function openFirstEmailAsync(ui: Frame, libraryUrl: string, key: string): Promise<{ id: number; subject: string }> {
  const card = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem').first().getByRole('button').first();
  await card.waitFor({ timeout: 20_000 });
  const [first] = (await readLibraryAsync<{ data: Array<{ id: number }> }>(libraryUrl, '/v1/emails?per_page=1', key)).data;
  const subject = ((await card.locator('.email-card-subject').textContent()) ?? '').trim();
  await card.click();
  await ui.getByRole('heading', { level: 2, name: subject }).waitFor({ timeout: 20_000 });
  return { id: first!.id, subject };
}

/** Every reference frame in the document (plugin data `reference`), with its tiles and caption. */
export function placedReferencesAsync(page: Page): Promise<PlacedReference[]> {
  return evaluateHooks(page, (hooks) =>
    hooks.inspect().run(() =>
      hooks
        .inspect()
        .allNodes()
        .filter((node) => node.type === 'FRAME' && (node as FrameNode).getPluginData('reference') !== '')
        .map((node) => {
          const frame = node as FrameNode;
          const children = hooks.inspect().children(frame);
          const caption = children.find((child) => child.type === 'TEXT') as TextNode | undefined;
          const linkAt = caption ? caption.characters.indexOf('View on') : -1;
          return {
            id: frame.id,
            name: frame.name,
            parentId: frame.parent!.id,
            x: frame.x,
            y: frame.y,
            width: frame.width,
            height: frame.height,
            record: JSON.parse(frame.getPluginData('reference')) as { emailId: number; url: string },
            tiles: children
              .filter((child) => child.type === 'RECTANGLE')
              .map((child) => {
                const tile = child as RectangleNode;
                const fill = (tile.fills as ImagePaint[])[0]!;
                return { hash: fill.imageHash!, x: tile.x, y: tile.y, width: tile.width, height: tile.height, locked: tile.locked, scaleMode: fill.scaleMode };
              }),
            caption: caption ? { text: caption.characters, link: linkAt < 0 ? null : caption.getRangeHyperlink(linkAt, caption.characters.length), bottom: caption.y + caption.height } : null,
          };
        }),
    ),
  );
}

/**
 * A busy plugin: the window's inserts and cancels do not reach it (each replaced by a cancel of
 * nothing, which it passes over) until a test hands them on with `handOnHeldAsync`.
 */
export async function holdInsertsAndCancelsAsync(page: Page): Promise<void> {
  await evaluateHooks(page, (hooks) => {
    const held: unknown[] = [];
    (window as unknown as { heldForPlugin: unknown[] }).heldForPlugin = held;
    hooks.tamperWithUiMessages((message) => {
      const wire = message as { channel?: string; kind?: string; type?: string };
      if (!(wire.kind === 'request' && wire.type === 'canvas/insert') && wire.kind !== 'cancel') return message;
      held.push(message);
      return { channel: wire.channel, kind: 'cancel', id: `held-${held.length}` };
    });
  });
}

/** The kinds of the messages held so far, in order ("request", "cancel"). */
export function heldKindsAsync(page: Page): Promise<string[]> {
  return evaluateHooks(page, () => (window as unknown as { heldForPlugin: Array<{ kind: string }> }).heldForPlugin.map((message) => message.kind));
}

/** The layers at the top of the page Figma has open, each by name with its box on the canvas. */
export function topLevelBoxesAsync(page: Page): Promise<Array<{ id: string; name: string; x: number; y: number; width: number; height: number }>> {
  return evaluateHooks(page, (hooks) =>
    hooks.inspect().run(() =>
      hooks.inspect().children(hooks.inspect().currentPage).map((node) => {
        const box = (node as SceneNode).absoluteBoundingBox!;
        return { id: node.id, name: node.name, x: box.x, y: box.y, width: box.width, height: box.height };
      }),
    ),
  );
}
