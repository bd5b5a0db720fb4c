// A relaunch button's description is shown under the button in Figma's properties panel: a
// long name is cut short there (Figma itself refuses over 1,000 characters).
import { truncateText } from '../shared/api/http/utf8';

const RELAUNCH_NAME_LIMIT = 60;

/** `name` cut to what reads well under a relaunch button. */
export function relaunchName(name: string): string {
  return name.length > RELAUNCH_NAME_LIMIT ? `${truncateText(name, RELAUNCH_NAME_LIMIT - 1)}…` : name;
}
