// "Open Settings" from a screen whose key was refused or is missing: Settings opens on that
// API's key, ready for a new one, rather than at its top (the library's section sits below the
// builder's, out of sight in the plugin's window). The screen asks before it switches to Settings;
// the section takes the request the first time it is drawn visible.
import type { ApiName } from '../../src/shared/settings/validate-settings';

let wanted: ApiName | null = null;

export function requestSettingsFocus(api: ApiName): void {
  wanted = api;
}

/** True once for a request for `api`, when `shown` (an element of its section) is on screen. */
export function takeSettingsFocus(api: ApiName, shown: HTMLElement | null): boolean {
  if (wanted !== api || shown === null || shown.offsetParent === null) return false;
  wanted = null;
  return true;
}
