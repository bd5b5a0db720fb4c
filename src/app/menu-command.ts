import { commandSchema, type Command } from '../shared/bridge/messages';

/** The screen a menu command opens, or null when the plugin was started without one. */
export function parseMenuCommand(command: string): Command | null {
  const parsed = commandSchema.safeParse(command);
  return parsed.success ? parsed.data : null;
}
