// The test hooks the playground page puts on `window.__playground`, typed for the browser tests
// (which call them inside page.evaluate).
import type { FakeFigma } from '../../fake-figma/index';
import type { ClientStorageHold } from '../../fake-figma/client-storage';
import type { ConsoleLine } from './console-capture';
import type { LoggedMessage, LoggedRequest } from './plugin-session';
import type { NetworkMode } from './switchable-network';

export interface PlaygroundHooks {
  ready: true;
  fake(): FakeFigma;
  inspect(): FakeFigma['inspect'];
  notifications(): Array<{ message: string; options: unknown }>;
  /** What the page (and the plugin's sandbox code in it) logged. */
  consoleLines(): ConsoleLine[];
  /** Every message between the plugin and the UI, in order. */
  messages(): LoggedMessage[];
  /** A raw message to the plugin, as if the UI had posted it. */
  postToPlugin(raw: unknown): void;
  /** A message to the UI, as if the plugin had called figma.ui.postMessage(raw). */
  postToUi(raw: unknown): void;
  /** Data posted into the iframe as is, without the {pluginMessage} envelope. */
  postRawToUi(data: unknown): void;
  /** Holds UI → plugin messages while on (a busy plugin); turning it off delivers them. */
  freezeSandbox(on: boolean): void;
  /** Rewrites UI → plugin messages before delivery (a UI that skipped its own checks); null stops. */
  tamperWithUiMessages(rewrite: ((message: unknown) => unknown) | null): void;
  network: { mode(): NetworkMode; setMode(mode: NetworkMode): void };
  /** A fault: slow clientStorage, the plugin's calls wait until released (reads from outside never wait). */
  clientStorageHold: ClientStorageHold;
  /** The plugin's clientStorage, read from outside any run. */
  clientStorageKeysAsync(): Promise<string[]>;
  clientStorageValueAsync(key: string): Promise<unknown>;
  /** The current plugin run: 1 for the first, then 2, 3… after each "Run again". */
  runId(): number;
  /** True once the current run was closed (by the plugin, "Close plugin" or the window's ✕). */
  runClosed(): boolean;
  /**
   * Every request the plugin's sandbox sent through figma's fetch, with the run that sent it
   * (count one run's with `requests().filter((r) => r.run === id)`). The plugin's UI sends none.
   */
  requests(): LoggedRequest[];
  /** Presses "Close plugin": the run ends as when a person closes the plugin's window. */
  closePlugin(): void;
  /** Seeds the emulator's demo keys and base URLs, then relaunches the plugin. */
  useDemoKeysAsync(): Promise<void>;
  /** Presses "Run again": ends the open run, then a new run on the same document and clientStorage. */
  relaunchAsync(): Promise<void>;
  /** Rebuilds the document, clears storage, resets the emulator, relaunches. */
  reset(): Promise<void>;
  redraw(): void;
}

