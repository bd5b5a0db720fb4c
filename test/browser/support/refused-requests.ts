// A fault: the window's requests of one type reach the sandbox in a form it cannot read, so it
// refuses each with its own error (as a window and sandbox out of step would).
import type { Page } from 'playwright-core';
import { evaluateHooks } from './playground-harness';

/** From now on, each `type` request is refused by the sandbox as malformed; `on` false: sent as the window sent it again. */
export function refuseRequestsAsync(page: Page, type: string, on = true): Promise<void> {
  return evaluateHooks(
    page,
    (hooks, refused) =>
      hooks.tamperWithUiMessages(
        refused === null
          ? null
          : (message) => {
              const wire = message as { type?: string };
              return wire.type === refused ? { ...wire, payload: 'not an object' } : message;
            },
      ),
    on ? type : null,
  );
}
