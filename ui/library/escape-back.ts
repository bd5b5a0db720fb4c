// Escape goes back from what a section opened (a journey, a collection), as it does from an email
// or a brand's page (the Browse screen's keys); not when Escape was already used (an email opened
// from it went back).
import { useEffect } from 'preact/hooks';
import { useLatest } from '../hooks/use-latest';

/** `back`: where Escape goes now; null while nothing is open or the section is hidden. */
export function useEscapeBack(back: (() => void) | null): void {
  const latest = useLatest(back);
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && latest.current) {
        event.preventDefault();
        latest.current();
      }
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [latest]);
}
