// Requests about the plugin itself: what to open first, the window, Figma's toasts.
import type { Handlers } from '../shared/bridge/endpoint';
import { BridgeError } from '../shared/bridge/bridge-error';
import type { SandboxRequests, SettingsView } from '../shared/bridge/messages';
import { truncateText } from '../shared/api/http/utf8';
import { fitWindowSize } from '../shared/window/window-size-limits';
import { selectedReferenceEmailId } from '../canvas/reference-finder';
import { readLastScreenAsync, saveLastScreenAsync } from './last-screen';
import { parseLaunchAction, parseMenuCommand } from './menu-command';
import { saveWindowSizeAsync } from './window-size';

export type AppHandlers = Pick<Handlers<SandboxRequests>, 'app/init' | 'app/remember-screen' | 'ui/resize' | 'ui/notify'>;

const NOTIFY_MAX_LENGTH = 300;

export interface AppDependencies {
  figma: Pick<PluginAPI, 'command' | 'root' | 'currentUser' | 'currentPage' | 'ui' | 'notify' | 'clientStorage'>;
  readSettingsViewAsync: () => Promise<SettingsView>;
}

/** The user's name, or null: figma.currentUser needs the "currentuser" permission and may throw without it. */
function currentUserName(figma: AppDependencies['figma']): string | null {
  try {
    return figma.currentUser?.name ?? null;
  } catch {
    return null;
  }
}

export function createAppHandlers({ figma, readSettingsViewAsync }: AppDependencies): AppHandlers {
  return {
    'app/init': async () => ({
      command: parseMenuCommand(figma.command),
      action: parseLaunchAction(figma.command),
      emailId: parseLaunchAction(figma.command) === 'open-email' ? selectedReferenceEmailId(figma.currentPage.selection) : null,
      settings: await readSettingsViewAsync(),
      fileName: figma.root.name,
      userName: currentUserName(figma),
      lastScreen: await readLastScreenAsync(figma.clientStorage),
    }),

    'app/remember-screen': async ({ screen }) => {
      await saveLastScreenAsync(figma.clientStorage, screen);
      return {};
    },

    'ui/resize': async ({ width, height, save }) => {
      const size = fitWindowSize(width, height);
      if (size === null) throw new BridgeError('invalid_input', 'The window size must be two finite numbers of pixels.');
      figma.ui.resize(size.width, size.height);
      // Saved when a resize ends (not on every step of a drag): the next launch opens at it.
      if (save === true) await saveWindowSizeAsync(figma.clientStorage, size);
      return {};
    },

    'ui/notify': ({ message, error }) => {
      const text = message.trim();
      if (text === '') return Promise.reject(new BridgeError('invalid_input', 'A notification needs some text.'));
      const shown = text.length > NOTIFY_MAX_LENGTH ? `${truncateText(text, NOTIFY_MAX_LENGTH - 1)}…` : text;
      figma.notify(shown, error ? { error: true } : undefined);
      return Promise.resolve({});
    },
  };
}
