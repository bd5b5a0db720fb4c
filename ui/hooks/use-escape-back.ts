// Escape goes back from what a screen opened (a journey, a collection, a Sync row), as it does from an email
// or a brand's page (the Browse screen's keys); not when Escape was already used (an email opened
// from it went back), nor when it was pressed in a field: there it is the field's (a search
// field clears, a closed list does nothing), or a designer leaving a list would lose the journey.
import { useEffect } from 'preact/hooks';
import { useLatest } from './use-latest';

/** The key was pressed in a form field: the field's, not the screen's. */
export function pressedInField(event: KeyboardEvent): boolean {
  return event.target instanceof Element && event.target.closest('input, select, textarea') !== null;
}

/** `back`: where Escape goes now; null while nothing is open or the section is hidden. */
export function useEscapeBack(back: (() => void) | null): void {
  const latest = useLatest(back);
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && !pressedInField(event) && latest.current) {
        event.preventDefault();
        latest.current();
      }
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [latest]);
}
