// Answers the Settings requests. Everything the person typed is checked here again (the UI
// checks first, but the sandbox is what stores it) and refused in words, naming the field.
import type { Handlers } from '../shared/bridge/endpoint';
import { BridgeError } from '../shared/bridge/bridge-error';
import type { ConnectionResult, DesignSystemCheck, SandboxRequests, SettingsView } from '../shared/bridge/messages';
import { readDesignSystemId } from '../shared/settings/design-system-id';
import { baseUrlProblem, keyProblem, maskKey, type ApiName } from '../shared/settings/validate-settings';
import { parseHttpUrl } from '../shared/validation/http-url';
import { storingAsync } from '../platform/client-storage';
import { addressMissingResult, noKeyResult, unusedKeyResult, withUnusedKeyResult } from './connection-messages';
import { isStandInAddress } from '../shared/config/stand-in-address';
import { NO_KEY_CHECK } from './design-system-check';
import type { DocumentSettings } from './document-settings';
import { keyMayFollow, type KeyStore } from './key-store';
import { asUndoStep as asOwnUndoStep } from '../platform/undo-step';

export type SettingsRequest =
  | 'settings/get'
  | 'settings/save-api'
  | 'settings/forget-key'
  | 'settings/test-connection'
  | 'settings/set-design-system'
  | 'settings/check-design-system'
  | 'library/credentials';

export type SettingsHandlers = Pick<Handlers<SandboxRequests>, SettingsRequest>;

export interface SettingsDependencies {
  keyStore: KeyStore;
  documentSettings: DocumentSettings;
  defaultBaseUrls: Record<ApiName, string>;
  /** One cheap call (authenticated when a key is given); resolves with the result in words, never rejects for API errors. */
  testConnectionAsync(api: ApiName, credentials: { baseUrl: string; key: string | null }): Promise<ConnectionResult>;
  /** Whether the builder knows a design-system id (one cheap call with the saved key); resolves in words, never rejects for API errors. */
  checkDesignSystemAsync(designSystemId: string, credentials: { baseUrl: string; key: string }): Promise<DesignSystemCheck>;
  /**
   * Saving the file's design-system id is an undo step of its own, except while another feature's
   * step is open (`open`: references being placed, a sync's take), which a commit would cut in
   * two.
   */
  undoSteps: { figma: Pick<PluginAPI, 'commitUndo'>; open: () => boolean };
}

function originOf(baseUrl: string): string {
  return parseHttpUrl(baseUrl)?.origin ?? baseUrl;
}

/** The error the UI shows next to `field`. */
export function invalidInput(field: 'baseUrl' | 'key' | 'designSystemId', message: string, api?: ApiName): BridgeError {
  return new BridgeError('invalid_input', message, api === undefined ? { field } : { field, api });
}

/** A clientStorage removal refused, in words; Figma's own words are technical and are not passed on. */
async function storing(write: Promise<void>, message: string): Promise<void> {
  try {
    await write;
  } catch {
    throw new BridgeError('storage_failed', message);
  }
}

export async function readSettingsViewAsync(dependencies: Pick<SettingsDependencies, 'keyStore' | 'documentSettings' | 'defaultBaseUrls'>): Promise<SettingsView> {
  const { keyStore, documentSettings, defaultBaseUrls } = dependencies;
  const readApiAsync = async (api: ApiName) => {
    const { baseUrl, key, savedKeyProblem } = await keyStore.readWithProblemAsync(api);
    const view = { baseUrl, defaultBaseUrl: defaultBaseUrls[api], keyHint: key === null ? null : maskKey(key) };
    return savedKeyProblem === null ? view : { ...view, savedKeyProblem };
  };
  const [library, builder] = await Promise.all([readApiAsync('library'), readApiAsync('builder')]);
  return { library, builder, designSystemId: documentSettings.getDesignSystemId() };
}

export function createSettingsHandlers(dependencies: SettingsDependencies): SettingsHandlers {
  const { keyStore, documentSettings } = dependencies;
  const readViewAsync = () => readSettingsViewAsync(dependencies);

  /** ⌘Z then takes back this save alone, not the change before or after it (a sync's take, a reference). */
  const asUndoStep = (write: () => void) => asOwnUndoStep(dependencies.undoSteps.figma, dependencies.undoSteps.open, write);

  return {
    'settings/get': readViewAsync,

    'settings/save-api': async ({ api, baseUrl, key }) => {
      const urlProblem = baseUrlProblem(baseUrl, api);
      if (urlProblem !== null) throw invalidInput('baseUrl', urlProblem, api);
      const problem = key === undefined ? null : keyProblem(api, key);
      if (problem !== null) throw invalidInput('key', problem, api);
      if (key === undefined) {
        // A key is only ever sent to the host it was entered for: moving it needs the key again.
        const saved = await keyStore.readAsync(api);
        if (saved.key !== null && !keyMayFollow(api, saved.baseUrl, baseUrl)) {
          throw invalidInput('key', `The address changed from ${originOf(saved.baseUrl)}: paste the key again so it is sent to the new host.`, api);
        }
      }
      // Said as Sync says a refused write (most likely a full storage, where Save again fails again); the form keeps what was typed.
      const keyRemoved = await storingAsync(keyStore.saveAsync(api, key === undefined ? { baseUrl } : { baseUrl, key }), `the email ${api} settings`);
      const view = await readViewAsync();
      return keyRemoved === null ? view : { ...view, [api]: { ...view[api], keyRemoved } };
    },

    'settings/forget-key': async ({ api }) => {
      await storing(keyStore.forgetKeyAsync(api), `Figma could not remove the ${api} API key from this computer, so it is still saved. Try again.`);
      return readViewAsync();
    },

    'settings/test-connection': async ({ api }) => {
      const { baseUrl, key, keyUnused } = await keyStore.readWithProblemAsync(api);
      const standIn = isStandInAddress(api, baseUrl);
      // A key saved and not used is not "no key": Settings says why beside the key field, and the
      // test says so too, after the address when that is missing. The library is browsed without
      // a key, so its address is still tested, without the key.
      if (keyUnused) return standIn ? addressMissingResult(api, 'unused') : api === 'builder' ? unusedKeyResult(api) : withUnusedKeyResult(api, await dependencies.testConnectionAsync(api, { baseUrl, key }));
      // Without a builder key at the stand-in address, the address is missing as much as the key.
      if (key === null && api === 'builder') return standIn ? addressMissingResult(api, true) : noKeyResult(api);
      return dependencies.testConnectionAsync(api, { baseUrl, key });
    },

    'settings/set-design-system': async ({ id }) => {
      const reading = readDesignSystemId(id);
      if (!reading.ok) throw invalidInput('designSystemId', reading.problem);
      asUndoStep(() => documentSettings.setDesignSystemId(reading.id));
      return readViewAsync();
    },

    'settings/check-design-system': async ({ id }) => {
      const reading = readDesignSystemId(id);
      if (!reading.ok || reading.id === null) throw invalidInput('designSystemId', reading.ok ? 'There is no id to check.' : reading.problem);
      const { baseUrl, key } = await keyStore.readAsync('builder');
      return key === null ? NO_KEY_CHECK : dependencies.checkDesignSystemAsync(reading.id, { baseUrl, key });
    },

    // The one place a key goes back to the UI: the library browser calls the library API itself.
    'library/credentials': async () => keyStore.readAsync('library'),
  };
}
