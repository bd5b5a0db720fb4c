// Every request the UI can send, answered by the feature modules that own them. Each feature
// exports its own handlers; this file only wires their dependencies together.
import { createAppHandlers } from './app/app-handlers';
import { createCanvasFeature } from './canvas/canvas-handlers';
import { noteWindowRefusal, testConnectionAsync } from './settings/connection-test';
import { checkDesignSystemAsync } from './settings/design-system-check';
import { createDesignSystemWatch } from './settings/design-system-watch';
import { createDocumentSettings } from './settings/document-settings';
import { createKeyStore } from './settings/key-store';
import { createSettingsHandlers, readSettingsViewAsync, type SettingsDependencies } from './settings/settings-handlers';
import { createSyncFeature } from './sync/sync-handlers';
import { createTemplatesFeature } from './templates/templates-handlers';
import type { HttpTransport } from './shared/api/http/transport';
import type { Handlers } from './shared/bridge/endpoint';
import type { SandboxRequests } from './shared/bridge/messages';
import apiHosts from './shared/config/api-hosts.json';
import type { SandboxEndpoint, UiEventHandlers } from './bridge/sandbox-endpoint';

export interface HandlerOptions {
  figma: PluginAPI;
  /** How the sandbox reaches the APIs (Figma's fetch in the plugin). */
  transport: HttpTransport;
}

export const DEFAULT_BASE_URLS = { library: apiHosts.library, builder: apiHosts.builder } as const;

/** Sent in each sync's `source`, so the builder can tell which plugin version pushed. */
export const PLUGIN_VERSION = '0.1.0';

export interface Plugin {
  handlers: Handlers<SandboxRequests>;
  /** What the UI pushes: a refusal the window's library client met. */
  events: UiEventHandlers;
  /** Starts the work that runs while the plugin is open (the Sync badge's checks), and tells the window what it needs to hear (a refusal the library's test met). */
  startBackground(endpoint: SandboxEndpoint): void;
}

export function createPlugin({ figma, transport }: HandlerOptions): Plugin {
  // The window, once connected (requests come only through it): told of a long 429 the library's
  // Test connection met, as Browse calls the library itself.
  let toWindow: Pick<SandboxEndpoint, 'emit'> | null = null;
  const designSystemWatch = createDesignSystemWatch(createDocumentSettings(figma.root));
  const settings: SettingsDependencies = {
    keyStore: createKeyStore(figma.clientStorage, DEFAULT_BASE_URLS),
    documentSettings: designSystemWatch.documentSettings,
    defaultBaseUrls: DEFAULT_BASE_URLS,
    testConnectionAsync: (api, credentials) => testConnectionAsync(api, credentials, transport, (refusal) => toWindow?.emit('library/refused', refusal)),
    checkDesignSystemAsync: (id, credentials) => checkDesignSystemAsync(id, credentials, transport),
    // Saving the id is its own undo step, or joins the one references or a sync's take hold open.
    undoSteps: { figma, open: () => canvas.placing() || sync.running() },
  };
  // While a sync runs, its take is one undo step and its records go into the file: references wait.
  // (Read at request time, once both features exist.)
  const canvas = createCanvasFeature({ figma, syncing: () => sync.running() });
  // A take of the design system's versions waits for references being placed (their undo step).
  const sync = createSyncFeature({
    figma,
    transport,
    readBuilderCredentialsAsync: () => settings.keyStore.readAsync('builder'),
    designSystemId: () => settings.documentSettings.getDesignSystemId(),
    pluginVersion: PLUGIN_VERSION,
    placing: canvas.placing,
    removingReferences: canvas.removing,
  });
  // A template's link written while references are being placed, or a sync runs, joins their undo step.
  const templates = createTemplatesFeature({
    figma,
    transport,
    readBuilderCredentialsAsync: () => settings.keyStore.readAsync('builder'),
    undoStepOpen: () => canvas.placing() || sync.running(),
  });
  return {
    handlers: {
      ...createAppHandlers({ figma, readSettingsViewAsync: () => readSettingsViewAsync(settings) }),
      ...createSettingsHandlers(settings),
      ...sync.handlers,
      ...templates.handlers,
      ...canvas.handlers,
    },
    events: { 'library/refused': noteWindowRefusal },
    startBackground(endpoint) {
      toWindow = endpoint;
      sync.startMonitor((counts) => endpoint.emit('sync/badge', counts));
      templates.startSelectionWatch((selection) => endpoint.emit('templates/selection', selection));
      canvas.startDropListener((dropped) => endpoint.emit('canvas/insert-dropped', dropped));
      // Settings shows the id the file holds; if following it cannot start, Settings shows what it read.
      designSystemWatch.startAsync(figma, (designSystemId) => endpoint.emit('settings/design-system', { designSystemId })).catch(() => undefined);
    },
  };
}
