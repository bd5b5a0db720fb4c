import { useCallback, useRef, useState } from 'preact/hooks';

/**
 * Runs one async action at a time and says which one is running, so buttons can show it and
 * a second click does not start a second request.
 */
export function useBusy<Name extends string>(): [Name | null, (name: Name, action: () => Promise<void>) => Promise<void>] {
  const [busy, setBusy] = useState<Name | null>(null);
  const running = useRef(false);
  const run = useCallback(async (name: Name, action: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(name);
    try {
      await action();
    } finally {
      running.current = false;
      setBusy(null);
    }
  }, []);
  return [busy, run];
}
