// The getting-started screen: shown on a first run (no key saved, no menu command, no screen used
// before) and from Settings. What Envelope's two halves do, what each needs, one step to each.
import type { Screen } from '../../src/shared/bridge/messages';
import { Button } from '../components/button';

export interface StartScreenProps {
  onScreen: (screen: Screen) => void;
}

export function StartScreen({ onScreen }: StartScreenProps) {
  return (
    <div class="screen" data-testid="screen-start">
      <p>Envelope links this Figma file to your email work in two ways. Use either one, or both.</p>
      <section class="start-part" aria-labelledby="start-sync-title">
        <h2 id="start-sync-title">Sync with your email builder</h2>
        <p>Keep this file’s components and your builder’s design system in step: see what changed on each side, then send or take the differences.</p>
        <p class="muted">
          Needs a builder API key (the builder makes one under Settings → API Keys) and the id of the design system this file syncs to.
        </p>
        <div class="button-row">
          <Button variant="primary" onClick={() => onScreen('settings')} testId="start-sync">
            Connect the builder
          </Button>
        </div>
      </section>
      <section class="start-part" aria-labelledby="start-browse-title">
        <h2 id="start-browse-title">Browse email inspiration</h2>
        <p>Search brand marketing emails by brand, category and lifecycle stage, and bring references into this file.</p>
        <p class="muted">Works without a key. A library API key adds HTML previews and your follows, likes and collections.</p>
        <div class="button-row">
          <Button onClick={() => onScreen('browse')} testId="start-browse">
            Start browsing
          </Button>
        </div>
      </section>
      <p class="muted">This screen stays one click away: Settings has a link back to it.</p>
    </div>
  );
}
