// Settings read again when the window comes back (another Envelope window of the same person may
// have saved keys or addresses meanwhile): whether the read changes what this window shows. The
// view's fields are few and flat, so they are compared one by one: no deep equality (nor a
// JSON.stringify, which tells key order apart) in the UI bundle for them.
import { apiNameSchema, type SettingsView } from '../../src/shared/bridge/messages';
import type { ApiName } from '../../src/shared/settings/validate-settings';

/** null when the read shows what is shown already; else the APIs whose address or key it changed (maybe none: the design system). */
export function changesOfRead(shown: SettingsView, read: SettingsView): ApiName[] | null {
  const apis = apiNameSchema.options;
  const changed = apis.filter((api) => shown[api].baseUrl !== read[api].baseUrl || shown[api].keyHint !== read[api].keyHint);
  const same = changed.length === 0 && shown.designSystemId === read.designSystemId && apis.every((api) => shown[api].defaultBaseUrl === read[api].defaultBaseUrl);
  return same ? null : changed;
}
