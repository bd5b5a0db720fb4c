import { describe, expect, it } from 'vitest';
import { webUrl } from '../../../ui/components/external-link';

describe('webUrl', () => {
  it('keeps http(s) addresses', () => {
    expect(webUrl('https://mailvault.example/emails/12')).toBe('https://mailvault.example/emails/12');
    expect(webUrl('http://127.0.0.1:4010/brands/acme')).toBe('http://127.0.0.1:4010/brands/acme');
  });

  it('refuses what would run or load something other than a web page, and what is not an address', () => {
    for (const address of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>1</script>', 'vbscript:x', 'file:///etc/passwd', '/relative', 'not a url', '', null, undefined]) {
      expect(webUrl(address)).toBeNull();
    }
  });
});
