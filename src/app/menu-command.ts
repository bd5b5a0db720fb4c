import { commandSchema, launchActionSchema, type Command, type LaunchAction } from '../shared/bridge/messages';

/** The screen a menu command opens, or null when the plugin was started without one. */
export function parseMenuCommand(command: string): Command | null {
  const parsed = commandSchema.safeParse(command);
  if (parsed.success) return parsed.data;
  const action = parseLaunchAction(command);
  return action === 'update-template' ? 'templates' : action === 'open-email' ? 'browse' : null;
}

/** The action a relaunch button asks for (its screen is `parseMenuCommand`'s), or null. */
export function parseLaunchAction(command: string): LaunchAction | null {
  const parsed = launchActionSchema.safeParse(command);
  return parsed.success ? parsed.data : null;
}
