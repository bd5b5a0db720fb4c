// One run of the plugin in the page: a fresh fake Figma with the demo document, its globals
// installed on this window, the real dist/code.js loaded with a script tag, and the plugin's
// window wired to it. "Reset" ends the session and starts another.
import { createFakeFigma, type FakeFigma, type NetworkFn } from '../../fake-figma/index';
import { buildDemoDocumentAsync } from '../../fixtures/demo-document';
import { interceptMethod } from './intercept';
import type { PluginWindow, ShowUiOptionsLike } from './plugin-window';
import type { ConsoleCapture } from './console-capture';

export type MessageDirection = 'to-plugin' | 'to-ui';

export interface LoggedMessage {
  direction: MessageDirection;
  message: unknown;
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
  /** Runs after the document is built and before the plugin starts (seed keys). */
  prepareAsync(fake: FakeFigma): Promise<void>;
  onMessage(entry: LoggedMessage): void;
  onStatus: (state: 'starting' | 'running' | 'failed' | 'closed', detail?: string) => void;
}

export interface PluginSession {
  fake: FakeFigma;
  /** UI → plugin, as if the iframe had posted `{pluginMessage: message}`. */
  sendToPlugin(message: unknown): void;
  /** A new run of the plugin on the same document (fresh iframe, same clientStorage). */
  relaunchAsync(): Promise<void>;
  end(): void;
}

let runCounter = 0;

function loadScriptAsync(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.dataset.role = 'plugin-code';
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(`Could not load ${src}. Run \`npm run build\` and reload.`)));
    document.body.append(script);
  });
}

function watchUi(fake: FakeFigma, pluginWindow: PluginWindow, onStatus: SessionOptions['onStatus']): void {
  interceptMethod(fake.figma, 'showUI', (args) => {
    const [html, options] = args as [string, ShowUiOptionsLike | undefined];
    pluginWindow.show(html, options ?? {});
  });
  interceptMethod(fake.figma, 'closePlugin', () => {
    pluginWindow.close();
    onStatus('closed', 'The plugin closed itself.');
  });
  interceptMethod(fake.figma.ui, 'resize', (args) => {
    const [width, height] = args as [number, number];
    pluginWindow.resize(width, height);
  });
  interceptMethod(fake.figma.ui, 'show', () => pluginWindow.setVisible(true));
  interceptMethod(fake.figma.ui, 'hide', () => pluginWindow.setVisible(false));
  interceptMethod(fake.figma.ui, 'close', () => {
    pluginWindow.close();
    onStatus('closed', 'The plugin closed its window.');
  });
}

function removePluginScripts(): void {
  document.querySelectorAll('script[data-role="plugin-code"]').forEach((script) => script.remove());
}

export async function startSessionAsync(options: SessionOptions): Promise<PluginSession> {
  options.onStatus('starting');
  const fake = createFakeFigma({
    command: options.command,
    html: options.html,
    network: options.network,
    currentUser: { id: 'playground-user', name: 'Playground user' },
    console,
    clientStorage: options.clientStorage,
    ...(options.allowedDomains ? { allowedDomains: options.allowedDomains } : {}),
    ...(options.permissions ? { permissions: options.permissions } : {}),
  });
  await buildDemoDocumentAsync(fake.figma);
  await options.prepareAsync(fake);

  let ended = false;
  const unsubscribe = fake.ui.onMessage((message: unknown) => {
    if (ended) return;
    options.onMessage({ direction: 'to-ui', message });
    options.pluginWindow.deliverToUi(message);
  });
  watchUi(fake, options.pluginWindow, options.onStatus);
  const uninstall = fake.install(window);

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
    async relaunchAsync() {
      options.pluginWindow.close();
      removePluginScripts();
      fake.relaunch();
      options.onStatus('starting');
      await runPluginCodeAsync(fake, options.onStatus);
    },
    end() {
      ended = true;
      unsubscribe();
      uninstall();
      options.pluginWindow.close();
      removePluginScripts();
    },
  };

  await runPluginCodeAsync(fake, options.onStatus);
  return session;
}

async function runPluginCodeAsync(fake: FakeFigma, onStatus: SessionOptions['onStatus']): Promise<void> {
  let thrown = null as string | null; // set by the error listener
  const onError = (event: ErrorEvent) => {
    if (event.filename.includes('/code.js')) thrown = event.message;
  };
  window.addEventListener('error', onError);
  try {
    // A new URL each run: the browser runs the script again and never serves a stale build.
    runCounter += 1;
    await loadScriptAsync(`/code.js?run=${runCounter}`);
  } catch (error) {
    onStatus('failed', error instanceof Error ? error.message : String(error));
    return;
  } finally {
    window.removeEventListener('error', onError);
  }
  if (thrown !== null) {
    onStatus('failed', `dist/code.js threw while starting: ${thrown}`);
    return;
  }
  // Figma fires "run" once the plugin's code has run.
  fake.runCommand();
  onStatus('running');
}
