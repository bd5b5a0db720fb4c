// Starts the system Chromium through playwright-core (no browser download: playwright-core ships
// none). A missing browser is an error with the fix in words, never a silently skipped test.
import { access, constants } from 'node:fs/promises';
import { chromium, type Browser } from 'playwright-core';

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** Flags for a quiet, headless run in a container: no sandbox, GPU, sync or background traffic. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.CHROMIUM_PATH?.trim();
  return configured ? configured : DEFAULT_CHROMIUM_PATH;
}

async function isExecutableAsync(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs sandboxed iframes (the plugin's null-origin UI) in the page's process. Only for tests of
 * pointer capture: with the iframe in its own process, headless Chromium stops delivering the
 * test's synthetic pointer events to a capturing element once its iframe has been resized.
 * The frame's origin stays `null` either way.
 */
export const IN_PROCESS_IFRAMES_ARGS: readonly string[] = ['--disable-features=IsolateSandboxedIframes'];

export async function launchChromiumAsync(extraArgs: readonly string[] = []): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!(await isExecutableAsync(executablePath))) {
    throw new Error(
      `Chromium was not found at ${executablePath}. Install it with \`apt-get install chromium\`, ` +
        'or set CHROMIUM_PATH to the chromium executable.',
    );
  }
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...extraArgs] });
}
