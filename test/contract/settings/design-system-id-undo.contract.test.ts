// Saving the file's design-system id is an undo step of its own: ⌘Z after a later change takes
// back that change only, and ⌘Z of the save takes back the id only. While another feature's step
// is open (references being placed, a sync's take), the save joins it rather than cut it in two.
import { describe, expect, it } from 'vitest';
import { handlerContext } from '../../../src/shared/bridge/endpoint';
import { createDocumentSettings, DESIGN_SYSTEM_ID_KEY } from '../../../src/settings/document-settings';
import { createKeyStore } from '../../../src/settings/key-store';
import { createSettingsHandlers } from '../../../src/settings/settings-handlers';
import { createPlugin } from '../../../src/handlers';
import { createFigmaFetchTransport } from '../../../src/http/figma-fetch-transport';
import { SHARED_DATA_NAMESPACE } from '../../../src/platform/shared-data';
import { createFakeFigma } from '../../fake-figma/index';

const context = handlerContext();
const defaults = { library: 'https://library.example', builder: 'https://builder.example' };

// Settings alone, while another feature holds its undo step open.
function setup() {
  const fake = createFakeFigma();
  const figma = fake.figma;
  const handlers = createSettingsHandlers({
    keyStore: createKeyStore(figma.clientStorage, defaults),
    documentSettings: createDocumentSettings(figma.root),
    defaultBaseUrls: defaults,
    testConnectionAsync: () => Promise.reject(new Error('no network here')),
    checkDesignSystemAsync: () => Promise.reject(new Error('no network here')),
    undoSteps: { figma, open: () => true },
  });
  const storedId = () => figma.root.getSharedPluginData(SHARED_DATA_NAMESPACE, DESIGN_SYSTEM_ID_KEY);
  return { fake, figma, handlers, storedId };
}

describe('the design-system id and undo', () => {
  it('is its own undo step: a change made before it and one made after it are undone apart from it', async () => {
    // Through the plugin as it is wired, so the save's undo steps reach Figma.
    const { fake, figma, storedId } = setup();
    const { handlers } = createPlugin({ figma, transport: createFigmaFetchTransport(fake.fetch) });
    const before = figma.createFrame();
    await handlers['settings/set-design-system']({ id: 'ds_spring' }, context);
    const after = figma.createFrame();

    figma.triggerUndo();
    expect(fake.inspect.node(after.id)).toBeNull();
    expect(storedId()).toBe('ds_spring');

    figma.triggerUndo();
    expect(storedId()).toBe('');
    expect(fake.inspect.node(before.id)).not.toBeNull();
  });

  it('joins the step another feature holds open, so that step is not cut in two', async () => {
    const { fake, figma, handlers, storedId } = setup();
    const first = figma.createFrame();
    await handlers['settings/set-design-system']({ id: 'ds_spring' }, context);
    const second = figma.createFrame();

    figma.triggerUndo();
    expect([fake.inspect.node(first.id), fake.inspect.node(second.id), storedId()]).toEqual([null, null, '']);
  });
});
