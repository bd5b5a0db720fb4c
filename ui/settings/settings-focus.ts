// "Open Settings" from a screen whose key was refused or is missing: Settings opens on that
// API's key, ready for a new one, rather than at its top (the library's section sits below the
// builder's, out of sight in the plugin's window); from a step about the file's design system,
// on its field (below the builder's section too); from one about a missing address, on that
// API's address (`library-address`). The screen asks before it switches to
// Settings; the section takes the request the first time it is drawn visible.
import type { ApiName } from '../../src/shared/settings/validate-settings';

export type SettingsFocusTarget = ApiName | `${ApiName}-address` | 'design-system';

let wanted: SettingsFocusTarget | null = null;

export function requestSettingsFocus(target: SettingsFocusTarget): void {
  wanted = target;
}

/**
 * Opens Settings (`open`) on `target`, asked after `open`: a screen's own Open Settings asks for
 * the field it usually needs (the key), and a missing address is more specific than that.
 */
export function openSettingsOn(target: SettingsFocusTarget, open: () => void): void {
  open();
  wanted = target;
}

/** True once for a request for `target`, when `shown` (an element of its section) is on screen. */
export function takeSettingsFocus(target: SettingsFocusTarget, shown: HTMLElement | null): boolean {
  if (wanted !== target || shown === null || shown.offsetParent === null) return false;
  wanted = null;
  return true;
}
