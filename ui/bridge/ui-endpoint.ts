// The UI's end of the bridge: messages go to the sandbox as `parent.postMessage({pluginMessage})`
// and come back as `event.data.pluginMessage`.
import { createEndpoint, type Endpoint } from '../../src/shared/bridge/endpoint';
import type { EventOf } from '../../src/shared/bridge/protocol';
import {
  sandboxEvents,
  sandboxRequests,
  uiEvents,
  uiRequests,
  type SandboxEvents,
  type SandboxRequests,
  type UiEvents,
} from '../../src/shared/bridge/messages';

export type UiEndpoint = Endpoint<SandboxRequests, UiEvents>;

/** One event as `[type, payload]`: a listener's `if (type === …)` narrows the payload. */
type SandboxEvent = { [K in Extract<keyof SandboxEvents, string>]: [type: K, payload: EventOf<SandboxEvents, K>] }[Extract<keyof SandboxEvents, string>];
type EventListener = (...event: SandboxEvent) => void;

const listeners = new Set<EventListener>();
const invalidListeners = new Set<(reason: string) => void>();

/** Listens to events pushed by the sandbox; returns the unsubscribe function. */
export function onSandboxEvent(listener: EventListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Listens to messages from the sandbox that were rejected as malformed. */
export function onInvalidMessage(listener: (reason: string) => void): () => void {
  invalidListeners.add(listener);
  return () => invalidListeners.delete(listener);
}

function connect(): UiEndpoint {
  const endpoint = createEndpoint({
    post: (message) => parent.postMessage({ pluginMessage: message }, '*'),
    incoming: uiRequests,
    handlers: {},
    outgoing: sandboxRequests,
    inEvents: sandboxEvents,
    outEvents: uiEvents,
    onEvent: (type, payload) => {
      for (const listener of listeners) listener(...([type, payload] as SandboxEvent));
    },
    onInvalidMessage: (reason) => {
      console.warn(`Envelope UI: ignored ${reason}`);
      for (const listener of invalidListeners) listener(reason);
    },
  });
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data as { pluginMessage?: unknown } | null;
    if (typeof data === 'object' && data !== null && 'pluginMessage' in data) endpoint.receive(data.pluginMessage);
  });
  return endpoint;
}

/** The UI's single connection to the sandbox. */
export const sandbox: UiEndpoint = connect();
