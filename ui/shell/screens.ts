// The plugin's four screens, one per menu command, in menu order (the reference check's command
// opens Browse on its References view).
import type { Command, Screen } from '../../src/shared/bridge/messages';

export interface ScreenInfo {
  id: Screen;
  label: string;
}

export const SCREENS: readonly ScreenInfo[] = [
  { id: 'sync', label: 'Sync' },
  { id: 'browse', label: 'Browse' },
  { id: 'templates', label: 'Templates' },
  { id: 'settings', label: 'Settings' },
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
