// A plugin run ends when it closes, as in Figma. The typings (@figma/plugin-typings, closePlugin):
// "When called, any UI that's open will be closed and any `setTimeout` or `setInterval` timers will
// be cancelled." and "Calling `figma.closePlugin()` disables callbacks and Figma APIs." On 'close':
// "This event will trigger when the plugin is about to close, either from a call to
// `figma.closePlugin()` or the user closing the plugin via the UI." and "The plugin execution
// environment will be destroyed immediately when all the callbacks have returned, and further
// callbacks will not be called."
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeFigma, type NetworkFn, type NetworkResponse } from '../../fake-figma/index';

const CLOSED = /the plugin was closed/;

function okResponse(body: string): NetworkResponse {
  const bytes = new TextEncoder().encode(body);
  return { status: 200, statusText: 'OK', url: '', headers: { forEach: () => undefined }, arrayBuffer: () => Promise.resolve(bytes.buffer) };
}

/** A network whose answers the test releases by hand. */
function heldNetwork(): { network: NetworkFn; requests: string[]; releaseAll(): void } {
  const waiting: Array<() => void> = [];
  const requests: string[] = [];
  return {
    requests,
    network: (url) => {
      requests.push(url);
      return new Promise((resolve) => waiting.push(() => resolve(okResponse('{"ok":true}'))));
    },
    releaseAll: () => waiting.splice(0).forEach((release) => release()),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('closing the plugin ends its run', () => {
  it('1. cancels the timers the run set (setTimeout and setInterval, installed with the run)', () => {
    vi.useFakeTimers();
    const fake = createFakeFigma(); // takes the host's timers now (vitest's fake ones here)
    const sandbox: Record<string, unknown> = {};
    fake.install(sandbox);
    const setTimeoutInRun = sandbox.setTimeout as (callback: () => void, ms: number) => unknown;
    const setIntervalInRun = sandbox.setInterval as (callback: () => void, ms: number) => unknown;
    const fired: string[] = [];
    setTimeoutInRun(() => fired.push('timeout'), 100);
    setIntervalInRun(() => fired.push('interval'), 40);
    vi.advanceTimersByTime(50);
    expect(fired).toEqual(['interval']);
    expect(fake.run.timers.pendingCount()).toBe(2);
    fake.figma.closePlugin();
    expect(fake.run.timers.pendingCount()).toBe(0);
    vi.advanceTimersByTime(1000);
    expect(fired).toEqual(['interval']);
    expect(() => setTimeoutInRun(() => undefined, 0)).toThrow(CLOSED);
  });

  it('1. clearTimeout and clearInterval of the run cancel as the host does', () => {
    vi.useFakeTimers();
    const fake = createFakeFigma();
    const fired: string[] = [];
    const handle = fake.run.timers.setTimeout(() => fired.push('timeout'), 10);
    fake.run.timers.clearTimeout(handle);
    vi.advanceTimersByTime(20);
    expect(fired).toEqual([]);
    expect(fake.run.timers.pendingCount()).toBe(0);
  });

  it('2. a fetch started before the close never settles (nothing calls back into the closed run)', async () => {
    const held = heldNetwork();
    const fake = createFakeFigma({ network: held.network });
    const outcome: string[] = [];
    fake.fetch('https://api.mailvault.example/items').then(
      () => outcome.push('resolved'),
      () => outcome.push('rejected'),
    );
    fake.figma.closePlugin();
    held.releaseAll();
    await fake.settleAsync();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(held.requests).toEqual(['https://api.mailvault.example/items']);
    expect(outcome).toEqual([]);
    expect(() => fake.run.fetch('https://api.mailvault.example/more')).toThrow(CLOSED);
    expect(held.requests).toHaveLength(1);
  });

  it('2. a promise of the API (clientStorage) pending at the close never settles', async () => {
    const fake = createFakeFigma();
    const outcome: string[] = [];
    void fake.figma.clientStorage.getAsync('x').then(() => outcome.push('resolved'));
    fake.figma.closePlugin();
    await fake.settleAsync();
    expect(outcome).toEqual([]);
  });

  it('3. figma.currentPage, setSharedPluginData and the other APIs throw after closePlugin', async () => {
    const fake = createFakeFigma();
    const { figma } = fake;
    const frame = figma.createFrame();
    const ui = figma.ui;
    const storage = figma.clientStorage;
    figma.showUI('<p>ui</p>');
    figma.closePlugin('Done');
    // The typings' example: "access to `figma.currentPage` has been disabled".
    expect(() => figma.currentPage).toThrow(CLOSED);
    expect(() => frame.setSharedPluginData('envelope', 'k', 'v')).toThrow(CLOSED);
    expect(() => frame.setPluginData('k', 'v')).toThrow(CLOSED);
    expect(() => figma.createRectangle()).toThrow(CLOSED);
    expect(() => figma.notify('hi')).toThrow(CLOSED);
    expect(() => ui.postMessage({})).toThrow(CLOSED);
    expect(() => storage.getAsync('k')).toThrow(CLOSED);
    expect(() => figma.getNodeByIdAsync(frame.id)).toThrow(CLOSED);
    expect(() => figma.closePlugin()).not.toThrow();
    expect(fake.closed).toBe(true);
    expect(fake.closeMessage).toBe('Done');
    expect(fake.ui.closed).toBe(true);
    // The document itself is untouched and a test may still look at it.
    expect(fake.inspect.run(() => frame.getSharedPluginData('envelope', 'k'))).toBe('');
  });

  it("runs the close handlers first, with the API still usable, then calls no further handler", async () => {
    const fake = createFakeFigma();
    const { figma } = fake;
    const seen: string[] = [];
    figma.on('close', () => seen.push(`close on ${figma.currentPage.name}`));
    figma.showUI('<p>ui</p>');
    figma.ui.onmessage = (message) => seen.push(`message ${String(message)}`);
    fake.ui.send('before');
    const received: unknown[] = [];
    fake.ui.onMessage((message) => received.push(message));
    figma.ui.postMessage('posted just before');
    figma.closePlugin();
    await fake.settleAsync();
    expect(seen).toEqual(['close on Page 1']);
    expect(received).toEqual([]);
    expect(() => fake.ui.send('after')).toThrow(/no open UI/);
  });

  // Typings (notify): "If the message includes a custom action button, it will be closed
  // automatically when the plugin closes." and timeout `Infinity` shows it "indefinitely until
  // the plugin is closed".
  it('closes the notifications that last only as long as the run, without calling back', () => {
    const fake = createFakeFigma();
    const dequeued: string[] = [];
    fake.figma.notify('Saved');
    fake.figma.notify('Syncing…', { timeout: Infinity, onDequeue: (reason) => dequeued.push(reason) });
    fake.figma.notify('Undo?', { button: { text: 'Undo', action: () => undefined } });
    fake.figma.closePlugin();
    expect(fake.notifications.map((entry) => [entry.message, entry.cancelled])).toEqual([
      ['Saved', false],
      ['Syncing…', true],
      ['Undo?', true],
    ]);
    expect(dequeued).toEqual([]);
  });

  it('the person closing the window ends the run the same way', async () => {
    const fake = createFakeFigma();
    const seen: string[] = [];
    fake.figma.on('close', () => seen.push('close'));
    fake.figma.showUI('<p>ui</p>');
    fake.closeWindow();
    expect(seen).toEqual(['close']);
    expect(fake.run.closed).toBe(true);
    expect(() => fake.figma.currentPage).toThrow(CLOSED);
  });
});

describe('4. running the plugin again', () => {
  it('ends the old run and gives the new one its own figma on the same document, plugin data and clientStorage', async () => {
    vi.useFakeTimers();
    const held = heldNetwork();
    const fake = createFakeFigma({ network: held.network });
    const oldFigma = fake.figma;
    const frame = oldFigma.createFrame();
    frame.setSharedPluginData('envelope', 'k', 'v');
    await oldFigma.clientStorage.setAsync('settings', { a: 1 });
    const late: string[] = [];
    fake.run.timers.setTimeout(() => late.push('old timer'), 100);
    void fake.fetch('https://api.mailvault.example/slow').then(() => late.push('old fetch'));
    oldFigma.on('run', () => late.push('old run handler'));
    const closes: string[] = [];
    oldFigma.on('close', () => closes.push('old run closed'));
    const oldId = fake.run.id;

    fake.relaunch();
    expect(closes).toEqual(['old run closed']);
    expect(fake.run.id).toBe(oldId + 1);
    expect(fake.figma === oldFigma).toBe(false);
    expect(() => oldFigma.currentPage).toThrow(CLOSED);

    const figma = fake.figma;
    fake.runCommand();
    held.releaseAll();
    vi.advanceTimersByTime(1000);
    vi.useRealTimers();
    await fake.settleAsync();
    expect(late).toEqual([]);
    const again = (await figma.getNodeByIdAsync(frame.id)) as FrameNode;
    expect(again).toBe(frame);
    expect(again.getSharedPluginData('envelope', 'k')).toBe('v');
    expect(await figma.clientStorage.getAsync('settings')).toEqual({ a: 1 });
    again.setSharedPluginData('envelope', 'k', 'w');
    expect(frame.getSharedPluginData('envelope', 'k')).toBe('w');
  });

  it('starts a closed plugin again', async () => {
    const fake = createFakeFigma();
    fake.figma.closePlugin();
    expect(() => fake.runCommand()).toThrow(/closed; call relaunch/);
    fake.relaunch({ command: 'sync' });
    expect(fake.closed).toBe(false);
    expect(fake.figma.command).toBe('sync');
    expect(fake.figma.currentPage.name).toBe('Page 1');
  });
});
