// The plugin's window, as Figma shows it: an iframe whose origin is `null` (sandbox without
// allow-same-origin, content from srcdoc), sized by showUI's options, themed when themeColors
// is on. Messages cross exactly as in Figma: `{pluginMessage}` envelopes over postMessage.
import { applyFigmaTheme, type FigmaTheme } from '../theme/apply-figma-theme';
import { withContentSecurityPolicy } from './ui-network-policy';

export interface ShowUiOptionsLike {
  width?: number;
  height?: number;
  visible?: boolean;
  title?: string;
  themeColors?: boolean;
}

export interface PluginWindowElements {
  window: HTMLElement;
  body: HTMLElement;
  title: HTMLElement;
}

export interface PluginWindowOptions {
  elements: PluginWindowElements;
  theme: FigmaTheme;
  /** The manifest's network policy for the UI (ui-network-policy.ts); null: none. */
  contentSecurityPolicy: string | null;
  /** A message from the UI for the plugin (the `pluginMessage` of what the iframe posted). */
  deliverToPlugin(message: unknown): void;
  /** The UI ended a drag (`{pluginDrop}`); `frame` is the iframe its client coordinates are in. */
  deliverDrop(drop: unknown, frame: HTMLIFrameElement): void;
  log(level: 'log' | 'warn' | 'error', line: string): void;
}

export interface PluginWindow {
  show(html: string, options: ShowUiOptionsLike): void;
  /** A message from the plugin (figma.ui.postMessage) for the UI. */
  deliverToUi(message: unknown): void;
  /** Posts raw data into the iframe, bypassing the `{pluginMessage}` envelope (tests). */
  postRawToUi(data: unknown): void;
  resize(width: number, height: number): void;
  setVisible(visible: boolean): void;
  close(): void;
  /** While frozen, messages from the UI are held (a busy plugin); unfreezing delivers them. */
  setFrozen(frozen: boolean): void;
  isFrozen(): boolean;
  frame(): HTMLIFrameElement | null;
}

// Figma's defaults when showUI gets no size.
const DEFAULT_WIDTH = 300;
const DEFAULT_HEIGHT = 200;

// Figma's minimum window size: "The minimum size is 70x0" (typings, ui.resize).
function clampSize(value: number | undefined, fallback: number, minimum: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.max(minimum, Math.round(value));
}

export function createPluginWindow(options: PluginWindowOptions): PluginWindow {
  const { elements } = options;
  let iframe: HTMLIFrameElement | null = null;
  let loaded = false;
  let frozen = false;
  // Plugin → UI messages sent before the iframe has loaded wait for it, as Figma's do.
  let pendingForUi: unknown[] = [];
  const heldForPlugin: unknown[] = [];

  function setSize(width: number, height: number): void {
    elements.body.style.width = `${width}px`;
    elements.body.style.height = `${height}px`;
  }

  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (!iframe || event.source !== iframe.contentWindow) return;
    const data = event.data;
    if (typeof data === 'object' && data !== null && 'pluginDrop' in data) {
      options.deliverDrop((data as { pluginDrop: unknown }).pluginDrop, iframe);
      return;
    }
    if (typeof data !== 'object' || data === null || !('pluginMessage' in data)) {
      options.log('warn', 'playground: ignored a message from the UI without a pluginMessage or pluginDrop');
      return;
    }
    const message = (data as { pluginMessage: unknown }).pluginMessage;
    if (frozen) heldForPlugin.push(message);
    else options.deliverToPlugin(message);
  });

  function show(html: string, showOptions: ShowUiOptionsLike): void {
    close();
    const frame = document.createElement('iframe');
    // No allow-same-origin: the UI runs with a `null` origin, as in Figma.
    frame.setAttribute('sandbox', 'allow-scripts allow-popups allow-forms allow-downloads');
    frame.setAttribute('title', showOptions.title ?? 'Plugin UI');
    frame.setAttribute('data-role', 'plugin-iframe');
    const themed = showOptions.themeColors ? applyFigmaTheme(html, options.theme) : html;
    frame.srcdoc = options.contentSecurityPolicy ? withContentSecurityPolicy(themed, options.contentSecurityPolicy) : themed;
    loaded = false;
    frame.addEventListener('load', () => {
      loaded = true;
      const queued = pendingForUi;
      pendingForUi = [];
      for (const message of queued) frame.contentWindow?.postMessage({ pluginMessage: message }, '*');
    });
    iframe = frame;
    elements.title.textContent = showOptions.title ?? 'Plugin';
    setSize(clampSize(showOptions.width, DEFAULT_WIDTH, 70), clampSize(showOptions.height, DEFAULT_HEIGHT, 0));
    elements.body.replaceChildren(frame);
    elements.window.hidden = showOptions.visible === false;
  }

  function deliverToUi(message: unknown): void {
    if (!iframe) return;
    if (!loaded) pendingForUi.push(message);
    else iframe.contentWindow?.postMessage({ pluginMessage: message }, '*');
  }

  function close(): void {
    iframe?.remove();
    iframe = null;
    loaded = false;
    pendingForUi = [];
    heldForPlugin.length = 0;
    elements.window.hidden = true;
  }

  return {
    show,
    deliverToUi,
    postRawToUi: (data) => iframe?.contentWindow?.postMessage(data, '*'),
    resize: (width, height) => setSize(clampSize(width, DEFAULT_WIDTH, 70), clampSize(height, DEFAULT_HEIGHT, 0)),
    setVisible: (visible) => {
      elements.window.hidden = !visible || !iframe;
    },
    close,
    setFrozen(value) {
      frozen = value;
      if (!frozen) {
        for (const message of heldForPlugin.splice(0)) options.deliverToPlugin(message);
      }
    },
    isFrozen: () => frozen,
    frame: () => iframe,
  };
}
