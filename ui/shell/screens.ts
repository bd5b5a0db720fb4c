// The plugin's four screens, one per menu command, in menu order.
import type { Command } from '../../src/shared/bridge/messages';

export interface ScreenInfo {
  id: Command;
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

/** The screen to open first: the menu command's, or Settings when nothing is set up yet. */
export function initialScreen(command: Command | null, hasAnyKey: boolean): Command {
  if (command) return command;
  return hasAnyKey ? 'sync' : 'settings';
}
