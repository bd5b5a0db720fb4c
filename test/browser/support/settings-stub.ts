// A stand-in sandbox for a Settings race: installed in the page before the UI loads, it answers
// app/init (the start, and the re-read when the window comes back) and the design-system save.
// The fault it sets up: the sandbox answers a re-read asked just before a save with what that
// save wrote (the read finished after the write, as slow clientStorage lets it), and the save's
// own answer comes later. Runs in the page, so it is self-contained (no imports, no closures).

export function installSettingsStub(): void {
  const view = (designSystemId: string | null) => ({
    library: { baseUrl: 'https://library.example', defaultBaseUrl: 'https://library.example', keyHint: null },
    builder: { baseUrl: 'https://builder.example', defaultBaseUrl: 'https://builder.example', keyHint: 'ef_••••1a2b' },
    designSystemId,
  });
  let stored: string | null = 'ds_1';
  let inits = 0;
  let saveArrived: (() => void) | null = null;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const send = (message: Record<string, unknown>) => window.dispatchEvent(new MessageEvent('message', { data: { pluginMessage: { channel: 'envelope', ...message } } }));
  const handlers: Record<string, (payload: Record<string, unknown>) => unknown> = {
    'app/init': async () => {
      inits += 1;
      // A re-read: it finishes only after the save that follows it has written.
      if (inits > 1) await new Promise<void>((resolve) => (saveArrived = resolve));
      return { command: 'settings', action: null, emailId: null, lastScreen: null, fileName: 'Newsletter components', userName: 'Sam', settings: view(stored) };
    },
    'settings/set-design-system': async (payload) => {
      stored = typeof payload['id'] === 'string' && payload['id'] !== '' ? payload['id'] : null;
      saveArrived?.();
      await sleep(300);
      return view(stored);
    },
  };
  window.postMessage = ((data: { pluginMessage?: { kind: string; id: string; type?: string; payload?: Record<string, unknown> } }) => {
    const message = data?.pluginMessage;
    if (message?.kind !== 'request' || !message.type) return;
    const handler = handlers[message.type];
    void Promise.resolve()
      .then(() => (handler ? handler(message.payload ?? {}) : {}))
      .then((payload) => send({ kind: 'reply', id: message.id, ok: true, payload }));
  }) as typeof window.postMessage;
}
