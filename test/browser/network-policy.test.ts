// The manifest's network policy in the playground, as Figma enforces it: the plugin UI (CSP on its
// iframe) and the sandbox (figma's fetch) reach the allowed domains and the emulator the
// playground was started with, and nothing else (issue 17, item 2).
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateHooks, useHarness } from './support/playground-harness';

const h = useHarness();

beforeAll(async () => {
  await h.openAsync();
});

/** What the UI iframe sees when it asks for `url`: the CSP violation it raised, if any, and how the request ended. */
async function uiRequestAsync(url: string, kind: 'fetch' | 'image'): Promise<{ violated: string | null; outcome: string }> {
  const ui = await h.uiFrameAsync();
  return ui.evaluate(
    async ({ url, kind }) => {
      let violated: string | null = null;
      const onViolation = (event: SecurityPolicyViolationEvent) => {
        if (event.blockedURI.startsWith(url.slice(0, 20))) violated = event.effectiveDirective;
      };
      document.addEventListener('securitypolicyviolation', onViolation);
      let outcome: string;
      if (kind === 'fetch') {
        outcome = await fetch(url, { cache: 'no-store' }).then(
          (response) => `answered ${response.status}`,
          (error: unknown) => `failed: ${String(error)}`,
        );
      } else {
        outcome = await new Promise<string>((resolve) => {
          const image = new Image();
          image.onload = () => resolve('loaded');
          image.onerror = () => resolve('failed');
          image.src = url;
        });
      }
      // Violation events are queued as tasks: let them arrive (up to 2 s, for a loaded machine; a request let through waits it all).
      for (let waited = 0; violated === null && waited < 2_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      document.removeEventListener('securitypolicyviolation', onViolation);
      return { violated, outcome };
    },
    { url, kind },
  );
}

describe('the network policy from manifest.json', () => {
  it('blocks a UI request to a host the manifest does not list, with a CSP error', async () => {
    const unlisted = `${h.playground.url.replace(/\/$/, '')}/ui.html`;
    const result = await uiRequestAsync(unlisted, 'fetch');
    expect(result.violated).toBe('connect-src');
    expect(result.outcome).toMatch(/^failed: TypeError/);
    const image = await uiRequestAsync(`${h.playground.url.replace(/\/$/, '')}/picture.png`, 'image');
    expect(image).toEqual({ violated: 'img-src', outcome: 'failed' });
  });

  it('lets the UI reach the emulator the playground was started with', async () => {
    const result = await uiRequestAsync(`${h.emulator.libraryUrl}/_emulator/state`, 'fetch');
    expect(result.violated).toBeNull();
  });

  it("refuses the sandbox's fetch to an unlisted host, and lets it reach the emulator", async () => {
    const refused = await evaluateHooks(h.page, (hooks) =>
      hooks.fake().fetch('https://unlisted.example/data').then(
        () => 'answered',
        (error: unknown) => String(error),
      ),
    );
    expect(refused).toMatch(/Refused to connect to "https:\/\/unlisted.example\/data"/);
    const reached = await evaluateHooks(
      h.page,
      (hooks, url) => hooks.fake().fetch(url).then((response) => response.status, (error: unknown) => String(error)),
      `${h.emulator.libraryUrl}/_emulator/state`,
    );
    expect(reached).toBe(200);
  });
});
