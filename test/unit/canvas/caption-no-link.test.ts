// A reference's caption with no web address to link says where the email came from, not "View on".
import { describe, expect, it } from 'vitest';
import { referenceCaption } from '../../../src/canvas/caption';
import { messageProblems } from '../../support/message-rules';

const source = { emailId: 7, brandSlug: 'acme', brandName: 'Acme', subject: 'Spring sale', url: 'https://library.example/emails/7', capturedDate: '2026-11-03', service: 'MailVault' };

describe('referenceCaption without a link', () => {
  it('credits the service without offering to view it elsewhere (it said “View on MailVault”, linked to nothing)', () => {
    for (const url of ['', 'javascript:alert(1)', 'not an address']) {
      const caption = referenceCaption({ ...source, url });
      expect(caption.text).toBe('Acme — Spring sale\nCaptured 3 Nov 2026 · From MailVault');
      expect(caption.link.url).toBeNull();
      expect(messageProblems(caption.text)).toEqual([]);
    }
    expect(referenceCaption({ ...source, url: '', service: ' ' }).text).toBe('Acme — Spring sale\nCaptured 3 Nov 2026 · From the library');
  });

  it('still says “View on” the service, linked, when there is a web address', () => {
    const caption = referenceCaption(source);
    expect(caption.text.slice(caption.link.start, caption.link.end)).toBe('View on MailVault');
    expect(caption.link.url).toBe(source.url);
  });
});
