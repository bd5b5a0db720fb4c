// A stand-in sandbox for the Sync screen's browser tests: installed in the page before the UI
// loads, it answers the UI's bridge requests (app/init and the sync/* ones) with canned data,
// reports progress like the runner, and records what the UI sent. Runs in the page, so it is
// self-contained (no imports, no closures over test code).

export interface SyncStubConfig {
  /** Rows in the comparison (kinds cycle through local, remote, conflict and same-on-both-sides). */
  count: number;
  /** The kinds the rows cycle through, instead of those above. */
  kinds?: string[];
  /** Extra format-update rows. */
  formatUpdates?: number;
  problem?: 'no-builder-key' | 'no-design-system' | 'no-key-and-design-system' | null;
  readOnlyReason?: string | null;
  /** The comparison says the file's sync state could not be read. */
  stateProblem?: string;
  /** sync/choose fails with this message. */
  chooseError?: string;
  /** Only this sync/choose call (1 = the first) fails, with the message of chooseError. */
  chooseErrorAt?: number;
  /** Adds "Banner" deleted and added again (keys r-old, r-new), paired as a replacement. */
  replaced?: boolean;
  /** With `replaced`: the deletion of r-old was skipped (chosen before the new one was made). */
  replacedDeleteSkipped?: boolean;
  /** Only this sync/detail call (1 = the first) fails, the builder being out of reach. */
  detailErrorAt?: number;
  /** sync/detail gives both pictures (the modes Overlay, Swipe and Difference show), not the "before" alone. */
  bothPictures?: boolean;
  /** With `bothPictures`: from this sync/detail call on (1 = the first), the "after" picture is a new address that cannot be read. */
  unreadablePictureFrom?: number;
  /** sync/keep-apart fails with this message. */
  keepApartError?: string;
  /** Milliseconds between progress reports. */
  stepMs?: number;
  /** Adds "Badge" (key dc): deleted here and changed in the design system, a conflict that cannot be taken. */
  deletedConflict?: boolean;
  /** The chips of the rows with two versions, cycled through (default: a fill; text and size; a description). */
  chipSets?: string[][];
  /** From the second comparison on, a teammate has changed k0 too: it is a conflict. */
  conflictOnSecondCompare?: boolean;
  /** From this sync/compare call on (1 = the first), the comparison fails, the builder being out of reach. */
  compareErrorFrom?: number;
  /** sync/run fails before sending anything, with this error (as the runner refuses a stale comparison). */
  runError?: { code: string; message: string };
  /** With `runError`: the first this many rows to send were sent and recorded before it (a failure part-way). */
  runSentBeforeError?: number;
  /** sync/current fails with this message (the recorded state could not be read). */
  currentError?: string;
  /** Requests of these types wait, before doing anything, until `syncStub.release(type)` (a held answer, as the emulator's stall). */
  hold?: string[];
  /** The names the rows cycle through (each followed by its index), instead of the stand-in's four. */
  names?: string[];
  /** The steps by hand the run leaves for "Card / Product 1" (default: one). */
  runSteps?: string[];
  /** What the run leaves by hand, instead of the entry for "Card / Product 1". */
  runManualSteps?: Array<{ key: string; name: string; steps: string[] }>;
  /** The detail's pictures drawn this size, in px (default 40 × 20): [320, 240] as a hero section is. */
  pictureSize?: [number, number];
  /** A conflict's steps by hand if theirs is taken (default: one). */
  conflictManualSteps?: string[];
  /** Adds "Header" (key tp): their version, changed by Robin Vale just now, an earlier sync took in part, with these steps left by hand (not ticked to take again, as the sandbox has it). */
  takenInPartSteps?: string[];
  /** The entries in the file's sync history (default: one, two hours ago); each an hour before the one above. */
  historyEntries?: number;
}

export function installSyncStub(config: SyncStubConfig): void {
  const kinds = config.kinds ?? ['local-change', 'local-change', 'local-add', 'remote-change', 'conflict', 'local-delete', 'remote-add', 'remote-delete', 'both-same'];
  const names = config.names ?? ['Button / Primary', 'Card / Product', 'Hero / Split', 'Footer / Legal'];
  const now = Date.now();
  const hoursAgo = (hours: number) => new Date(now - hours * 3600e3).toISOString();
  type Item = { key: string; name: string; kind: string; componentKind: string; choice: string; choices?: string[]; remoteUpdatedBy: string | null; remoteUpdatedAt: string | null; chips?: string[]; takenInPart?: { steps: string[] } };
  // What changed, for rows with two versions: cycles through a fill, text and size, a description.
  const [pictureWidth, pictureHeight] = config.pictureSize ?? [40, 20];
  const chipSets = config.chipSets ?? [['fill'], ['text', 'size'], ['description']];
  let items: Item[] = [];
  for (let index = 0; index < config.count; index++) {
    const kind = kinds[index % kinds.length] ?? 'local-change';
    const remote = kind.startsWith('remote') || kind === 'conflict';
    items.push({
      key: `k${index}`,
      name: `${names[index % names.length]} ${index}`,
      kind,
      componentKind: 'component',
      // As the sandbox's defaults: a remote addition cannot be taken (there is nothing to take it into).
      choice: kind.startsWith('local') ? 'push' : kind === 'remote-change' ? 'take' : 'skip',
      remoteUpdatedBy: remote ? 'Ana Lima' : null,
      remoteUpdatedAt: remote ? hoursAgo(3) : null,
      ...(kind === 'local-change' || kind === 'remote-change' || kind === 'conflict' ? { chips: chipSets[index % chipSets.length] } : {}),
    });
  }
  for (let index = 0; index < (config.formatUpdates ?? 0); index++) {
    items.push({ key: `f${index}`, name: `Format ${index}`, kind: 'format-update', componentKind: 'component', choice: 'push', remoteUpdatedBy: null, remoteUpdatedAt: null });
  }
  if (config.deletedConflict) {
    items.push({ key: 'dc', name: 'Badge', kind: 'conflict', componentKind: 'component', choice: 'skip', choices: ['push', 'skip'], remoteUpdatedBy: 'Ana Lima', remoteUpdatedAt: hoursAgo(1) });
  }
  if (config.takenInPartSteps) {
    items.push({ key: 'tp', name: 'Header', kind: 'remote-change', componentKind: 'component', choice: 'skip', remoteUpdatedBy: 'Robin Vale', remoteUpdatedAt: new Date(now).toISOString(), chips: ['fill'], takenInPart: { steps: config.takenInPartSteps } });
  }
  if (config.replaced) {
    items.push({ key: 'r-old', name: 'Banner', kind: 'local-delete', componentKind: 'component', choice: config.replacedDeleteSkipped ? 'skip' : 'push', remoteUpdatedBy: null, remoteUpdatedAt: null });
    // As the sandbox gives them: the replacement's chips (against the deleted one) on the added row.
    items.push({ key: 'r-new', name: 'Banner', kind: 'local-add', componentKind: 'component', choice: 'push', remoteUpdatedBy: null, remoteUpdatedAt: null, chips: ['fill'] });
  }
  // The pairs kept apart, as the sandbox keeps them in clientStorage: they outlive the window
  // (a reload of the page, as a reopened plugin window loads the UI again).
  const APART_KEY = 'syncStub.keptApart';
  const keptApart = (): string[] => JSON.parse(sessionStorage.getItem(APART_KEY) ?? '[]') as string[];
  const comparison = () => {
    const counts: Record<string, number> = { unchanged: 7 };
    for (const item of items) counts[item.kind] = (counts[item.kind] ?? 0) + 1;
    const apart = keptApart().includes('r-old>r-new');
    const paired = !apart && items.some((item) => item.key === 'r-new') && items.some((item) => item.key === 'r-old');
    // As the sandbox: kept apart, the addition is compared with nothing (no chips).
    const shown = apart ? items.map((item) => (item.key === 'r-new' ? { ...item, chips: undefined } : item)) : items;
    const replacements = paired ? [{ oldKey: 'r-old', newKey: 'r-new' }] : [];
    return { items: shown, counts, serverTime: new Date().toISOString(), readOnlyReason: config.readOnlyReason ?? null, replacements, ...(config.stateProblem ? { stateProblem: config.stateProblem } : {}) };
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const step = config.stepMs ?? 20;
  const send = (message: Record<string, unknown>) => window.dispatchEvent(new MessageEvent('message', { data: { pluginMessage: { channel: 'envelope', ...message } } }));
  const sent: { type?: string; kind: string; payload?: unknown }[] = [];
  const cancelled = new Set<string>();
  let compares = 0;
  let details = 0;
  let chooses = 0;
  // A failure the runner would report: an Error carrying the bridge's error code.
  const failure = (code: string, message: string) => Object.assign(new Error(message), { code });
  // Held requests wait on their type's gate; release opens it for those waiting and those to come.
  const gates = new Map<string, { open: Promise<void>; release: () => void }>();
  for (const type of config.hold ?? []) {
    let release: () => void = () => undefined;
    const open = new Promise<void>((resolve) => (release = resolve));
    gates.set(type, { open, release });
  }
  (window as unknown as { syncStub: unknown }).syncStub = {
    sent,
    emit: (type: string, payload: unknown) => send({ kind: 'event', type, payload }),
    release: (type: string) => gates.get(type)?.release(),
  };

  const handlers: Record<string, (payload: Record<string, unknown>, id: string) => unknown> = {
    'app/init': () => ({
      command: 'sync',
      action: null,
      emailId: null,
      lastScreen: null,
      fileName: 'Newsletter components',
      userName: 'Sam',
      settings: {
        library: { baseUrl: 'https://library.example', defaultBaseUrl: 'https://library.example', keyHint: null },
        builder: { baseUrl: 'https://builder.example', defaultBaseUrl: 'https://builder.example', keyHint: 'ef_••••1a2b' },
        designSystemId: 'ds_1',
      },
    }),
    'sync/overview': () => ({
      problem: config.problem ?? null,
      designSystemId: 'ds_1',
      lastSyncedAt: hoursAgo(2),
      readOnlyReason: config.readOnlyReason ?? null,
      history: Array.from({ length: config.historyEntries ?? 1 }, (_, index) => ({ at: hoursAgo(2 + index), user: 'Sam', pushed: 12, deleted: 1, taken: 2, conflicts: 1 })),
    }),
    'sync/compare': async (_payload, id) => {
      for (let done = 0; done <= 1200; done += 400) {
        send({ kind: 'progress', id, progress: { done, total: 1200, label: 'Reading components…' } });
        await sleep(step);
      }
      send({ kind: 'progress', id, progress: { done: 0, total: null, label: 'Asking the design system for changes…' } });
      await sleep(step);
      compares += 1;
      if (config.compareErrorFrom !== undefined && compares >= config.compareErrorFrom) throw failure('offline', 'Envelope could not reach the builder. Check your connection and try again.');
      if (config.conflictOnSecondCompare && compares >= 2) {
        items = items.map((item) => (item.key === 'k0' ? { ...item, kind: 'conflict', choice: 'skip', remoteUpdatedBy: 'Ana Lima', remoteUpdatedAt: hoursAgo(0) } : item));
      }
      return comparison();
    },
    'sync/detail': (payload) => {
      details += 1;
      if (details === config.detailErrorAt) throw failure('offline', 'Envelope could not reach the builder. Check your connection and try again.');
      const item = items.find((entry) => entry.key === payload.key);
      if (!item) throw failure('not_found', 'That component is no longer in the comparison.');
      const conflict = item.kind === 'conflict';
      if (payload.replaces === 'r-old') {
        return {
          item,
          beforeLabel: 'Deleted (old key)',
          afterLabel: 'Added (new key)',
          beforeKnown: true,
          changes: [{ path: 'Banner', property: 'fill', before: '#ffffff', after: '#000000', beforeColor: '#ffffff', afterColor: '#000000' }],
          beforePicture: null,
          afterPicture: null,
          manualSteps: [],
        };
      }
      return {
        item,
        // A conflict's captions as the real sandbox gives them (sync-details.ts): theirs first, signed
        // by the builder app's long name, so the narrow heads are tested with it.
        beforeLabel: conflict ? 'Theirs (design system), by Robin Vale (builder app)' : 'Last sync',
        afterLabel: conflict ? 'Mine (this file)' : 'This file',
        beforeKnown: item.kind !== 'local-add',
        changes: [
          { path: 'Button / Type=Primary › Label', property: 'fill', before: '#0A66FF', after: '#0052CC', beforeColor: '#0A66FF', afterColor: '#0052CC' },
          { path: 'Button / Type=Primary', property: 'padding left', before: '16', after: '20' },
        ],
        beforePicture: `data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="${pictureWidth}" height="${pictureHeight}"/%3E`,
        afterPicture: !config.bothPictures
          ? null
          : config.unreadablePictureFrom !== undefined && details >= config.unreadablePictureFrom
            ? `data:image/png;base64,bm90IGEgcGljdHVyZQ${details}`
            : `data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="${pictureWidth}" height="${pictureHeight}"%3E%3Crect width="${pictureWidth}" height="${pictureHeight}" fill="%230052CC"/%3E%3C/svg%3E`,
        manualSteps: conflict ? (config.conflictManualSteps ?? ['Set the corner radius to 6 by hand.']) : [],
      };
    },
    // Every third row of each kind (a key's index / 9 ≡ 2 mod 3) has no picture; the others a small coloured square.
    'sync/pictures': async (payload) => {
      await sleep(step);
      const pictures: Record<string, string | null> = {};
      for (const key of payload.keys as string[]) {
        const index = Number(key.replace(/\D/g, ''));
        pictures[key] = Math.floor(index / 9) % 3 === 2 ? null : `data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="48" height="24"%3E%3Crect width="48" height="24" fill="%23${index % 2 ? '0a84ff' : 'ff6b00'}"/%3E%3C/svg%3E`;
      }
      return { pictures };
    },
    'sync/choose': (payload) => {
      chooses += 1;
      if (config.chooseError && (config.chooseErrorAt === undefined || config.chooseErrorAt === chooses)) throw failure('offline', config.chooseError);
      const choices = payload.choices as Record<string, string>;
      // As the sandbox does: a choice the row does not allow is refused, in words.
      const refused = items.filter((item) => {
        const choice = choices[item.key];
        return choice !== undefined && (item.kind === 'remote-add' ? choice !== 'skip' : item.choices !== undefined && !item.choices.includes(choice));
      });
      if (refused.length > 0) throw failure('invalid_input', `That choice is not possible for ${refused.map((item) => item.name).join(', ')}.`);
      const changed = items.filter((item) => item.key in choices);
      for (const item of changed) item.choice = choices[item.key] ?? item.choice;
      return { items: changed };
    },
    'sync/keep-apart': (payload) => {
      if (config.keepApartError) throw failure('offline', config.keepApartError);
      const pair = `${String(payload.oldKey)}>${String(payload.newKey)}`;
      if (!keptApart().includes(pair)) sessionStorage.setItem(APART_KEY, JSON.stringify([...keptApart(), pair]));
      return comparison();
    },
    // The last comparison against the state as recorded now.
    'sync/current': () => {
      if (config.currentError) throw failure('internal', config.currentError);
      return comparison();
    },
    'sync/run': async (_payload, id) => {
      if (config.runError) {
        const sent = new Set(items.filter((item) => item.choice !== 'skip').slice(0, config.runSentBeforeError ?? 0).map((item) => item.key));
        items = items.filter((item) => !sent.has(item.key));
        throw failure(config.runError.code, config.runError.message);
      }
      const total = items.filter((item) => item.choice !== 'skip').length;
      for (let done = 0; done <= total; done += Math.max(1, Math.ceil(total / 4))) {
        if (cancelled.has(id)) {
          // What was sent before the Cancel is recorded: those rows are in sync now.
          const sent = new Set(items.filter((item) => item.choice !== 'skip').slice(0, done).map((item) => item.key));
          items = items.filter((item) => !sent.has(item.key));
          return {};
        }
        send({ kind: 'progress', id, progress: { done, total, label: `Pushing ${done} of ${total}` } });
        await sleep(step);
      }
      const pushed = items.filter((item) => item.choice === 'push').length;
      const taken = items.filter((item) => item.choice === 'take').length;
      items = items.filter((item) => item.choice === 'skip' && item.kind !== 'both-same');
      items.push({ key: 'late', name: 'Hero / Late edit', kind: 'conflict', componentKind: 'component', choice: 'skip', remoteUpdatedBy: 'Ana Lima', remoteUpdatedAt: new Date().toISOString() });
      const manualSteps = config.runManualSteps ?? [{ key: 'k1', name: 'Card / Product 1', steps: config.runSteps ?? ['Set the image fill by hand.'] }];
      return { pushed, deleted: 0, taken, skipped: items.length - 1, newConflicts: 1, manualSteps, comparison: comparison() };
    },
  };

  window.postMessage = ((data: { pluginMessage?: { kind: string; id: string; type?: string; payload?: Record<string, unknown> } }) => {
    const message = data?.pluginMessage;
    if (!message) return;
    sent.push({ type: message.type, kind: message.kind, payload: message.payload });
    if (message.kind === 'cancel') {
      cancelled.add(message.id);
      send({ kind: 'failure', id: message.id, error: { code: 'cancelled', message: 'Cancelled.' } });
      return;
    }
    if (message.kind !== 'request' || !message.type) return;
    const handler = handlers[message.type];
    Promise.resolve(gates.get(message.type)?.open)
      .then(() => (handler ? handler(message.payload ?? {}, message.id) : {}))
      .then(
        (payload) => {
          if (!cancelled.has(message.id)) send({ kind: 'reply', id: message.id, ok: true, payload });
        },
        (error: unknown) => {
          const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : 'internal';
          send({ kind: 'failure', id: message.id, error: { code, message: error instanceof Error ? error.message : String(error) } });
        },
      );
  }) as typeof window.postMessage;
}
