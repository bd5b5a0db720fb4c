import { describe, expect, it } from 'vitest';
import { SHARED_DATA_NAMESPACE, type SharedDataHolder } from '../../../src/platform/shared-data';
import { createDocumentSettings, DESIGN_SYSTEM_ID_KEY } from '../../../src/settings/document-settings';

/** Shared plugin data with Figma's rule that '' deletes an entry. */
function createRoot(): SharedDataHolder & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getSharedPluginData: (namespace, key) => data.get(`${namespace}/${key}`) ?? '',
    setSharedPluginData: (namespace, key, value) => {
      if (value === '') data.delete(`${namespace}/${key}`);
      else data.set(`${namespace}/${key}`, value);
    },
  };
}

describe('document settings', () => {
  it('has no design system until one is set', () => {
    expect(createDocumentSettings(createRoot()).getDesignSystemId()).toBeNull();
  });

  it('stores the design-system id in the root shared plugin data under the envelope namespace', () => {
    const root = createRoot();
    const settings = createDocumentSettings(root);
    settings.setDesignSystemId('ds_demo');
    expect(root.data.get(`${SHARED_DATA_NAMESPACE}/${DESIGN_SYSTEM_ID_KEY}`)).toBe('ds_demo');
    expect(SHARED_DATA_NAMESPACE).toBe('envelope');
    expect(settings.getDesignSystemId()).toBe('ds_demo');
  });

  it('removes the entry when cleared', () => {
    const root = createRoot();
    const settings = createDocumentSettings(root);
    settings.setDesignSystemId('ds_demo');
    settings.setDesignSystemId(null);
    expect(root.data.size).toBe(0);
    expect(settings.getDesignSystemId()).toBeNull();
  });
});
