// What Envelope's manifest.json grants a plugin in development, read from the manifest itself:
// the origins figma's fetch may reach (`allowedDomains` + `devAllowedDomains`; "none" grants
// nothing) and the relaunch buttons' commands.
import manifest from '../../manifest.json';

interface ManifestGrants {
  networkAccess?: { allowedDomains?: readonly string[]; devAllowedDomains?: readonly string[] };
  relaunchButtons?: ReadonlyArray<{ command: string }>;
}

const grants = manifest as ManifestGrants;

/** Origins (Figma's allowedDomains syntax) a plugin in development may reach. */
export const MANIFEST_ALLOWED_DOMAINS: readonly string[] = Object.freeze(
  [...(grants.networkAccess?.allowedDomains ?? ['*']), ...(grants.networkAccess?.devAllowedDomains ?? [])].filter((entry) => entry !== 'none'),
);

/** The commands of the manifest's relaunch buttons (the buttons setRelaunchData can show). */
export const MANIFEST_RELAUNCH_COMMANDS: readonly string[] = Object.freeze((grants.relaunchButtons ?? []).map((button) => button.command));
