// The playground's CSP for the plugin UI, from the manifest's domains. Figma (Version 1, Update
// 66): "If your plugin makes network requests, such as calls to an API or fetching images,
// Figma blocks the requests and throws content-security policy (CSP) errors."
import { describe, expect, it } from 'vitest';
import { uiContentSecurityPolicy, withContentSecurityPolicy } from '../../playground/page/ui-network-policy';

describe('the UI network policy', () => {
  it('lets requests and images reach only the listed domains, and keeps the inlined UI working', () => {
    const policy = uiContentSecurityPolicy(['https://api.mailvault.example', '*.templatebuilder.example', 'http://localhost:4010']);
    const directive = (name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `));
    expect(directive('default-src')).toBe("default-src 'none'");
    expect(directive('connect-src')).toBe('connect-src https://api.mailvault.example *.templatebuilder.example http://localhost:4010');
    expect(directive('img-src')).toBe('img-src data: blob: https://api.mailvault.example *.templatebuilder.example http://localhost:4010');
    expect(directive('script-src')).toMatch(/^script-src 'unsafe-inline' 'unsafe-eval' data: blob: https:\/\/api\.mailvault\.example/);
    expect(directive('style-src')).toMatch(/^style-src 'unsafe-inline' data: blob: /);
  });

  it('allows no host at all for ["none"], and drops entries that are no source expression', () => {
    const policy = uiContentSecurityPolicy(['none', "https://x.example; script-src *"]);
    expect(policy).toContain("connect-src 'none'");
    expect(policy).toContain('img-src data: blob:;');
    expect(policy).not.toContain('x.example');
  });

  it('puts the policy first in <head>, before any script', () => {
    const html = '<!doctype html><html lang="en"><head><script>run()</script></head><body></body></html>';
    const out = withContentSecurityPolicy(html, "default-src 'none'");
    expect(out).toBe(`<!doctype html><html lang="en"><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'"><script>run()</script></head><body></body></html>`);
    expect(withContentSecurityPolicy('<p>hi</p>', 'a "b"')).toBe('<meta http-equiv="Content-Security-Policy" content="a &quot;b&quot;"><p>hi</p>');
    expect(withContentSecurityPolicy('<html><body></body></html>', 'x')).toBe('<html><head><meta http-equiv="Content-Security-Policy" content="x"></head><body></body></html>');
  });
});
