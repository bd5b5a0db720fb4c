// The Templates screen's requests, answered by one session per plugin run, one at a time; and the
// selection pushed to the UI as it changes, or as a selected frame's link or name does (a frame
// whose template was deleted says so then).
import type { HttpTransport } from '../shared/api/http/transport';
import type { HandlerContext, Handlers } from '../shared/bridge/endpoint';
import type { SandboxRequests, TemplateSelection } from '../shared/bridge/messages';
import { createSerialQueue } from '../sync/serial-queue';
import { watchSelection } from './selection-watch';
import { createTemplatesSession, type BuilderCredentials } from './templates-session';

export type TemplatesHandlers = Pick<
  Handlers<SandboxRequests>,
  'templates/list' | 'templates/selection' | 'templates/create' | 'templates/update' | 'templates/rename' | 'templates/delete' | 'templates/open' | 'templates/unlink' | 'templates/link'
>;

export interface TemplatesFeatureDependencies {
  figma: PluginAPI;
  transport: HttpTransport;
  readBuilderCredentialsAsync: () => Promise<BuilderCredentials>;
  /**
   * Whether another feature's undo step is open (a batch of library references being placed, a
   * sync's take): a link written meanwhile joins it rather than cut it in two.
   */
  undoStepOpen: () => boolean;
}

export interface TemplatesFeature {
  handlers: TemplatesHandlers;
  /** Listens to selectionchange and to changes of the selected layers (selection-watch.ts); `emit` sends the selection to the UI. */
  startSelectionWatch(emit: (selection: TemplateSelection) => void): void;
}

export function createTemplatesFeature({ figma, transport, readBuilderCredentialsAsync, undoStepOpen }: TemplatesFeatureDependencies): TemplatesFeature {
  const session = createTemplatesSession({ figma, transport, readBuilderCredentialsAsync, undoStepOpen });
  // Plugin data and the builder are written one request at a time (a rename racing a delete).
  const queue = createSerialQueue();
  // One the window stopped waiting for before its turn came (queued behind others that each waited
  // out the builder's "slow down", past the window's wait) was said to have failed: not started then.
  const inTurn = <T>(context: HandlerContext, work: () => Promise<T>) =>
    queue(() => {
      context.throwIfCancelled();
      return work();
    });
  return {
    handlers: {
      // Only reads: not queued, so that a builder slow to list holds back neither the selection
      // (the form to save a frame) nor a save.
      'templates/list': ({ page }) => session.listAsync(page),
      'templates/selection': (_, context) => inTurn(context, () => session.selectionAsync(true)),
      'templates/create': ({ name, description, frameId }, context) => inTurn(context, () => session.createAsync(name, description, frameId)),
      'templates/update': ({ frameId, replaceChanges }, context) => inTurn(context, () => session.updateAsync(frameId, replaceChanges)),
      'templates/rename': ({ id, name, description }, context) => inTurn(context, () => session.renameAsync(id, name, description)),
      'templates/delete': ({ id, name }, context) => inTurn(context, () => session.deleteAsync(id, name)).then((alreadyGone) => ({ alreadyGone })),
      'templates/open': ({ id }, context) => inTurn(context, () => session.openAsync(id)),
      'templates/unlink': ({ frameId }, context) => inTurn(context, () => session.unlinkAsync(frameId)),
      'templates/link': ({ frameId, templateId }, context) => inTurn(context, () => session.linkAsync(frameId, templateId)),
    },
    startSelectionWatch(emit) {
      // One read waiting is enough: it reads the selection as it is when its turn comes. Only a
      // new selection unlinks a frame whose template was deleted (said once, then written): a
      // read for a change to the layer itself only says so, as that change may be ⌘Z bringing
      // the link back, which a write would take again (and with it the redo).
      let waiting: { consumeLostLink: boolean } | null = null;
      watchSelection(figma, (cause) => {
        if (waiting !== null) {
          if (cause === 'selection') waiting.consumeLostLink = true;
          return;
        }
        const read = { consumeLostLink: cause === 'selection' };
        waiting = read;
        queue(() => {
          waiting = null;
          return session.selectionAsync(read.consumeLostLink);
        }).then(emit, () => undefined);
      });
    },
  };
}
