// A reference whose email has no public page (the library sent none) still credits the service:
// its caption says "Via MailVault", the service's name linked to the service's site (the library's
// `meta.attribution.url`), as the library's terms ask. It was plain words, then "From MailVault",
// which read as if the service sent the email (Browse credits it "Via").
import { describe, expect, it } from 'vitest';
import { openBrowseOnCurrentPageAsync } from './support/canvas-references';
import { addRouteAsync } from './support/own-route';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';
import { readLibraryAsync } from './support/library-read';

const h = useHarness();

describe('a reference’s caption without the email’s page', () => {
  it('links the service’s name to its site', async () => {
    // The library answers the email's facts without its public page.
    const stopAsync = await addRouteAsync(h.page, (url) => url.origin === new URL(h.emulator.libraryUrl).origin && /^\/v1\/emails\/\d+$/.test(url.pathname), async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Record<string, unknown> };
      return route.fulfill({ response, json: { ...body, data: { ...body.data, mailvault_url: '' } } });
    });
    try {
      const ui = await openBrowseOnCurrentPageAsync(h, 'light');
      const cards = ui.getByRole('list', { name: 'Emails' }).getByRole('listitem');
      await cards.first().waitFor({ timeout: 20_000 });
      await cards.first().getByRole('button').first().click();
      await ui.getByRole('button', { name: 'Insert on canvas' }).click();
      await expect.poll(() => textOf(ui.getByTestId('insert-status').locator('p')), { timeout: 60_000 }).toBe('Placed 1 reference on the canvas.');
    } finally {
      await stopAsync();
    }
    const { source, url } = (await readLibraryAsync<{ meta: { attribution: { source: string; url: string } } }>(h.emulator.libraryUrl, '/v1/emails?per_page=1')).meta.attribution;
    const captions = await evaluateHooks(
      h.page,
      (hooks, name) =>
        hooks.inspect().run(() =>
          hooks
            .inspect()
            .allNodes()
            .filter((node) => node.type === 'FRAME' && (node as FrameNode).getPluginData('reference') !== '')
            .map((frame) => {
              const caption = hooks.inspect().children(frame as FrameNode).find((child) => child.type === 'TEXT') as TextNode;
              const text = caption.characters;
              const at = text.length - name.length;
              return { text, service: caption.getRangeHyperlink(at, text.length), via: caption.getRangeHyperlink(at - 4, at) };
            }),
        ),
      source,
    );
    expect(captions).toHaveLength(1);
    expect(captions[0]!.text).toMatch(new RegExp(`\\nCaptured .+ · Via ${source}$`));
    expect(captions[0]!.service).toEqual({ type: 'URL', value: url });
    // "Via " stays plain: only the name is the service's link.
    expect(captions[0]!.via).toBeNull();
  });
});
