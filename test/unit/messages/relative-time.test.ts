// A time the builder sends broken (its schema takes any text, so that one bad date does not cost the
// rest of the template) is said to be unknown, never shown as the raw text or read as another date.
import { describe, expect, it } from 'vitest';
import { absoluteTime, relativeTime } from '../../../ui/messages/relative-time';
import { templateDetailsText } from '../../../ui/templates/template-words';
import { messageProblems } from '../../support/message-rules';

const now = Date.parse('2026-11-24T12:00:00Z');

describe('a time ahead of this computer’s clock', () => {
  // Every time shown is one past (updated, saved, synced): the builder's clock ahead of this one
  // made a template read “Updated in 3 minutes”.
  it('is “just now”, however far ahead, while a time past still counts back', () => {
    expect(relativeTime('2026-11-24T12:00:30Z', now)).toBe('just now');
    expect(relativeTime('2026-11-24T12:03:00Z', now)).toBe('just now');
    expect(relativeTime('2026-11-24T14:00:00Z', now)).toBe('just now');
    expect(relativeTime('2026-11-24T11:59:30Z', now)).toBe('just now');
    expect(relativeTime('2026-11-24T11:59:00Z', now)).toBe('1 minute ago');
    expect(relativeTime('2026-11-23T12:00:00Z', now)).toBe('yesterday');
  });
});

describe('a time that is not a date-time', () => {
  it('is an unknown time, not the raw text or a guess (Date.parse reads “12” as the year 2001)', () => {
    for (const broken of ['not a date', '12', '2026-13-45T10:00:00Z', 'March 7', '']) {
      expect(relativeTime(broken, now)).toBe('at an unknown time');
      expect(absoluteTime(broken)).toBe('unknown date');
    }
    expect(relativeTime('2026-11-24T11:57:00.000Z', now)).toBe('3 minutes ago');
    expect(relativeTime('2026-11-24T13:57:00+02:00', now)).toBe('3 minutes ago');
    expect(absoluteTime('2026-11-24T11:57:00Z')).not.toBe('unknown date');
  });

  it('reads in Open’s details as a creation date unknown (it read “Created not a date.”, or “Created .” for none)', () => {
    const opened = (createdAt: string | null) => ({ opened: false, frame: null, template: null, layerCount: 3, createdAt });
    expect(templateDetailsText('“Spring”', opened('soon'))).toBe('“Spring” has no frame in this file. Created on an unknown date, 3 layers.');
    expect(templateDetailsText('“Spring”', opened(null))).toBe('“Spring” has no frame in this file. Created on an unknown date, 3 layers.');
    expect(messageProblems(templateDetailsText('“Spring”', opened('soon')))).toEqual([]);
  });
});
