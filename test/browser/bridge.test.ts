// The sandbox–UI bridge, end to end: the real dist/code.js in the playground page and the real
// dist/ui.html in its null-origin iframe.
import { beforeAll, describe, expect, it } from 'vitest';
import { bridgeText } from '../../src/shared/bridge/bridge-text';
import { evaluateHooks, useHarness, textOf } from './support/playground-harness';

interface WireLike {
  channel?: string;
  kind?: string;
  id?: string;
  type?: string;
  error?: { code: string; message: string; details?: Record<string, unknown> };
}

const h = useHarness();

beforeAll(async () => {
  // Opened from the Settings menu command: these tests start on Settings.
  await h.openAsync('?command=settings');
});

async function repliesToUiAsync(id: string): Promise<WireLike[]> {
  const messages = await evaluateHooks(h.page, (hooks) => hooks.messages());
  return messages.filter((entry) => entry.direction === 'to-ui').map((entry) => entry.message as WireLike).filter((message) => message.id === id);
}

/** Posts `pluginMessage` from inside the plugin's iframe, exactly as the UI code would. */
async function postFromUiAsync(pluginMessage: unknown): Promise<void> {
  const ui = await h.uiFrameAsync();
  await ui.evaluate((message) => parent.postMessage({ pluginMessage: message }, '*'), pluginMessage);
}

describe('the bridge between the real sandbox and the real UI', () => {
  it('runs in an iframe whose origin is null, as in Figma', async () => {
    const ui = await h.uiFrameAsync();
    expect(await ui.evaluate(() => window.origin)).toBe('null');
    expect(await h.page.getAttribute('iframe[data-role="plugin-iframe"]', 'sandbox')).not.toContain('allow-same-origin');
  });

  it('answers the UI’s first request: app/init is replied to and the file name is shown', async () => {
    const ui = await h.uiFrameAsync();
    const fileName = await evaluateHooks(h.page, (hooks) => hooks.inspect().root.name);
    expect(fileName).not.toBe('');
    await expect.poll(() => textOf(ui.getByTestId('shell-file')), { timeout: 10_000 }).toContain(fileName);
    const messages = await evaluateHooks(h.page, (hooks) => hooks.messages());
    const request = messages.find((entry) => entry.direction === 'to-plugin' && (entry.message as WireLike).type === 'app/init');
    expect(request).toBeDefined();
    const id = (request?.message as WireLike).id ?? '';
    expect((await repliesToUiAsync(id)).map((reply) => reply.kind)).toEqual(['reply']);
  });

  it('shows an error the sandbox throws next to the field: a key the UI accepted, refused by the sandbox', async () => {
    const ui = await h.uiFrameAsync();
    await ui.getByTestId('settings-builder-base-url').fill(h.emulator.builderUrl);
    await ui.getByTestId('settings-builder-key').fill('ef_a_key_the_ui_accepts_1234');
    // The UI's own check passes; on the way to the sandbox the key is swapped for one it must refuse.
    await evaluateHooks(h.page, (hooks) =>
      hooks.tamperWithUiMessages((message) => {
        const wire = message as { type?: string; payload?: Record<string, unknown> };
        return wire.type === 'settings/save-api' ? { ...wire, payload: { ...wire.payload, key: 'no-prefix-key' } } : message;
      }),
    );
    try {
      await ui.getByTestId('settings-builder-save').click();
      await expect.poll(() => textOf(ui.getByTestId('settings-builder-key-error')), { timeout: 10_000 }).toContain('Builder keys start with "ef_"');
    } finally {
      await evaluateHooks(h.page, (hooks) => hooks.tamperWithUiMessages(null));
    }
    const keys = await evaluateHooks(h.page, (hooks) => hooks.clientStorageKeysAsync());
    expect(keys).not.toContain('envelope.builder.apiKey');
  });

  it('refuses in the sandbox what only reaches it from outside the UI: an http:// base URL posted from the iframe', async () => {
    await postFromUiAsync({
      channel: 'envelope',
      kind: 'request',
      id: 'raw-save-1',
      type: 'settings/save-api',
      payload: { api: 'library', baseUrl: 'http://example.com', key: 'env_live_abcdefgh1234' },
    });
    await expect.poll(() => repliesToUiAsync('raw-save-1'), { timeout: 10_000 }).toHaveLength(1);
    const [failure] = await repliesToUiAsync('raw-save-1');
    expect(failure?.kind).toBe('failure');
    expect(failure?.error?.code).toBe('invalid_input');
    expect(failure?.error?.details).toMatchObject({ field: 'baseUrl', api: 'library' });
    expect(failure?.error?.message).toContain('except to this computer (http://localhost or http://127.0.0.1)');
  });

  it('answers a malformed request with an invalid_message failure', async () => {
    await postFromUiAsync({ channel: 'envelope', kind: 'request', id: 'raw-bad-1', type: 42, payload: {} });
    await postFromUiAsync({ channel: 'envelope', kind: 'request', id: 'raw-bad-2', type: 'settings/save-api', payload: { api: 'nope', baseUrl: 5 } });
    await expect.poll(async () => (await repliesToUiAsync('raw-bad-1')).length + (await repliesToUiAsync('raw-bad-2')).length, { timeout: 10_000 }).toBe(2);
    const [first] = await repliesToUiAsync('raw-bad-1');
    const [second] = await repliesToUiAsync('raw-bad-2');
    expect(first?.error?.code).toBe('invalid_message');
    expect(second?.error?.code).toBe('invalid_message');
    // The message is for a person; which request and what was wrong are details for developers.
    expect(second?.error?.message).toBe(bridgeText.invalidRequest);
    expect(second?.error?.details).toMatchObject({ request: 'settings/save-api', problem: expect.stringMatching(/^payload\./) as unknown });
    // The sandbox logs only the reason, never the message.
    const lines = await evaluateHooks(h.page, (hooks) => hooks.consoleLines());
    expect(lines.some((line) => line.level === 'warn' && line.text.startsWith('Envelope: ignored'))).toBe(true);
  });

  it('ignores and logs a malformed message sent to the UI, and keeps working', async () => {
    const before = h.console.length;
    await evaluateHooks(h.page, (hooks) => hooks.postToUi({ channel: 'envelope', kind: 'reply', id: 12 }));
    await expect
      .poll(() => h.console.slice(before).filter((entry) => entry.frame === 'ui' && entry.text.includes('Envelope UI: ignored')).length, { timeout: 10_000 })
      .toBe(1);
    const ui = await h.uiFrameAsync();
    await ui.getByTestId('nav-sync').click();
    await ui.getByTestId('nav-settings').click();
    await expect.poll(() => textOf(ui.getByTestId('nav-settings'))).toBe('Settings');
    expect(await ui.getByTestId('nav-settings').getAttribute('aria-current')).toBe('page');
    expect(h.console.filter((entry) => entry.type === 'pageerror')).toEqual([]);
  });
});
