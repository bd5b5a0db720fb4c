// The Sync screen's requests, answered by one sync session per plugin run, one at a time.
import { createBuilderClient } from '../shared/api/builder/client';
import type { HttpTransport } from '../shared/api/http/transport';
import type { HandlerContext, Handlers } from '../shared/bridge/endpoint';
import type { SandboxRequests, SyncBadge } from '../shared/bridge/messages';
import { createSnapshotter } from '../snapshot';
import { createChoicesStore } from './choices-store';
import { createKeptApartStore } from './kept-apart-store';
import { fileIdOf } from './file-identity';
import { createPayloadCache } from './payload-cache';
import { createSerialQueue } from './serial-queue';
import { startSyncMonitor, type SyncMonitor } from './sync-monitor';
import type { BuilderCredentials, StepWaits, SyncLink } from './sync-link';
import { createSyncSession, syncBadge } from './sync-session';

export type SyncHandlers = Pick<Handlers<SandboxRequests>, 'sync/overview' | 'sync/compare' | 'sync/detail' | 'sync/pictures' | 'sync/choose' | 'sync/keep-apart' | 'sync/run' | 'sync/current'>;

/** The list asks for the rows on screen; more than this in one request is cut (exports are slow). */
const MAX_PICTURES_PER_REQUEST = 60;

export interface SyncFeatureDependencies {
  figma: PluginAPI;
  transport: HttpTransport;
  /** The builder's address and the saved key (Settings owns them). */
  readBuilderCredentialsAsync(): Promise<BuilderCredentials>;
  /** The design system this file syncs to (Settings owns it). */
  designSystemId(): string | null;
  pluginVersion: string;
  /** Whether a batch of library references is being placed (the canvas feature's `placing`): a take waits for it. */
  placing: () => boolean;
  /** Whether library references are being removed (the canvas feature's `removing`): a take waits for it too; default never. */
  removingReferences?: () => boolean;
}

export interface SyncFeature {
  handlers: SyncHandlers;
  /** Starts the badge's checks; `emit` sends the counts to the UI. */
  startMonitor(emit: (badge: SyncBadge) => void): void;
  /** Whether a sync is asked for or running: its take is one undo step and its records go into the file, so references and template links wait. */
  running(): boolean;
}

function currentUserName(figma: PluginAPI): string | null {
  try {
    return figma.currentUser?.name ?? null;
  } catch {
    return null; // needs the "currentuser" permission
  }
}

export function createSyncFeature(dependencies: SyncFeatureDependencies): SyncFeature {
  const { figma, transport, pluginVersion, placing, removingReferences } = dependencies;
  const queue = createSerialQueue();
  /** Set once the monitor starts; every comparison also refreshes the badge. */
  let emitBadge: ((badge: SyncBadge) => void) | null = null;
  const withBadge = <T extends { counts: Record<string, number>; replacements?: readonly unknown[] }>(comparison: T): T => {
    emitBadge?.(syncBadge(comparison.counts, comparison.replacements?.length ?? 0));
    return comparison;
  };
  let monitor: SyncMonitor | null = null;
  /** The screen's requests: a badge check queued or running gives way to them (sync-monitor.ts); one the window gave up on before its turn is not started. */
  const screen = <T>(work: () => Promise<T>, asker: HandlerContext): Promise<T> => {
    monitor?.giveWay();
    return queue(work, asker);
  };
  let cachedLink: { id: string; link: SyncLink } | null = null;
  let runs = 0;
  /** The file's id; made outside a sync's or the references' open undo step, as a step of its own. */
  const fileId = () => fileIdOf(figma, () => placing() || runs > 0);

  const session = createSyncSession({
    figma,
    snapshotter: createSnapshotter(figma),
    root: figma.root,
    readLinkAsync: async () => ({ credentials: await dependencies.readBuilderCredentialsAsync(), designSystemId: dependencies.designSystemId() }),
    connect: (credentials, designSystemId) => {
      // One client per key, host and design system, so its limiter and stores are kept.
      const id = `${credentials.baseUrl}\n${credentials.key}\n${designSystemId}`;
      if (cachedLink?.id !== id) {
        let step: StepWaits | null = null;
        const link: SyncLink = {
          designSystemId,
          client: createBuilderClient({
            baseUrl: credentials.baseUrl,
            key: credentials.key,
            transport,
            onWait: (seconds) => step?.listener(seconds),
            // A retry after a busy or silent builder is said too (not as a 429's "asked to wait"),
            // so the step does not stand still unexplained; it adds nothing to the 429s' tally.
            onRetry: (seconds, code) => step?.listener(seconds, code === 'unavailable' || code === 'server_error' ? 'busy' : 'no-answer'),
            // A step's requests count their waits together; a badge check's, each its own.
            waitTally: () => step?.tally,
            // 0: the requests held (after a 429's wait) go again, so the wait said is over.
            onHeld: (seconds) => {
              if (seconds === 0) step?.listener(0);
            },
          }),
          choices: createChoicesStore(figma.clientStorage, fileId(), designSystemId),
          keptApart: createKeptApartStore(figma.clientStorage, fileId(), designSystemId),
          payloads: createPayloadCache(figma.clientStorage, designSystemId),
          setStepWaits: (waits) => {
            step = waits;
          },
        };
        cachedLink = { id, link };
      }
      return cachedLink.link;
    },
    source: () => ({ file_id: fileId(), file_name: figma.root.name, user: currentUserName(figma) ?? 'unknown', plugin_version: pluginVersion }),
    userName: () => currentUserName(figma),
    placing,
    ...(removingReferences === undefined ? {} : { removingReferences }),
  });

  return {
    handlers: {
      // In the queue too: it reads what a run writes (the history, a cancelled run's entry recorded as
      // it stops). It never waits long: the screen asks only when nothing of its own runs
      // (use-screen-starts.ts), a cancelled run stops at once (its waits and requests end with the
      // cancel), and a badge check gives way.
      'sync/overview': (_, context) => screen(() => session.overviewAsync(), context),
      'sync/compare': ({ full }, context) => screen(() => session.compareAsync(context, full === true), context).then(withBadge),
      'sync/detail': ({ key, replaces }, context) => screen(() => session.detailAsync(key, replaces, context), context),
      'sync/pictures': ({ keys }, context) => screen(() => session.picturesAsync(keys.slice(0, MAX_PICTURES_PER_REQUEST)), context).then((pictures) => ({ pictures })),
      'sync/choose': ({ choices }, context) => screen(() => session.chooseAsync(choices), context).then((items) => ({ items })),
      // The pair is two rows now: the badge counts them so.
      'sync/keep-apart': ({ oldKey, newKey }, context) => screen(() => session.keepApartAsync({ oldKey, newKey }), context).then(withBadge),
      'sync/current': (_, context) => screen(() => session.currentAsync(), context).then(withBadge),
      'sync/run': async (_payload, context) => {
        runs++;
        try {
          const editsBefore = monitor?.editsHeard();
          const { outcome, counted } = await screen(async () => {
            const outcome = await session.runAsync(context);
            // An edit made while it ran (a collaborator's, say) is not in its comparison: counted
            // now, in its turn of the queue, the badge is right at once, not the run's count first
            // and the edit's a moment later (its own count, queued meanwhile, then says the same).
            const edited = monitor !== null && monitor.editsHeard() !== editsBefore;
            const counted = edited ? await session.localCountsAsync().catch(() => null) : null;
            return { outcome, counted };
          }, context);
          if (counted !== null && counted !== 'link-changed') emitBadge?.(counted);
          else withBadge(outcome.comparison);
          return outcome;
        } finally {
          runs--;
        }
      },
    },
    running: () => runs > 0,
    startMonitor: (emit) => {
      emitBadge = emit;
      monitor = startSyncMonitor({ figma, session, queue, emit });
    },
  };
}
