// Settings checks a design-system id with the builder once it is saved (one changes call with the
// saved key): whether the builder knows it, said in words. A check that could not be made (no key,
// offline, the builder busy) never reads as an unknown id. The real plugin against the emulator.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFigmaFetchTransport } from '../../../src/http/figma-fetch-transport';
import { createPlugin } from '../../../src/handlers';
import { handlerContext } from '../../../src/shared/bridge/endpoint';
import type { HttpTransport } from '../../../src/shared/api/http/transport';
import { startEmulator } from '../../emulator/index';
import { createFakeFigma, type FakeFigma } from '../../fake-figma';
import { controlAsync, emulatorKeysAsync } from '../clients/support/transports';

const context = handlerContext();

describe('checking a saved design-system id with the builder', () => {
  let emulator: Awaited<ReturnType<typeof startEmulator>>;
  let fake: FakeFigma;
  let builderKey: string;
  let requests: string[];

  function plugin(transport?: HttpTransport) {
    const real = createFigmaFetchTransport(fake.fetch);
    return createPlugin({
      figma: fake.figma,
      transport: async (request) => {
        requests.push(`${request.method} ${new URL(request.url).pathname}`);
        return (transport ?? real)(request);
      },
    });
  }

  async function savedKeyAsync(handlers: ReturnType<typeof plugin>['handlers']): Promise<void> {
    await handlers['settings/save-api']({ api: 'builder', baseUrl: emulator.builderUrl, key: builderKey }, context);
  }

  beforeEach(async () => {
    emulator = await startEmulator({ limits: 'real' });
    builderKey = (await emulatorKeysAsync(emulator.libraryUrl)).builder.demo;
    fake = createFakeFigma({ currentUser: { id: 'u1', name: 'Dana Designer' }, allowedDomains: [emulator.builderUrl] });
    requests = [];
  });
  afterEach(async () => {
    await emulator.close();
  });

  it('says the builder knows a design system it has, with one request', async () => {
    const { handlers } = plugin();
    await savedKeyAsync(handlers);
    const check = await handlers['settings/check-design-system']({ id: 'ds_demo' }, context);
    expect(check.known).toBe(true);
    expect(requests).toEqual(['GET /api/plugin/design-systems/ds_demo/changes']);
  });

  it('says in words that the builder has no design system with an unknown id', async () => {
    const { handlers } = plugin();
    await savedKeyAsync(handlers);
    const check = await handlers['settings/check-design-system']({ id: 'ds_nope' }, context);
    expect(check.known).toBe(false);
    expect(check.message).toMatch(/The builder has no design system with this id in your key’s workspace/);
    expect(check.message).not.toMatch(/404|not_found/);
  });

  it('without a builder key asks nothing and says the id is checked once a key is saved', async () => {
    const { handlers } = plugin();
    const check = await handlers['settings/check-design-system']({ id: 'ds_nope' }, context);
    expect(check.known).toBeNull();
    expect(check.message).toMatch(/once a builder API key is saved/);
    expect(requests).toEqual([]);
  });

  it('does not call an id unknown when the builder could not be asked (offline)', async () => {
    const { handlers } = plugin(() => Promise.reject(new TypeError('Failed to fetch')));
    await savedKeyAsync(handlers);
    const check = await handlers['settings/check-design-system']({ id: 'ds_nope' }, context);
    expect(check.known).toBeNull();
    expect(check.message).toMatch(/could not check/i);
    expect(check.message).not.toMatch(/no design system with this id/);
  });

  it('does not call an id unknown when the builder asks Envelope to slow down', async () => {
    await controlAsync(emulator.builderUrl, 'faults', { rate: 1, kinds: ['429'], seed: 1 });
    const { handlers } = plugin();
    await savedKeyAsync(handlers);
    const check = await handlers['settings/check-design-system']({ id: 'ds_nope' }, context);
    expect(check.known).toBeNull();
    expect(check.message).toMatch(/slow down/);
    expect(check.message).not.toMatch(/no design system with this id/);
  });

  it('says the saved key was refused rather than the id unknown', async () => {
    const { handlers } = plugin();
    await handlers['settings/save-api']({ api: 'builder', baseUrl: emulator.builderUrl, key: 'ef_notakeythebuilderknows' }, context);
    const check = await handlers['settings/check-design-system']({ id: 'ds_demo' }, context);
    expect(check.known).toBeNull();
    expect(check.message).toMatch(/did not accept the saved builder API key/);
  });
});
