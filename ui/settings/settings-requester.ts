// The Settings screen's requests to the sandbox, behind an interface so the screen can be
// driven by any endpoint (the plugin's, or one the playground wires to a fake Figma).
import type { ConnectionResult, DesignSystemCheck, SettingsView } from '../../src/shared/bridge/messages';
import type { ApiName } from '../../src/shared/settings/validate-settings';
import type { UiEndpoint } from '../bridge/ui-endpoint';

export interface SettingsRequester {
  saveApiAsync(request: { api: ApiName; baseUrl: string; key?: string }): Promise<SettingsView>;
  forgetKeyAsync(api: ApiName): Promise<SettingsView>;
  testConnectionAsync(api: ApiName, timeoutMs: number): Promise<ConnectionResult>;
  setDesignSystemAsync(id: string | null): Promise<SettingsView>;
  checkDesignSystemAsync(id: string, timeoutMs: number): Promise<DesignSystemCheck>;
}

export function createSettingsRequester(endpoint: Pick<UiEndpoint, 'request'>): SettingsRequester {
  return {
    saveApiAsync: (request) => endpoint.request('settings/save-api', request),
    forgetKeyAsync: (api) => endpoint.request('settings/forget-key', { api }),
    testConnectionAsync: (api, timeoutMs) => endpoint.request('settings/test-connection', { api }, { timeoutMs }),
    setDesignSystemAsync: (id) => endpoint.request('settings/set-design-system', { id }),
    checkDesignSystemAsync: (id, timeoutMs) => endpoint.request('settings/check-design-system', { id }, { timeoutMs }),
  };
}
