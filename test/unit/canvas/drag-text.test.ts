// What a card dragged out of the window carries as text, for wherever it is dropped other than the
// canvas (a chat, a document): the reference's name with its public page, never the subject alone.
import { describe, expect, it } from 'vitest';
import { dragText } from '../../../ui/canvas/drag-text';
import type { InsertItem } from '../../../ui/canvas/reference-inserter';

function item(extra: Partial<InsertItem> = {}): InsertItem {
  return { emailId: 7, brandSlug: 'acme', brandName: 'Acme', subject: 'Spring sale', url: 'https://library.example/emails/7', capturedDate: '2026-11-03', previewUrl: 'https://img.example/7.png', ...extra };
}

describe('a dragged card’s text', () => {
  it('is named as Insert names it, brand and subject, with the email’s public page for attribution', () => {
    expect(dragText(item())).toBe('Acme — Spring sale\nhttps://library.example/emails/7');
  });

  it('names the subject alone when the list does not know the brand (a slug is no name), still with its page', () => {
    expect(dragText(item({ brandName: undefined }))).toBe('Spring sale\nhttps://library.example/emails/7');
  });

  it('leaves out an address that is not a web page (it would be a link to nowhere, or to a script)', () => {
    expect(dragText(item({ url: 'javascript:alert(1)' }))).toBe('Acme — Spring sale');
    expect(dragText(item(), { source: 'MailVault', url: 'javascript:alert(1)' })).toBe('Acme — Spring sale\nhttps://library.example/emails/7\nVia MailVault');
  });

  it('credits the service, by the name and site the library gives (meta.attribution), “Via”, as Browse does (it named the record’s page alone, then said “From”, as if the service sent it)', () => {
    expect(dragText(item(), { source: 'MailVault', url: 'https://mailvault.example' })).toBe('Acme — Spring sale\nhttps://library.example/emails/7\nVia MailVault (https://mailvault.example)');
  });
});
