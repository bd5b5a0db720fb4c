// The built-in stand-in address said as missing on every screen, with Settings opening on the
// address field: Sync's failure, Templates' problem and Browse's notice read the same error code.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/shared/api/http/api-error';
import { networkError, standInError } from '../../../src/shared/api/http/error-mapping';
import { designSystemCheckFailure } from '../../../src/settings/design-system-check';
import { libraryProblem } from '../../../ui/library/library-problem';
import { openSettingsOn, requestSettingsFocus, takeSettingsFocus } from '../../../ui/settings/settings-focus';
import { settingsRetry } from '../../../ui/sync/sync-failure';
import { listReadProblem, templateProblem } from '../../../ui/templates/template-words';

const context = { endpoint: 'GET /api/templates', keySent: true, nowMs: 0 };
const missing = standInError({ ...context, api: 'builder' }, 'https://app.templatebuilder.example')!;
// As it reaches the window from the sandbox: plain data, code and message kept.
const bridged = { code: missing.code, message: missing.message, details: missing.details };
const shown = { offsetParent: {} } as unknown as HTMLElement;

describe('the builder’s address missing', () => {
  it('Sync offers Settings, opening on the builder’s address (it offered Check again)', () => {
    let opened = 0;
    const retry = settingsRetry(bridged, () => {
      opened += 1;
      // What the Sync screen's own Open Settings asks for: the key.
      requestSettingsFocus('builder');
    });
    expect(retry).not.toBeNull();
    retry!();
    expect(opened).toBe(1);
    expect(takeSettingsFocus('builder', shown)).toBe(false);
    expect(takeSettingsFocus('builder-address', shown)).toBe(true);
  });

  it('Sync keeps a refused key’s Settings and the rest’s own retry', () => {
    const open = () => undefined;
    expect(settingsRetry(new ApiError({ ...context, api: 'builder', status: 401, code: 'unauthorized', message: 'x' }), open)).toBe(open);
    expect(settingsRetry(networkError({ ...context, api: 'builder' }, 'http://127.0.0.1:1'), open)).toBeNull();
  });

  it('Templates says it with Open Settings on the address, for the list and any action', () => {
    expect(templateProblem(bridged)).toEqual({ message: 'The email builder’s address is missing: enter it in Settings.', action: 'settings', frameId: null, address: true });
    expect(listReadProblem(bridged)).toMatchObject({ action: 'settings', address: true });
  });

  it('Settings’ check of the design-system id says the address is missing (it said the builder did not answer as expected), and not as a passing trouble Sync gets past', () => {
    expect(designSystemCheckFailure(missing)).toEqual({ known: null, message: 'The id is checked with the builder once the email builder’s address is saved.' });
  });
});

describe('the library’s address missing, whatever says it', () => {
  it('is an address problem (Settings opens on the address), not a connection one', () => {
    const library = standInError({ ...context, api: 'library' }, 'https://api.mailvault.example')!;
    expect(libraryProblem(library)).toEqual({ kind: 'address', message: 'The email library’s address is missing: enter it in Settings.', retryAfterSeconds: null });
  });

  it('openSettingsOn asks for its field after the screen’s own Open Settings asked for the key', () => {
    openSettingsOn('library-address', () => requestSettingsFocus('library'));
    expect(takeSettingsFocus('library', shown)).toBe(false);
    expect(takeSettingsFocus('library-address', shown)).toBe(true);
  });
});
