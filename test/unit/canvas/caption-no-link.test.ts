// A reference's caption with no web address to link says whom the email came through ("Via"), not
// "View on" (nothing to view) nor "From" (that read as if the service sent the email).
import { describe, expect, it } from 'vitest';
import { referenceCaption } from '../../../src/canvas/caption';
import { messageProblems } from '../../support/message-rules';

const source = { emailId: 7, brandSlug: 'acme', brandName: 'Acme', subject: 'Spring sale', url: 'https://library.example/emails/7', capturedDate: '2026-11-03', service: 'MailVault', serviceUrl: 'https://mailvault.example' };

describe('referenceCaption without a link', () => {
  it('credits the service “Via”, as Browse does, without offering to view it elsewhere (it said “View on MailVault”, linked to nothing, then “From MailVault”, as if MailVault sent it)', () => {
    for (const url of ['', 'javascript:alert(1)', 'not an address']) {
      const caption = referenceCaption({ ...source, url });
      expect(caption.text).toBe('Acme — Spring sale\nCaptured 3 Nov 2026 · Via MailVault');
      expect(messageProblems(caption.text)).toEqual([]);
    }
    expect(referenceCaption({ ...source, url: '', service: ' ' }).text).toBe('Acme — Spring sale\nCaptured 3 Nov 2026 · Via the library');
  });

  it('links the service’s name to its site (library `meta.attribution.url`): the credit was plain words', () => {
    const caption = referenceCaption({ ...source, url: '' });
    expect(caption.text.slice(caption.link.start, caption.link.end)).toBe('MailVault');
    expect(caption.link.url).toBe('https://mailvault.example');
  });

  it('leaves the credit unlinked when the service’s site is not a web address either', () => {
    for (const serviceUrl of ['', 'javascript:alert(1)', 'data:text/html,x', '//mailvault.example']) {
      expect(referenceCaption({ ...source, url: '', serviceUrl }).link.url).toBeNull();
    }
  });

  it('still says “View on” the service, linked, when there is a web address', () => {
    const caption = referenceCaption(source);
    expect(caption.text.slice(caption.link.start, caption.link.end)).toBe('View on MailVault');
    expect(caption.link.url).toBe(source.url);
  });
});
