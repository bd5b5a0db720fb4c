import type { SettingsView } from '../../src/shared/bridge/messages';
import { ApiSection } from './api-section';
import { DesignSystemSection } from './design-system-section';
import type { SettingsRequester } from './settings-requester';

export interface SettingsScreenProps {
  view: SettingsView;
  onView: (view: SettingsView) => void;
  requester: SettingsRequester;
}

export function SettingsScreen({ view, onView, requester }: SettingsScreenProps) {
  return (
    <div class="screen" data-testid="screen-settings">
      <p class="muted">Keys are kept on this computer for your Figma account only; they are never saved in the file.</p>
      <ApiSection api="builder" view={view} onView={onView} requester={requester} />
      <DesignSystemSection view={view} onView={onView} requester={requester} />
      <ApiSection api="library" view={view} onView={onView} requester={requester} />
    </div>
  );
}
