import type { Screen } from '../../src/shared/bridge/messages';
import { countWord } from '../components/count-words';
import { SCREENS, type ScreenId } from './screens';

export interface NavBarProps {
  /** The screen shown; the getting-started screen has no tab, so none is marked. */
  current: ScreenId;
  onSelect: (screen: Screen) => void;
  /** A count on a screen's tab (changes waiting on Sync); none when 0. */
  badges?: Partial<Record<Screen, number>>;
}

/** Top-level navigation: plain buttons in tab order; the open screen is marked aria-current. */
export function NavBar({ current, onSelect, badges = {} }: NavBarProps) {
  return (
    <nav aria-label="Envelope screens">
      <ul class="nav-list">
        {SCREENS.map((screen) => {
          const count = badges[screen.id] ?? 0;
          return (
            <li key={screen.id}>
              <button
                type="button"
                class="nav-item"
                aria-current={screen.id === current ? 'page' : undefined}
                data-testid={`nav-${screen.id}`}
                onClick={() => onSelect(screen.id)}
              >
                {screen.label}
                {count > 0 ? (
                  // Read as "Sync 3 changes to review": the visible words stay the start of the name. The
                  // number the list counts, up to 999 (it said "99+" beside a list of 190); past that, said in full.
                  <span class="nav-badge" data-testid={`nav-${screen.id}-badge`}>
                    {count > 999 ? <span aria-hidden="true">999+</span> : count}
                    <span class="visually-hidden">
                      {' '}
                      {count > 999 ? `${count.toLocaleString('en-US')} ` : ''}
                      {countWord(count, 'change')} to review
                    </span>
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
