// Whether an API's address is the built-in stand-in. The addresses in api-hosts.json are reserved
// `.example` names (RFC 2606) that no server answers at: a designer who saved none in Settings
// has, in truth, no address. Browse, Sync and Templates all ask this one rule.
import type { ApiName } from '../api/http/api-error';
import { originOf } from '../api/http/url';
import { builder, library } from './api-hosts.json';

/**
 * The rule: `address` has the origin of `builtIn`, and `builtIn`'s host ends in `.example`. A
 * build pointed at real hosts (api-hosts.json) has no stand-in; an address the designer typed
 * elsewhere, even a `.example` one, is theirs: perhaps wrong, but not missing.
 */
export function isStandIn(address: string, builtIn: string): boolean {
  const origin = originOf(builtIn);
  // The host's last label, before any port (the sandbox has no URL to parse with).
  return origin !== null && originOf(address) === origin && /\.example(:\d+)?$/.test(origin);
}

/** `address` is `api`'s built-in stand-in: no address was entered in Settings. */
export function isStandInAddress(api: ApiName, address: string): boolean {
  return isStandIn(address, api === 'library' ? library : builder);
}
