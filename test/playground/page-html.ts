// The playground page's markup: a Figma-like frame (toolbar, pages and layers on the left, the
// canvas with the floating plugin window in the middle, playground controls on the right).
// The page script fills it in; this only lays it out.
import { CONFIG_ELEMENT_ID, serializeConfig, type PlaygroundConfig } from './page-config';

export function renderPageHtml(config: PlaygroundConfig): string {
  return `<!doctype html>
<html lang="en" class="figma-light">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>Envelope playground</title>
<link rel="stylesheet" href="/page.css" />
<script id="${CONFIG_ELEMENT_ID}" type="application/json">${serializeConfig(config)}</script>
</head>
<body>
<header class="toolbar">
  <div class="toolbar-group">
    <span class="app-mark" aria-hidden="true"></span>
    <span class="file-name" data-role="file-name">Loading…</span>
    <span class="chip">Playground</span>
  </div>
  <div class="toolbar-group toolbar-hint">Real <code>dist/code.js</code> and <code>dist/ui.html</code> against a fake Figma</div>
  <div class="toolbar-group">
    <span class="status-dot" data-role="plugin-status" data-state="starting">Starting</span>
    <button type="button" class="button secondary" data-action="toggle-theme">Dark theme</button>
  </div>
</header>
<div class="workspace">
  <aside class="panel left-panel" aria-label="Document">
    <section class="panel-section">
      <h2 class="panel-title">Pages</h2>
      <ul class="tree" data-role="pages"></ul>
    </section>
    <section class="panel-section grow">
      <h2 class="panel-title">Layers</h2>
      <ul class="tree" data-role="layers"></ul>
    </section>
  </aside>
  <main class="canvas" data-role="canvas">
    <div class="drawing" data-role="drawing"></div>
    <div class="canvas-legend">
      <span class="zoom-controls">
        <button type="button" class="icon-button" data-action="zoom-out" title="Zoom out" aria-label="Zoom out">−</button>
        <span class="zoom" data-role="zoom" title="Drawing scale">100%</span>
        <button type="button" class="icon-button" data-action="zoom-in" title="Zoom in" aria-label="Zoom in">+</button>
        <button type="button" class="icon-button fit" data-action="zoom-fit" title="Fit the page" aria-label="Fit the page">Fit</button>
      </span>
      <span class="legend-item component">Component</span>
      <span class="legend-item instance">Instance</span>
      <span class="legend-item inserted">Inserted by the plugin</span>
    </div>
    <section class="plugin-window" data-role="plugin-window" hidden>
      <header class="plugin-titlebar">
        <span class="plugin-icon" aria-hidden="true"></span>
        <span class="plugin-title" data-role="plugin-title">Envelope</span>
        <button type="button" class="icon-button" data-action="relaunch" title="Run the plugin again" aria-label="Run the plugin again">↻</button>
        <button type="button" class="icon-button" data-action="close-window" title="Close the plugin" aria-label="Close the plugin">✕</button>
      </header>
      <div class="plugin-body" data-role="plugin-body"></div>
    </section>
    <div class="toasts" data-role="toasts" aria-live="polite"></div>
  </main>
  <aside class="panel right-panel" aria-label="Playground controls">
    <section class="panel-section">
      <h2 class="panel-title">Plugin</h2>
      <div class="row">
        <button type="button" class="button secondary" data-action="close-plugin">Close plugin</button>
        <button type="button" class="button primary" data-action="run-again">Run again</button>
      </div>
    </section>
    <section class="panel-section">
      <h2 class="panel-title">Emulator</h2>
      <dl class="facts" data-role="emulator-facts"></dl>
      <div class="row">
        <button type="button" class="button primary" data-action="use-demo-keys">Use emulator demo keys</button>
        <button type="button" class="button secondary" data-action="reset-emulator">Reset emulator</button>
      </div>
      <p class="note" data-role="emulator-note"></p>
    </section>
    <section class="panel-section">
      <h2 class="panel-title">Selection</h2>
      <p class="note" data-role="selection-note">Click a layer in the Layers list to select it.</p>
      <div class="row" data-role="relaunch-buttons" aria-label="Relaunch buttons"></div>
    </section>
    <section class="panel-section">
      <h2 class="panel-title">Edit a component or frame</h2>
      <label class="field"><span>Component or frame</span><select data-role="component-select"></select></label>
      <label class="field"><span>Name</span>
        <span class="row"><input type="text" data-role="rename-input" /><button type="button" class="button secondary" data-action="rename">Rename</button></span>
      </label>
      <label class="field"><span>Fill</span>
        <span class="row"><input type="color" data-role="fill-input" value="#0d99ff" /><button type="button" class="button secondary" data-action="fill">Change fill</button></span>
      </label>
      <label class="field"><span>Text</span>
        <span class="row"><input type="text" data-role="text-input" /><button type="button" class="button secondary" data-action="text">Change text</button></span>
      </label>
      <p class="note" data-role="edit-note"></p>
    </section>
    <section class="panel-section">
      <h2 class="panel-title">Sandbox and network</h2>
      <label class="check"><input type="checkbox" data-role="freeze-input" /> Freeze the sandbox (hold UI messages)</label>
      <label class="field"><span>Network</span>
        <select data-role="network-select">
          <option value="normal">Normal</option>
          <option value="fail">Fail every request</option>
          <option value="hang">Hang every request</option>
        </select>
      </label>
      <div class="row">
        <button type="button" class="button danger" data-action="reset">Reset everything</button>
      </div>
    </section>
    <section class="panel-section grow">
      <h2 class="panel-title">Console</h2>
      <ol class="console" data-role="console"></ol>
    </section>
  </aside>
</div>
<script src="/page.js"></script>
</body>
</html>
`;
}
