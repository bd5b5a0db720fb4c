// figma.showUI / figma.ui and the test's side of the iframe: messages in both directions are
// structured-cloned and delivered asynchronously, as between the sandbox and the plugin iframe.
import { figmaError, validationError } from './figma-errors';
import { isPlainObject } from './properties';
import type { TaskQueue } from './scheduler';
import { structuredCloneValue, type CloneRules } from './structured-clone';
import { strictObject } from './not-implemented';
import type { RunLife } from './run-gate';

const TO_UI: CloneRules = { context: 'figma.ui.postMessage', allowRichTypes: true, allowOtherTypedArrays: true };
const TO_PLUGIN: CloneRules = { context: 'parent.postMessage (UI → plugin)', allowRichTypes: true, allowOtherTypedArrays: true };

export type UiListener = (message: unknown) => void;

/** Typings (showUI, ui.resize): width "Minimum is 70", height "Minimum is 0" ("The minimum size is 70x0"). */
export function fitUiSize(width: number, height: number): { width: number; height: number } {
  return { width: Math.max(70, width), height: Math.max(0, height) };
}

export class FakeUiChannel {
  shown = false;
  visible = false;
  closed = false;
  html: string | null = null;
  options: ShowUIOptions | null = null;
  size = { width: 0, height: 0 };
  position: { x: number; y: number } | null = null;
  /** Every message the plugin posted, in order (clones). */
  readonly sent: unknown[] = [];
  private uiListeners: UiListener[] = [];
  private undelivered: unknown[] = [];
  private onmessageHandler: MessageEventHandler | undefined = undefined;
  private pluginListeners: Array<{ handler: MessageEventHandler; once: boolean }> = [];

  constructor(
    private readonly queue: TaskQueue,
    /** The plugin run now open (or last closed): messages belong to the run they were sent in. */
    private readonly currentRun: () => RunLife,
    private readonly warn: (...args: unknown[]) => void = () => undefined,
  ) {}

  show(html: string, options: ShowUIOptions | undefined): void {
    if (typeof html !== 'string') throw validationError('showUI', 'an HTML string (usually __html__)', html);
    if (options !== undefined && !isPlainObject(options)) throw validationError('showUI', 'an options object', options);
    const opts: ShowUIOptions = options ?? {};
    for (const key of ['width', 'height'] as const) {
      const value = opts[key];
      if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value) || value < 0)) throw validationError('showUI', `options.${key} to be a number of pixels`, value);
    }
    if (opts.visible !== undefined && typeof opts.visible !== 'boolean') throw validationError('showUI', 'options.visible to be a boolean', opts.visible);
    if (opts.title !== undefined && typeof opts.title !== 'string') throw validationError('showUI', 'options.title to be a string', opts.title);
    this.shown = true;
    this.closed = false;
    this.html = html;
    this.options = { ...opts };
    this.visible = opts.visible ?? true;
    this.size = fitUiSize(opts.width ?? 300, opts.height ?? 200);
    this.position = opts.position ? { ...opts.position } : null;
  }

  private assertOpen(api: string): void {
    if (!this.shown || this.closed) throw figmaError(api, 'There is no UI: call figma.showUI first (or it was closed)');
  }

  /** The `figma.ui` object the plugin sees. */
  api(): UIAPI {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the methods of `ui` below have their own `this`
    const channel = this;
    const ui = {
      show() {
        channel.assertOpen('ui.show');
        channel.visible = true;
      },
      hide() {
        channel.assertOpen('ui.hide');
        channel.visible = false;
      },
      resize(width: number, height: number) {
        for (const [name, value] of [['width', width], ['height', height]] as const) {
          if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw validationError('ui.resize', `${name} to be a number of pixels`, value);
        }
        channel.size = fitUiSize(width, height);
      },
      reposition(x: number, y: number) {
        if (typeof x !== 'number' || typeof y !== 'number') throw validationError('ui.reposition', 'numbers', [x, y]);
        channel.position = { x, y };
      },
      getPosition() {
        channel.assertOpen('ui.getPosition');
        const position = channel.position ?? { x: 0, y: 0 };
        return { windowSpace: { ...position }, canvasSpace: { ...position } };
      },
      close() {
        channel.closed = true;
        channel.visible = false;
      },
      postMessage(message: unknown, options?: UIPostMessageOptions) {
        if (!channel.shown) throw figmaError('ui.postMessage', 'There is no UI: call figma.showUI first');
        if (channel.closed) {
          // The iframe is gone; Figma drops the message.
          channel.warn('fake figma: figma.ui.postMessage after the UI was closed; message dropped');
          return;
        }
        if (options !== undefined && !isPlainObject(options)) throw validationError('ui.postMessage', 'an options object', options);
        const copy = structuredCloneValue(message, TO_UI);
        channel.sent.push(copy);
        const run = channel.currentRun();
        // A closed run's iframe is gone: what it posted and was not yet delivered is lost.
        channel.queue.run(() => {
          if (!run.closed) channel.deliverToUi(copy);
        });
      },
      get onmessage(): MessageEventHandler | undefined {
        return channel.onmessageHandler;
      },
      set onmessage(handler: MessageEventHandler | undefined) {
        if (handler !== undefined && handler !== null && typeof handler !== 'function') throw validationError('ui.onmessage', 'a function', handler);
        channel.onmessageHandler = handler ?? undefined;
      },
      on(type: 'message', handler: MessageEventHandler) {
        channel.checkEvent('ui.on', type, handler);
        channel.pluginListeners.push({ handler, once: false });
      },
      once(type: 'message', handler: MessageEventHandler) {
        channel.checkEvent('ui.once', type, handler);
        channel.pluginListeners.push({ handler, once: true });
      },
      off(type: 'message', handler: MessageEventHandler) {
        channel.checkEvent('ui.off', type, handler);
        channel.pluginListeners = channel.pluginListeners.filter((l) => l.handler !== handler);
      },
    };
    return strictObject(ui, 'figma.ui') as unknown as UIAPI;
  }

  private checkEvent(api: string, type: unknown, handler: unknown): void {
    if (type !== 'message') throw figmaError(api, `Unknown UI event "${String(type)}" (only "message")`);
    if (typeof handler !== 'function') throw validationError(api, 'a function', handler);
  }

  private deliverToUi(message: unknown): void {
    if (this.uiListeners.length === 0) {
      this.undelivered.push(message);
      return;
    }
    for (const listener of [...this.uiListeners]) listener(message);
  }

  /** Test side: listen to what the plugin posts. Messages sent before anyone listened arrive first. */
  onMessage(listener: UiListener): () => void {
    this.uiListeners.push(listener);
    if (this.undelivered.length > 0) {
      const backlog = this.undelivered;
      this.undelivered = [];
      this.queue.run(() => {
        for (const message of backlog) listener(message);
      });
    }
    return () => {
      this.uiListeners = this.uiListeners.filter((l) => l !== listener);
    };
  }

  /** Test side: a message from the UI iframe to the plugin. */
  send(message: unknown): void {
    if (!this.shown || this.closed) throw new Error('fake figma ui.send: the plugin has no open UI (it never called figma.showUI, or closed it)');
    const copy = structuredCloneValue(message, TO_PLUGIN);
    const run = this.currentRun();
    this.queue.run(() => {
      // The run the UI wrote to has ended: its handlers are no longer called (nor a later run's).
      if (run.closed || run !== this.currentRun()) return;
      const props: OnMessageProperties = { origin: 'null' };
      this.onmessageHandler?.(copy, props);
      const listeners = this.pluginListeners;
      this.pluginListeners = listeners.filter((l) => !l.once);
      for (const { handler } of listeners) handler(copy, props);
    });
  }

  reset(): void {
    this.shown = false;
    this.visible = false;
    this.closed = false;
    this.html = null;
    this.options = null;
    this.onmessageHandler = undefined;
    this.pluginListeners = [];
    this.undelivered = [];
  }
}
