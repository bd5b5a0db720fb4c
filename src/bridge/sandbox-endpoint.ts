// The sandbox's end of the bridge, over figma.ui.postMessage / figma.ui.onmessage.
import { createEndpoint, type Endpoint, type Handlers } from '../shared/bridge/endpoint';
import {
  sandboxEvents,
  sandboxRequests,
  uiEvents,
  uiRequests,
  type SandboxEvents,
  type SandboxRequests,
  type UiEvents,
  type UiRequests,
} from '../shared/bridge/messages';
import type { EventOf } from '../shared/bridge/protocol';

export type SandboxEndpoint = Endpoint<UiRequests, SandboxEvents>;

/** What the sandbox does with each event the UI pushes. */
export type UiEventHandlers = { [K in keyof UiEvents]: (payload: EventOf<UiEvents, K>) => void };

export function connectToUi(handlers: Handlers<SandboxRequests>, events: UiEventHandlers): SandboxEndpoint {
  const endpoint = createEndpoint({
    post: (message) => figma.ui.postMessage(message),
    incoming: sandboxRequests,
    handlers,
    outgoing: uiRequests,
    inEvents: uiEvents,
    outEvents: sandboxEvents,
    onEvent: (type, payload) => events[type](payload),
    // Only the reason is logged, never the message: it may carry a key.
    onInvalidMessage: (reason) => console.warn(`Envelope: ignored ${reason}`),
  });
  figma.ui.onmessage = (message: unknown) => endpoint.receive(message);
  return endpoint;
}
