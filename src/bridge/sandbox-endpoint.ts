// The sandbox's end of the bridge, over figma.ui.postMessage / figma.ui.onmessage.
import { createEndpoint, type Endpoint, type Handlers } from '../shared/bridge/endpoint';
import {
  sandboxEvents,
  sandboxRequests,
  uiEvents,
  uiRequests,
  type SandboxEvents,
  type SandboxRequests,
  type UiRequests,
} from '../shared/bridge/messages';

export type SandboxEndpoint = Endpoint<UiRequests, SandboxEvents>;

export function connectToUi(handlers: Handlers<SandboxRequests>): SandboxEndpoint {
  const endpoint = createEndpoint({
    post: (message) => figma.ui.postMessage(message),
    incoming: sandboxRequests,
    handlers,
    outgoing: uiRequests,
    inEvents: uiEvents,
    outEvents: sandboxEvents,
    // Only the reason is logged, never the message: it may carry a key.
    onInvalidMessage: (reason) => console.warn(`Envelope: ignored ${reason}`),
  });
  figma.ui.onmessage = (message: unknown) => endpoint.receive(message);
  return endpoint;
}
