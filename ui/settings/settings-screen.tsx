import type { SettingsView } from '../../src/shared/bridge/messages';
import type { ApiName } from '../../src/shared/settings/validate-settings';
import { Button } from '../components/button';
import { ApiSection } from './api-section';
import { DesignSystemSection } from './design-system-section';
import type { SettingsRequester } from './settings-requester';
import type { RefusedKey } from '../library/refused-key';

export interface SettingsScreenProps {
  view: SettingsView;
  /** `api`: the API whose address or key was saved or forgotten, when that is what changed. */
  onView: (view: SettingsView, api?: ApiName) => void;
  requester: SettingsRequester;
  /** Opens the getting-started screen again. */
  onShowStart: () => void;
  /** Kept, hidden, while another screen shows: what was typed and not saved yet stays. */
  hidden?: boolean;
  /** The library key Browse heard refused, if any. */
  refusedLibraryKey?: RefusedKey | null;
}

export function SettingsScreen({ view, onView, requester, onShowStart, hidden = false, refusedLibraryKey = null }: SettingsScreenProps) {
  return (
    <div class="screen" data-testid="screen-settings" hidden={hidden}>
      <p class="muted">Keys are kept on this computer for your Figma account only; they are never saved in the file.</p>
      <ApiSection api="builder" view={view} onView={onView} requester={requester} />
      <DesignSystemSection view={view} onView={onView} requester={requester} />
      <ApiSection api="library" view={view} onView={onView} requester={requester} refusedKey={refusedLibraryKey} />
      <section class="settings-section" aria-labelledby="settings-start-title">
        <h2 id="settings-start-title">Getting started</h2>
        <p class="muted">
          What sync, templates and browsing each do and need, with a step to each.{' '}
          <Button variant="link" onClick={onShowStart} testId="settings-show-start">
            Show the welcome screen
          </Button>
        </p>
      </section>
    </div>
  );
}
