// One way to time the plugin window opening, for the open-time benches (ui-open-time.ts,
// ui-lazy-screens.ts): each sample gets a fresh page (nothing warm from the last window), at a
// chosen CPU slow-down, and opens the window's document in a sandboxed iframe (`allow-scripts`
// only: a null origin, as Figma's window). The window is open at its first message to the sandbox
// (the app asks for its start-up data once its first drawing is committed). With `screens`, the
// window is then sent that script, as the sandbox would send the lazy screens, and the time to run
// it is read back with what it registered.
import type { Browser } from 'playwright-core';
import { median } from './stats';

export interface WindowOpenSample {
  readonly openMs: number;
  /** Null without `screens`. */
  readonly screensMs: number | null;
  readonly registered: string[] | null;
  readonly error: string | null;
}

export interface WindowOpenOptions {
  readonly html: string;
  /** A script the open window is sent and runs (the lazy screens), or null. */
  readonly screens: string | null;
  /** Chromium's CPU throttling rate: 1 is full speed. */
  readonly slowDown: number;
  /** Numbers the sample: each script gets a unique comment, so no compiled code is reused. */
  readonly sample: number;
}

export async function timeWindowOpenAsync(browser: Browser, options: WindowOpenOptions): Promise<WindowOpenSample> {
  const tag = `/*${options.sample}*/`;
  const html = options.html.replace('<script>', () => `<script>${tag}`);
  const screens = options.screens === null ? null : `${tag}${options.screens}`;
  const page = await browser.newPage();
  try {
    await page.setContent('<!doctype html><title>window open time</title>');
    await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: options.slowDown });
    return await page.evaluate(openWindowAsync, { html, screens });
  } finally {
    await page.close();
  }
}

/** In the page: opens `html` in a sandboxed iframe and times its first message; then runs `screens` in it, if given. */
function openWindowAsync({ html, screens }: { html: string; screens: string | null }): Promise<WindowOpenSample> {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.style.cssText = 'width: 400px; height: 600px; border: 0';
  // Stands in for the sandbox's message: runs the posted script in a script element, reports back.
  const loader = `<script>addEventListener('message', (event) => {
  if (typeof event.data?.screens !== 'string') return;
  const started = performance.now();
  let error = null;
  try { const script = document.createElement('script'); script.textContent = event.data.screens; document.head.append(script); } catch (thrown) { error = String(thrown); }
  const ms = performance.now() - started;
  parent.postMessage({ screensMs: ms, registered: Object.keys(globalThis.__envelopeScreens ?? {}), error: error ?? globalThis.__screensError ?? null }, '*');
});
addEventListener('error', (event) => { globalThis.__screensError = String(event.message); });</script>`;
  return new Promise((done) => {
    let openMs: number | null = null;
    const started = performance.now();
    const finish = (result: WindowOpenSample): void => {
      window.removeEventListener('message', heard);
      frame.remove();
      done(result);
    };
    const heard = (event: MessageEvent): void => {
      if (event.source !== frame.contentWindow) return;
      if (openMs === null) {
        openMs = performance.now() - started;
        if (screens === null) return finish({ openMs, screensMs: null, registered: null, error: null });
        frame.contentWindow!.postMessage({ screens }, '*');
        return;
      }
      const data = event.data as { screensMs?: number; registered?: string[]; error?: string | null };
      if (data.screensMs !== undefined) finish({ openMs, screensMs: data.screensMs, registered: data.registered ?? [], error: data.error ?? null });
    };
    window.addEventListener('message', heard);
    frame.srcdoc = screens === null ? html : html.replace('<head>', () => `<head>${loader}`);
    document.body.append(frame);
  });
}

/** "260.5 ms (197.8 ms–296.0 ms)": the median, then the range. */
export function medianAndRange(values: readonly number[]): string {
  const ms = (value: number): string => `${value.toFixed(1)} ms`;
  return `${ms(median(values))} (${ms(Math.min(...values))}–${ms(Math.max(...values))})`;
}
