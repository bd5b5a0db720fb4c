// Every request the UI can send, answered by the feature modules that own them. Each feature
// exports its own handlers; this file only wires their dependencies together.
import { createAppHandlers } from './app/app-handlers';
import { testConnectionAsync } from './settings/connection-test';
import { createDocumentSettings } from './settings/document-settings';
import { createKeyStore } from './settings/key-store';
import { createSettingsHandlers, readSettingsViewAsync, type SettingsDependencies } from './settings/settings-handlers';
import { createSyncHandlers } from './sync/sync-handlers';
import type { HttpTransport } from './shared/api/http/transport';
import type { Handlers } from './shared/bridge/endpoint';
import type { SandboxRequests } from './shared/bridge/messages';
import apiHosts from './shared/config/api-hosts.json';

export interface HandlerOptions {
  figma: PluginAPI;
  /** How the sandbox reaches the APIs (Figma's fetch in the plugin). */
  transport: HttpTransport;
}

export const DEFAULT_BASE_URLS = { library: apiHosts.library, builder: apiHosts.builder } as const;

export function createHandlers({ figma, transport }: HandlerOptions): Handlers<SandboxRequests> {
  const settings: SettingsDependencies = {
    keyStore: createKeyStore(figma.clientStorage, DEFAULT_BASE_URLS),
    documentSettings: createDocumentSettings(figma.root),
    defaultBaseUrls: DEFAULT_BASE_URLS,
    testConnectionAsync: (api, credentials) => testConnectionAsync(api, credentials, transport),
  };
  return {
    ...createAppHandlers({ figma, readSettingsViewAsync: () => readSettingsViewAsync(settings) }),
    ...createSettingsHandlers(settings),
    ...createSyncHandlers(),
  };
}
