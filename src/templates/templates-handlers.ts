// The Templates screen's requests, answered by one session per plugin run, one at a time; and the
// selection pushed to the UI as it changes, or as a selected frame's link or name does (a frame
// whose template was deleted says so then).
import type { HttpTransport } from '../shared/api/http/transport';
import type { Handlers } from '../shared/bridge/endpoint';
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
  // Plugin data and the builder are written one request at a time (a rename racing a delete); one
  // the window gave up on before its turn is not started.
  const queue = createSerialQueue();
  return {
    handlers: {
      // Only reads: not queued, so that a builder slow to list holds back neither the selection
      // (the form to save a frame) nor a save.
      'templates/list': ({ page }) => session.listAsync(page),
      'templates/selection': (_, context) => queue(() => session.selectionAsync(true), context),
      'templates/create': ({ name, description, frameId }, context) => queue(() => session.createAsync(name, description, frameId), context),
      'templates/update': ({ frameId, replaceChanges }, context) => queue(() => session.updateAsync(frameId, replaceChanges), context),
      'templates/rename': ({ id, name, description }, context) => queue(() => session.renameAsync(id, name, description), context),
      'templates/delete': ({ id, name }, context) => queue(() => session.deleteAsync(id, name), context).then((alreadyGone) => ({ alreadyGone })),
      'templates/open': ({ id }, context) => queue(() => session.openAsync(id), context),
      'templates/unlink': ({ frameId }, context) => queue(() => session.unlinkAsync(frameId), context),
      'templates/link': ({ frameId, templateId }, context) => queue(() => session.linkAsync(frameId, templateId), context),
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
