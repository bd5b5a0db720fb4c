// The plugin's four screens, one per menu command, in menu order (the reference check's command
// opens Browse on its References view).
import type { Command, Screen } from '../../src/shared/bridge/messages';

export interface ScreenInfo {
  id: Screen;
  label: string;
  /** What the screen is for, in a sentence (shown while it is not built yet). */
  purpose: string;
}

export const SCREENS: readonly ScreenInfo[] = [
  {
    id: 'sync',
    label: 'Sync',
    purpose: 'Compare this file’s components with the design system in the builder and push or pull the differences, with conflicts shown side by side.',
  },
  {
    id: 'browse',
    label: 'Browse',
    purpose: 'Search the library of brand marketing emails by brand, category and lifecycle stage, and bring references into this file.',
  },
  {
    id: 'templates',
    label: 'Templates',
    purpose: 'List the email templates in your builder workspace and create templates from frames in this file.',
  },
  { id: 'settings', label: 'Settings', purpose: 'API keys and addresses, and the design system this file syncs to.' },
];

/** What the window can show: one of the four screens, or the getting-started screen (no tab). */
export type ScreenId = Screen | 'start';

export const START_SCREEN_TITLE = 'Welcome to Envelope';

export interface FirstScreenFacts {
  /** The screen the menu command names, or null when Envelope was opened without one. */
  command: Command | null;
  /** The screen this person used last (remembered per user), or null before any. */
  lastScreen: Screen | null;
  hasAnyKey: boolean;
}

/**
 * The screen to open first: the menu command's; else the last screen used; else Sync once a key
 * is saved; else (a first run) the getting-started screen.
 */
export function initialScreen({ command, lastScreen, hasAnyKey }: FirstScreenFacts): ScreenId {
  if (command) return screenOfCommand(command);
  if (lastScreen) return lastScreen;
  return hasAnyKey ? 'sync' : 'start';
}

/** The screen a menu command shows: its own, or Browse for the reference check. */
export function screenOfCommand(command: Command): Screen {
  return command === 'references' ? 'browse' : command;
}
