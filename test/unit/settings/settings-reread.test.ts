// The settings read again on coming back to the window: applied only when it changes what shows.
import { describe, expect, it } from 'vitest';
import type { SettingsView } from '../../../src/shared/bridge/messages';
import { changesOfRead } from '../../../ui/settings/settings-reread';

const SHOWN: SettingsView = {
  library: { baseUrl: 'https://library.example', defaultBaseUrl: 'https://library.example', keyHint: 'ef_••••1a2b' },
  builder: { baseUrl: 'https://builder.example', defaultBaseUrl: 'https://builder.example', keyHint: null },
  designSystemId: 'ds_demo',
};

describe('changesOfRead', () => {
  it('is nothing for the same settings, whatever the order of their fields', () => {
    const reordered: SettingsView = {
      designSystemId: 'ds_demo',
      builder: { keyHint: null, defaultBaseUrl: 'https://builder.example', baseUrl: 'https://builder.example' },
      library: { keyHint: 'ef_••••1a2b', baseUrl: 'https://library.example', defaultBaseUrl: 'https://library.example' },
    };
    expect(changesOfRead(SHOWN, structuredClone(SHOWN))).toBeNull();
    expect(changesOfRead(SHOWN, reordered)).toBeNull();
  });

  it('names the APIs whose address or key changed, and none when only the design system did', () => {
    expect(changesOfRead(SHOWN, { ...SHOWN, library: { ...SHOWN.library, keyHint: null } })).toEqual(['library']);
    expect(changesOfRead(SHOWN, { ...SHOWN, builder: { ...SHOWN.builder, baseUrl: 'https://other.example' } })).toEqual(['builder']);
    expect(changesOfRead(SHOWN, { ...SHOWN, designSystemId: null })).toEqual([]);
  });
});
