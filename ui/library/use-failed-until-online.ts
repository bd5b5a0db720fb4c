// An image that failed to load, lost with the connection perhaps: forgotten once the browser is
// back online, so it is asked for again (a thumbnail, an email's screenshot).
import { useEffect, useState } from 'preact/hooks';

/** What failed (an address, or true), and how to mark it; null again when the browser comes back online. */
export function useFailedUntilOnline<T>(): [T | null, (failed: T) => void] {
  const [failed, setFailed] = useState<T | null>(null);
  useEffect(() => {
    if (failed === null) return undefined;
    const retry = () => setFailed(null);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failed]);
  return [failed, setFailed];
}
