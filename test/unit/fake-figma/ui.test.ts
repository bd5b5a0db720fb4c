import { describe, expect, it } from 'vitest';
import { createFakeFigma } from '../../fake-figma/index';

describe('figma.ui messaging', () => {
  it('delivers plugin messages to the UI asynchronously, as copies', async () => {
    const fake = createFakeFigma();
    const received: unknown[] = [];
    fake.ui.onMessage((message) => received.push(message));
    fake.figma.showUI(__html_stub(), { width: 400, height: 600, themeColors: true, title: 'Envelope' });
    const payload = { type: 'hello', list: [1, 2], bytes: new Uint8Array([9]) };
    fake.figma.ui.postMessage(payload);
    payload.list.push(3);
    expect(received).toEqual([]);
    await fake.settleAsync();
    expect(received).toEqual([{ type: 'hello', list: [1, 2], bytes: new Uint8Array([9]) }]);
    expect(received[0]).not.toBe(payload);
    expect(fake.ui.shown).toBe(true);
    expect(fake.ui.options).toMatchObject({ width: 400, height: 600, title: 'Envelope' });
    expect(fake.ui.size).toEqual({ width: 400, height: 600 });
  });

  it('keeps messages posted before the UI listens and delivers them when it does', async () => {
    const fake = createFakeFigma();
    fake.figma.showUI('<p>ui</p>');
    fake.figma.ui.postMessage({ n: 1 });
    await fake.settleAsync();
    const received: unknown[] = [];
    fake.ui.onMessage((message) => received.push(message));
    await fake.settleAsync();
    expect(received).toEqual([{ n: 1 }]);
  });

  it('refuses functions and ArrayBuffers in postMessage', () => {
    const fake = createFakeFigma();
    fake.figma.showUI('<p>ui</p>');
    expect(() => fake.figma.ui.postMessage({ reply: () => undefined })).toThrow(/function.*could not be cloned/);
    expect(() => fake.figma.ui.postMessage({ data: new ArrayBuffer(8) })).toThrow(/ArrayBuffer.*Uint8Array/);
    expect(fake.ui.sent).toEqual([]);
  });

  it('refuses postMessage before showUI and drops it after ui.close', () => {
    const warnings: unknown[] = [];
    const fake = createFakeFigma({ console: { log: () => undefined, error: () => undefined, warn: (...args) => warnings.push(args.join(' ')) } });
    expect(() => fake.figma.ui.postMessage({})).toThrow(/call figma.showUI first/);
    fake.figma.showUI('<p>ui</p>');
    fake.figma.ui.close();
    fake.figma.ui.postMessage({ late: true });
    expect(fake.ui.sent).toEqual([]);
    expect(warnings).toEqual([expect.stringContaining('after the UI was closed')]);
  });

  it('delivers UI messages to onmessage and on("message") handlers asynchronously', async () => {
    const fake = createFakeFigma();
    fake.figma.showUI('<p>ui</p>');
    const seen: string[] = [];
    fake.figma.ui.onmessage = (message: { kind: string }) => seen.push(`onmessage:${message.kind}`);
    fake.figma.ui.on('message', (message: { kind: string }) => seen.push(`on:${message.kind}`));
    fake.figma.ui.once('message', (message: { kind: string }) => seen.push(`once:${message.kind}`));
    fake.ui.send({ kind: 'a' });
    fake.ui.send({ kind: 'b' });
    expect(seen).toEqual([]);
    await fake.settleAsync();
    expect(seen).toEqual(['onmessage:a', 'on:a', 'once:a', 'onmessage:b', 'on:b']);
    expect(() => fake.ui.send({ f: () => 1 })).toThrow(/could not be cloned/);
  });

  it('closes: ui.close stops sends from the UI; closePlugin records its message and fires close', async () => {
    const fake = createFakeFigma();
    let closed = 0;
    fake.figma.on('close', () => closed++);
    fake.figma.showUI('<p>ui</p>');
    fake.figma.closePlugin('Synced 12 components');
    expect(fake.closed).toBe(true);
    expect(fake.ui.closed).toBe(true);
    expect(closed).toBe(1);
    expect(fake.notifications.map((n) => n.message)).toEqual(['Synced 12 components']);
    expect(() => fake.ui.send({})).toThrow(/no open UI/);
    expect(() => fake.figma.notify('late')).toThrow(/plugin was closed/);
  });
});

function __html_stub(): string {
  return '<html><body>stub</body></html>';
}

describe('the plugin window size', () => {
  // Typings: showUI "`width`: … Minimum is 70." "`height`: … Minimum is 0."; ui.resize "The minimum size is 70x0."
  it('keeps the window at least 70 wide, lets it be 0 high, and refuses sizes that are no number of pixels', () => {
    const fake = createFakeFigma();
    fake.figma.showUI('<p>ui</p>', { width: 20, height: 0 });
    expect(fake.ui.size).toEqual({ width: 70, height: 0 });
    fake.figma.ui.resize(400, 600);
    expect(fake.ui.size).toEqual({ width: 400, height: 600 });
    fake.figma.ui.resize(10, 0);
    expect(fake.ui.size).toEqual({ width: 70, height: 0 });
    expect(() => fake.figma.ui.resize(-1, 10)).toThrow(/width to be a number of pixels/);
    expect(() => fake.figma.ui.resize(100, Number.NaN)).toThrow(/height to be a number of pixels/);
    expect(() => fake.figma.showUI('<p>ui</p>', { width: Number.POSITIVE_INFINITY })).toThrow(/options.width/);
  });
});
