// What Open says, and where a row says its frame is: named as now, and whole when the page has no name.
import { describe, expect, it } from 'vitest';
import { linkedFrameText, openedText } from '../../../ui/templates/template-words';
import { messageProblems } from '../../support/message-rules';

const frame = (pageName: string) => ({ id: '1:2', name: 'Cover', pageName });
const row = { id: 't1', name: 'Spring (renamed)', description: '', updatedAt: '2026-11-01T00:00:00Z', thumbnailUrl: null, linkedFrame: null };

describe('openedText', () => {
  it('names the frame and its page, and leaves out a page with no name (it said on the page “”)', () => {
    expect(openedText('Spring', { opened: true, frame: frame('Emails'), template: null, layerCount: null, createdAt: null })).toBe('Selected “Cover” on the page “Emails”.');
    expect(openedText('Spring', { opened: true, frame: frame(''), template: null, layerCount: null, createdAt: null })).toBe('Selected “Cover”.');
    expect(messageProblems(openedText('Spring', { opened: true, frame: frame(''), template: null, layerCount: null, createdAt: null }))).toEqual([]);
  });

  it('names a template with no frame here as the builder just answered, not as the list had it', () => {
    const text = openedText('Spring', { opened: false, frame: null, template: row, layerCount: 2, createdAt: 'not a date' });
    expect(text).toBe('“Spring (renamed)” has no frame in this file. Created on an unknown date, 2 layers.');
    expect(openedText('Spring', { opened: false, frame: null, template: null, layerCount: null, createdAt: null })).toMatch(/^“Spring” has no frame/);
  });

  it('says a frame or template with no name in words (it said “”)', () => {
    expect(openedText('Spring', { opened: true, frame: { ...frame('Emails'), name: ' ' }, template: null, layerCount: null, createdAt: null })).toBe('Selected a frame with no name on the page “Emails”.');
    expect(openedText('', { opened: false, frame: null, template: { ...row, name: '' }, layerCount: 1, createdAt: null })).toBe('A template with no name has no frame in this file. Created on an unknown date, 1 layer.');
  });
});

describe('linkedFrameText', () => {
  it('says the page only when it has a name (it said “on ” with nothing after)', () => {
    expect(linkedFrameText(frame('Emails'))).toBe(' · Linked to the frame “Cover” on Emails');
    expect(linkedFrameText(frame(''))).toBe(' · Linked to the frame “Cover”');
    expect(linkedFrameText(null)).toBe('');
  });

  it('says a frame with no name in words (it said the frame “”)', () => {
    expect(linkedFrameText({ ...frame('Emails'), name: '' })).toBe(' · Linked to a frame with no name on Emails');
  });
});
