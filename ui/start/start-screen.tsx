// The getting-started screen: shown on a first run (no key saved, no menu command, no screen used
// before) and from Settings. What each of Envelope's three parts does, what each needs, one step to each;
// once Sync is set up (seen from Settings), it says so and its step goes to Sync instead.
import type { Screen, SettingsView } from '../../src/shared/bridge/messages';
import { Button } from '../components/button';
import { requestSettingsFocus, type SettingsFocusTarget } from '../settings/settings-focus';
import { isStandInAddress } from '../../src/shared/config/stand-in-address';

export interface StartScreenProps {
  onScreen: (screen: Screen) => void;
  /** What Settings holds now: which keys are saved and the file's design system. */
  view: SettingsView;
}

// Said of the builder's own Settings, not of Envelope's Settings tab.
const KEY_WHERE = 'make one in your email builder, under its Settings → API Keys';
// A key saved while the builder's address is still the built-in stand-in: not ready, as Sync and Templates say.
const NO_ADDRESS = 'The email builder’s address is still missing: enter it in Settings.';

/** "a, b and c". */
function listed(parts: string[]): string {
  return parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]!}`;
}

/** What the sync half still needs, in words, with its one step. */
// A step to Settings lands in the field it names, as Sync's and Templates' "Open Settings" do.
function syncStep(view: SettingsView): { needs: string; label: string; screen: Screen; focus?: SettingsFocusTarget } {
  const hasKey = view.builder.keyHint !== null;
  const system = view.designSystemId;
  if (isStandInAddress('builder', view.builder.baseUrl)) {
    // The address is missing too (the built-in stand-in): said with the rest, and the step lands on
    // it, the first of the builder's fields in Settings.
    const saved = [...(hasKey ? ['Your builder API key is saved'] : []), ...(system !== null ? [`this file syncs to design system “${system}”`] : [])];
    if (saved.length === 2) return { needs: `${listed(saved)}. ${NO_ADDRESS}`, label: 'Enter the builder’s address', screen: 'settings', focus: 'builder-address' };
    const needed = listed(['the email builder’s address', ...(hasKey ? [] : [`a builder API key (${KEY_WHERE})`]), ...(system === null ? ['the id of the design system this file syncs to'] : [])]);
    return { needs: saved.length === 0 ? `Needs ${needed}.` : `${saved[0]!.replace(/^t/, 'T')}. Still needed: ${needed}.`, label: 'Connect the builder', screen: 'settings', focus: 'builder-address' };
  }
  if (hasKey && system !== null) return { needs: `Ready: your builder API key is saved and this file syncs to design system “${system}”.`, label: 'Open Sync', screen: 'sync' };
  if (hasKey) return { needs: 'Your builder API key is saved. This file still needs the id of the design system it syncs to.', label: 'Choose the design system', screen: 'settings', focus: 'design-system' };
  if (system !== null) return { needs: `This file syncs to design system “${system}”. Your builder API key is still needed (${KEY_WHERE}).`, label: 'Add your builder key', screen: 'settings', focus: 'builder' };
  return { needs: `Needs a builder API key (${KEY_WHERE}) and the id of the design system this file syncs to.`, label: 'Connect the builder', screen: 'settings', focus: 'builder' };
}

/**
 * What Templates needs, in words: the builder's key, and its address when that is the stand-in.
 * Where a key is made is said once, by Sync's part above whenever the key is missing (syncStep):
 * said here too, the welcome screen read the same bracket twice.
 */
function templatesNeeds(view: SettingsView): string {
  const noAddress = isStandInAddress('builder', view.builder.baseUrl);
  if (view.builder.keyHint === null) return noAddress ? 'Needs only the email builder’s address and a builder API key, the same ones Sync uses.' : 'Needs only a builder API key, the same one Sync uses.';
  return noAddress ? `Your builder API key is saved. ${NO_ADDRESS}` : 'Ready: your builder API key is saved.';
}

/** What Browse needs: nothing but the library's address (a key adds more). */
function browseNeeds(view: SettingsView): string {
  const noAddress = isStandInAddress('library', view.library.baseUrl);
  if (view.library.keyHint === null) return `${noAddress ? 'Needs only the email library’s address (enter it in Settings): it works without a key.' : 'Works without a key.'} A library API key adds HTML previews and your follows, likes and collections.`;
  return noAddress ? 'Your library API key is saved. The email library’s address is still missing: enter it in Settings.' : 'Your library API key is saved: HTML previews and your follows, likes and collections are on.';
}

export function StartScreen({ onScreen, view }: StartScreenProps) {
  const sync = syncStep(view);
  const toSettings = (focus: SettingsFocusTarget) => () => {
    requestSettingsFocus(focus);
    onScreen('settings');
  };
  return (
    <div class="screen" data-testid="screen-start">
      <p>Envelope links this Figma file to your email work in three ways. Use any of them.</p>
      <section class="start-part" aria-labelledby="start-sync-title">
        <h2 id="start-sync-title">Sync with your email builder</h2>
        <p>Keep this file’s components and your builder’s design system in step: see what changed on each side, then send or take the differences.</p>
        <p class="muted">{sync.needs}</p>
        <div class="button-row">
          <Button
            variant="primary"
            onClick={sync.focus ? toSettings(sync.focus) : () => onScreen(sync.screen)}
            testId="start-sync"
          >
            {sync.label}
          </Button>
        </div>
      </section>
      <section class="start-part" aria-labelledby="start-templates-title">
        <h2 id="start-templates-title">Save frames as email templates</h2>
        <p>Save a selected frame as a template in your email builder, update it after you change the frame, and rename or delete your templates.</p>
        <p class="muted">{templatesNeeds(view)}</p>
        <div class="button-row">
          {view.builder.keyHint !== null && isStandInAddress('builder', view.builder.baseUrl) ? (
            // With the key saved, Templates could only say the address is missing: the step goes where it is entered.
            <Button onClick={toSettings('builder-address')}>Enter the builder’s address</Button>
          ) : (
            <Button onClick={() => onScreen('templates')}>Open Templates</Button>
          )}
        </div>
      </section>
      <section class="start-part" aria-labelledby="start-browse-title">
        <h2 id="start-browse-title">Browse email inspiration</h2>
        {/* What Browse offers: its search filters (words, brand, category, date; no stage) and Journeys, where stages are. */}
        <p>Search brand marketing emails by words, brand, category and date, follow a brand’s journey stage by stage, and bring references into this file.</p>
        <p class="muted">{browseNeeds(view)}</p>
        <div class="button-row">
          {isStandInAddress('library', view.library.baseUrl) ? (
            // Browse could only say the address is missing: the step goes where it is entered.
            <Button onClick={toSettings('library-address')} testId="start-browse">
              Enter the library’s address
            </Button>
          ) : (
            <Button onClick={() => onScreen('browse')} testId="start-browse">
              Start browsing
            </Button>
          )}
        </div>
      </section>
      <p class="muted">This screen stays one click away: Settings has a link back to it.</p>
    </div>
  );
}
