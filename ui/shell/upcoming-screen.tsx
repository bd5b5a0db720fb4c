import type { ScreenInfo } from './screens';

/** An honest empty state for a screen that is not in this version yet. */
export function UpcomingScreen({ screen }: { screen: ScreenInfo }) {
  return (
    <div class="screen" data-testid={`screen-${screen.id}`}>
      <div class="empty-state">
        <strong>{screen.label} is not available in this version.</strong>
        <p>{screen.purpose}</p>
        <p>It is planned for a later version of Envelope.</p>
      </div>
    </div>
  );
}
