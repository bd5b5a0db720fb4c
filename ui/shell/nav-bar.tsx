import type { Command } from '../../src/shared/bridge/messages';
import { SCREENS } from './screens';

export interface NavBarProps {
  current: Command;
  onSelect: (screen: Command) => void;
}

/** Top-level navigation: plain buttons in tab order; the open screen is marked aria-current. */
export function NavBar({ current, onSelect }: NavBarProps) {
  return (
    <nav aria-label="Envelope screens">
      <ul class="nav-list">
        {SCREENS.map((screen) => (
          <li key={screen.id}>
            <button
              type="button"
              class="nav-item"
              aria-current={screen.id === current ? 'page' : undefined}
              data-testid={`nav-${screen.id}`}
              onClick={() => onSelect(screen.id)}
            >
              {screen.label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
