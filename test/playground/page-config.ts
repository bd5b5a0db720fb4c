// What the playground server tells its page: where the emulator runs. Shared by the server
// (which writes it into the page) and the page script (which reads it back).

export interface EmulatorUrls {
  libraryUrl: string;
  builderUrl: string;
}

export interface PlaygroundConfig {
  /** null when the playground runs without an emulator. */
  emulator: EmulatorUrls | null;
  /**
   * What figma's fetch may reach, as Figma allows a plugin in development: the manifest's
   * allowedDomains and devAllowedDomains, plus the emulator this playground was given.
   * null: anything.
   */
  allowedDomains: string[] | null;
  /** The manifest's permissions (figma.currentUser needs 'currentuser'); null: not checked. */
  permissions: string[] | null;
}

export const CONFIG_ELEMENT_ID = 'playground-config';

/** JSON safe to place inside a <script> element: no `<` can end it early. */
export function serializeConfig(config: PlaygroundConfig): string {
  return JSON.stringify(config).replace(/</g, '\\u003c');
}

function isUrlPair(value: unknown): value is EmulatorUrls {
  if (typeof value !== 'object' || value === null) return false;
  const { libraryUrl, builderUrl } = value as Record<string, unknown>;
  return typeof libraryUrl === 'string' && typeof builderUrl === 'string';
}

/** Reads the config back; anything malformed is reported in words. */
export function parseConfig(text: string): PlaygroundConfig {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('The playground config is not JSON.');
  }
  if (typeof value !== 'object' || value === null || !('emulator' in value)) {
    throw new Error('The playground config has no "emulator" entry.');
  }
  const emulator = (value as { emulator: unknown }).emulator;
  if (emulator !== null && !isUrlPair(emulator)) {
    throw new Error('The playground config\'s "emulator" needs libraryUrl and builderUrl strings.');
  }
  const allowedDomains = (value as { allowedDomains?: unknown }).allowedDomains ?? null;
  if (allowedDomains !== null && !(Array.isArray(allowedDomains) && allowedDomains.every((entry) => typeof entry === 'string'))) {
    throw new Error('The playground config\'s "allowedDomains" must be a list of strings or null.');
  }
  const permissions = (value as { permissions?: unknown }).permissions ?? null;
  if (permissions !== null && !(Array.isArray(permissions) && permissions.every((entry) => typeof entry === 'string'))) {
    throw new Error('The playground config\'s "permissions" must be a list of strings or null.');
  }
  return { emulator, allowedDomains: allowedDomains as string[] | null, permissions: permissions as string[] | null };
}
