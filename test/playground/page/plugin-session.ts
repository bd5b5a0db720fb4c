// The plugin in the page: a fresh fake Figma with the demo document, and each run of the REAL
// dist/code.js in a realm of its own (a hidden same-origin iframe whose window gets the run's
// `figma`, `fetch`, `__html__` and timers), wired to the plugin's window. Closing the plugin
// (figma.closePlugin, the window's ✕, "Close plugin") or running it again removes the run's
// realm, so nothing of a closed run keeps going; "Reset" ends the session and starts another.
import { createFakeFigma, type FakeFigma, type NetworkFn } from '../../fake-figma/index';
import { generateDocumentAsync } from '../../bench/generate-document';
import { buildDemoDocumentAsync } from '../../fixtures/demo-document';
import { interceptMethod } from './intercept';
import type { PluginWindow, ShowUiOptionsLike } from './plugin-window';
import type { ConsoleCapture } from './console-capture';

export type MessageDirection = 'to-plugin' | 'to-ui';

export interface LoggedMessage {
  direction: MessageDirection;
  message: unknown;
}

/** A request the plugin's sandbox sent (figma's fetch) and the run that sent it. */
export interface LoggedRequest {
  run: number;
  method: string;
  url: string;
}

export interface SessionOptions {
  html: string;
  command: string;
  pluginWindow: PluginWindow;
  consoleCapture: ConsoleCapture;
  network: NetworkFn;
  /** null: figma's fetch may reach anything. */
  allowedDomains: readonly string[] | null;
  /** The manifest's permissions; null: not checked. */
  permissions: readonly string[] | null;
  /** clientStorage as a previous run left it. */
  clientStorage: Record<string, unknown>;
  /** Generated components added to the demo document (`?components=N`): a file large enough for a long sync. */
  extraComponents: number;
  /** Runs after the document is built and before the plugin starts (seed keys). */
  prepareAsync(fake: FakeFigma): Promise<void>;
  onMessage(entry: LoggedMessage): void;
  onRequest: (entry: LoggedRequest) => void;
  onStatus: (state: 'starting' | 'running' | 'failed' | 'closed', detail?: string) => void;
}

export interface PluginSession {
  fake: FakeFigma;
  /** UI → plugin, as if the iframe had posted `{pluginMessage: message}`. */
  sendToPlugin(message: unknown): void;
  /** Fires figma.on('drop') in the open run (a drag from the plugin window ended over the canvas). */
  drop(event: Partial<DropEvent>): void;
  /** The person closes the plugin (its window's ✕): the run ends, its realm is removed. */
  closePlugin(): void;
  /** A new run of the plugin on the same document (new realm, fresh iframe, same clientStorage). */
  /** Runs the plugin again; `command`: as a relaunch button does (figma.command). */
  relaunchAsync(command?: string): Promise<void>;
  end(): void;
}

let realmCounter = 0;

function watchUi(fake: FakeFigma, pluginWindow: PluginWindow, onClosed: (detail: string) => void): void {
  const figma = fake.figma;
  interceptMethod(figma, 'showUI', (args) => {
    const [html, options] = args as [string, ShowUiOptionsLike | undefined];
    pluginWindow.show(html, options ?? {});
  });
  interceptMethod(figma, 'closePlugin', () => onClosed('The plugin closed itself.'));
  interceptMethod(figma.ui, 'resize', (args) => {
    const [width, height] = args as [number, number];
    pluginWindow.resize(width, height);
  });
  interceptMethod(figma.ui, 'show', () => pluginWindow.setVisible(true));
  interceptMethod(figma.ui, 'hide', () => pluginWindow.setVisible(false));
  // figma.ui.close() closes the window only: the plugin keeps running, as in Figma.
  interceptMethod(figma.ui, 'close', () => pluginWindow.close());
}

// Built-ins whose instances cross between the fake (this page's realm) and the plugin's realm.
const SHARED_BUILTINS = ['Error', 'TypeError', 'RangeError', 'SyntaxError', 'Array', 'Uint8Array', 'ArrayBuffer', 'Promise', 'Date', 'Map', 'Set'] as const;

/**
 * In Figma the API and the plugin share one realm, so `error instanceof Error` holds for the
 * API's errors. Here the fake lives in the page: the realm's built-ins also recognise the page's
 * instances (only for the built-in itself; a plugin's own subclasses keep the plain rule).
 */
function recognisePageInstances(realm: Window): void {
  const ordinaryHasInstance = Function.prototype[Symbol.hasInstance];
  for (const name of SHARED_BUILTINS) {
    const own = (realm as unknown as Record<string, unknown>)[name] as (abstract new (...args: never[]) => unknown) | undefined;
    const page = (window as unknown as Record<string, unknown>)[name] as (abstract new (...args: never[]) => unknown) | undefined;
    if (!own || !page || own === page) continue;
    Object.defineProperty(own, Symbol.hasInstance, {
      configurable: true,
      value(this: unknown, value: unknown): boolean {
        if (ordinaryHasInstance.call(this, value)) return true;
        return this === own && ordinaryHasInstance.call(page, value);
      },
    });
  }
}

/** A hidden same-origin iframe: a global scope of its own for one run of dist/code.js. */
function createRealm(consoleCapture: ConsoleCapture, onStatus: SessionOptions['onStatus']): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.title = 'Plugin sandbox';
  frame.dataset.role = 'plugin-realm';
  document.body.append(frame);
  const realm = frame.contentWindow as (Window & typeof globalThis) | null;
  if (!realm) throw new Error('The plugin sandbox frame has no window.');
  recognisePageInstances(realm);
  // The sandbox's console is the page's, so the playground's console panel shows it.
  Object.defineProperty(realm, 'console', { value: console, configurable: true, writable: true });
  realm.addEventListener('error', (event) => onStatus('failed', `Uncaught error: ${event.message}`));
  realm.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    consoleCapture.add('error', `playground: unhandled rejection: ${reason instanceof Error ? reason.message : String(reason)}`);
  });
  return frame;
}

function loadScriptAsync(realm: HTMLIFrameElement, src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const doc = realm.contentDocument;
    if (!doc) return reject(new Error('The plugin sandbox frame has no document.'));
    const script = doc.createElement('script');
    script.src = new URL(src, location.href).href;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(`Could not load ${src}. Run \`npm run build\` and reload.`)));
    (doc.body ?? doc.documentElement).append(script);
  });
}

export async function startSessionAsync(options: SessionOptions): Promise<PluginSession> {
  options.onStatus('starting');
  const fake: FakeFigma = createFakeFigma({
    command: options.command,
    html: options.html,
    // Counted per run: a closed run must send nothing more (its realm is gone).
    network: (url, init) => {
      options.onRequest({ run: fake.run.id, method: init.method, url });
      return options.network(url, init);
    },
    currentUser: { id: 'playground-user', name: 'Playground user' },
    console,
    clientStorage: options.clientStorage,
    ...(options.allowedDomains ? { allowedDomains: options.allowedDomains } : {}),
    ...(options.permissions ? { permissions: options.permissions } : {}),
  });
  await buildDemoDocumentAsync(fake.figma);
  if (options.extraComponents > 0) await generateDocumentAsync(fake.figma, options.extraComponents);
  await options.prepareAsync(fake);
  // The demo file is there when the person opens it: ⌘Z has none of it to undo.
  fake.markFileOpened();

  let ended = false;
  let realm: HTMLIFrameElement | null = null;
  const unsubscribe = fake.ui.onMessage((message: unknown) => {
    if (ended) return;
    options.onMessage({ direction: 'to-ui', message });
    options.pluginWindow.deliverToUi(message);
  });

  function removeRealm(): void {
    realm?.remove();
    realm = null;
  }

  /** What follows the end of a run, however it ended: its window and its realm go. */
  function afterRunClosed(detail: string): void {
    options.pluginWindow.close();
    removeRealm();
    options.onStatus('closed', detail);
  }

  async function runPluginCodeAsync(): Promise<void> {
    removeRealm();
    const frame = createRealm(options.consoleCapture, options.onStatus);
    realm = frame;
    watchUi(fake, options.pluginWindow, afterRunClosed);
    fake.install(frame.contentWindow as object);
    let thrown = null as string | null; // set by the error listener
    const onError = (event: ErrorEvent) => {
      thrown = event.message;
    };
    frame.contentWindow?.addEventListener('error', onError);
    try {
      // A new URL each run: the browser runs the script again and never serves a stale build.
      realmCounter += 1;
      await loadScriptAsync(frame, `/code.js?run=${realmCounter}`);
    } catch (error) {
      options.onStatus('failed', error instanceof Error ? error.message : String(error));
      return;
    } finally {
      frame.contentWindow?.removeEventListener('error', onError);
    }
    if (thrown !== null) {
      options.onStatus('failed', `dist/code.js threw while starting: ${thrown}`);
      return;
    }
    if (fake.run.closed) return;
    // Figma fires "run" once the plugin's code has run.
    fake.runCommand();
    options.onStatus('running');
  }

  const session: PluginSession = {
    fake,
    sendToPlugin(message) {
      if (ended) return;
      options.onMessage({ direction: 'to-plugin', message });
      try {
        fake.ui.send(message);
      } catch (error) {
        // Figma drops messages for a plugin whose UI is gone; say so instead of failing.
        options.consoleCapture.add('warn', `playground: message not delivered: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    drop(event) {
      if (ended || fake.run.closed) return;
      try {
        fake.drop(event);
      } catch (error) {
        options.consoleCapture.add('error', `playground: the plugin's drop handler threw: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    closePlugin() {
      if (ended || fake.run.closed) return;
      fake.closeWindow();
      afterRunClosed('The plugin was closed.');
    },
    async relaunchAsync(command) {
      // Running the plugin again ends the run that is open (its close handlers run first).
      fake.relaunch(command === undefined ? {} : { command });
      options.pluginWindow.close();
      removeRealm();
      options.onStatus('starting');
      await runPluginCodeAsync();
    },
    end() {
      ended = true;
      unsubscribe();
      if (!fake.run.closed) fake.closeWindow();
      options.pluginWindow.close();
      removeRealm();
    },
  };

  await runPluginCodeAsync();
  return session;
}
