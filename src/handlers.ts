// Placeholder until the settings work lands: answers app/init only.
import type { Handlers } from './shared/bridge/endpoint';
import { BridgeError } from './shared/bridge/bridge-error';
import type { SandboxRequests } from './shared/bridge/messages';

export function createHandlers(_options: { command: string }): Handlers<SandboxRequests> {
  const notYet = () => Promise.reject(new BridgeError('internal', 'Not built yet.'));
  return {
    'app/init': () => Promise.reject(new BridgeError('internal', 'Not built yet.')),
    'settings/get': notYet,
    'settings/save-api': notYet,
    'settings/forget-key': notYet,
    'settings/test-connection': notYet,
    'settings/set-design-system': notYet,
    'library/credentials': notYet,
    'ui/resize': notYet,
    'ui/notify': notYet,
  };
}
