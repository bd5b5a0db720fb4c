import { describe, expect, it } from 'vitest';
import { isStandIn, isStandInAddress } from '../../../src/shared/config/stand-in-address';
import hosts from '../../../src/shared/config/api-hosts.json';

describe('the built-in stand-in address', () => {
  it('is each API’s built-in address, while that is a reserved .example name', () => {
    expect(isStandInAddress('library', hosts.library)).toBe(true);
    expect(isStandInAddress('builder', hosts.builder)).toBe(true);
    // The same origin, written as the sandbox and Settings write it.
    expect(isStandInAddress('builder', `${hosts.builder}/`)).toBe(true);
  });

  it('is not another API’s built-in address, nor an address the designer typed (even a .example one)', () => {
    expect(isStandInAddress('library', hosts.builder)).toBe(false);
    expect(isStandInAddress('builder', 'http://127.0.0.1:45581')).toBe(false);
    expect(isStandInAddress('builder', 'https://builder.acme.example')).toBe(false);
    expect(isStandInAddress('builder', 'https://app.templatebuilder.example:8443')).toBe(false);
    expect(isStandInAddress('builder', 'not an address')).toBe(false);
  });

  it('is nothing in a build whose built-in address is a real host', () => {
    expect(isStandIn('https://api.mailvault.com', 'https://api.mailvault.com')).toBe(false);
    expect(isStandIn('https://api.mailvault.example', 'https://api.mailvault.example')).toBe(true);
  });
});

describe('the rule’s edges', () => {
  it('reads the host, not the port or the path', () => {
    expect(isStandIn('https://x.example:8443/v1', 'https://x.example:8443')).toBe(true);
    expect(isStandIn('https://x.example.com', 'https://x.example.com')).toBe(false);
    expect(isStandIn('https://x.example', 'not an address')).toBe(false);
  });
});
