import { describe, expect, it } from 'vitest';
import { captionDate, referenceCaption, referenceName } from '../../../src/canvas/caption';

const source = { emailId: 7, brandSlug: 'acme', brandName: 'Acme', subject: 'Spring sale', url: 'https://library.example/emails/7', capturedDate: '2026-11-03T09:15:00Z', service: 'MailVault', serviceUrl: 'https://mailvault.example' };

describe('caption', () => {
  it('names the frame after brand and subject, cut when very long', () => {
    expect(referenceName(source)).toBe('Acme — Spring sale');
    expect(referenceName({ brandName: ' ', subject: '' })).toBe('Unknown brand — No subject');
    const long = referenceName({ brandName: 'Acme', subject: 'x'.repeat(300) });
    expect(long).toHaveLength(120);
    expect(long.endsWith('…')).toBe(true);
  });

  it('never cuts an emoji of a long subject in half (the layer name showed “�…”)', () => {
    const subject = `${'x'.repeat(111)}🔥 Last day`;
    expect(referenceName({ brandName: 'Acme', subject })).toBe(`Acme — ${'x'.repeat(111)}…`);
  });

  it('writes dates for people and keeps what it cannot read', () => {
    expect(captionDate('2026-11-03')).toBe('3 Nov 2026');
    expect(captionDate('2026-01-31T23:59:59Z')).toBe('31 Jan 2026');
    expect(captionDate('yesterday')).toBe('yesterday');
  });

  it('says brand, subject, date and service, with the service part linked to the email’s page', () => {
    const caption = referenceCaption(source);
    expect(caption.text).toBe('Acme — Spring sale\nCaptured 3 Nov 2026 · View on MailVault');
    expect(caption.text.slice(caption.link.start, caption.link.end)).toBe('View on MailVault');
    expect(caption.link.url).toBe(source.url);
  });

  it('links only a web address: one that would run script or load data stays plain words in the shared file', () => {
    for (const url of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,x', 'https:', '//library.example/emails/7', '']) {
      expect(referenceCaption({ ...source, url, serviceUrl: url }).link.url).toBeNull();
    }
    expect(referenceCaption({ ...source, url: 'http://127.0.0.1:4010/emails/7' }).link.url).toBe('http://127.0.0.1:4010/emails/7');
  });
});
