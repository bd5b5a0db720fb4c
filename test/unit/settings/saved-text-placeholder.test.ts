// Save's message when the address left in the field is the built-in stand-in
// (src/shared/config/stand-in-address.ts): every other screen calls it missing, so Save must not
// call it saved, nor send the designer to a test that can only say the address is missing.
import { describe, expect, it } from 'vitest';
import hosts from '../../../src/shared/config/api-hosts.json';
import type { SettingsView } from '../../../src/shared/bridge/messages';
import { savedText } from '../../../ui/settings/api-form';
import { messageProblems } from '../../support/message-rules';

function viewWith(builderKeyHint: string | null): SettingsView {
  return {
    library: { baseUrl: hosts.library, defaultBaseUrl: hosts.library, keyHint: null },
    builder: { baseUrl: hosts.builder, defaultBaseUrl: hosts.builder, keyHint: builderKeyHint },
    designSystemId: null,
  };
}

describe('Save with the placeholder address left in the field', () => {
  it('says the key is saved and the address still missing, not “Test connection checks it” (it said the settings were saved)', () => {
    const said = savedText('builder', viewWith('ef_••••0123'), true);
    expect(said).toBe('Email builder key saved, shown as ef_••••0123. The address is still missing: the placeholder is not a real address. Enter yours above, then choose Save.');
    expect(messageProblems(said)).toEqual([]);
  });

  it('says the address is still missing when only the address was saved (it said “address saved”)', () => {
    for (const [api, hint] of [['library', null], ['builder', 'ef_••••0123']] as const) {
      const said = savedText(api, viewWith(hint), false);
      expect(said).toMatch(/^Email (library|builder) address still missing: the placeholder is not a real address\. Enter yours above, then choose Save\.$/);
      expect(messageProblems(said)).toEqual([]);
    }
  });

  it('says “saved” as before once a real address is saved', () => {
    const view = viewWith('ef_••••0123');
    const real: SettingsView = { ...view, builder: { ...view.builder, baseUrl: 'https://builder.acme.com' } };
    expect(savedText('builder', real, true)).toBe('Email builder settings saved. The key is stored on this computer only, shown as ef_••••0123. Test connection checks it with the service.');
    expect(savedText('builder', real, false)).toBe('Email builder address saved; the saved key is unchanged.');
  });
});
