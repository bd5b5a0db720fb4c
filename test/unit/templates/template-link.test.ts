import { describe, expect, it } from 'vitest';
import { holdsLastSent, holdsSameContent, linkState, parseTemplateIndex, parseTemplateLink, sentContentHash, serializeTemplateLink, updateDescription } from '../../../src/templates/template-link';

const link = { templateId: 'tpl_1', templateName: 'Spring sale', hash: '1:abc', savedAt: '2026-11-24T10:00:00.000Z' };

describe('template link record', () => {
  it('round-trips, and reads anything else as no link', () => {
    expect(parseTemplateLink(serializeTemplateLink(link))).toEqual({ v: 1, ...link });
    expect(parseTemplateLink('')).toBeNull();
    expect(parseTemplateLink('{not json')).toBeNull();
    expect(parseTemplateLink(JSON.stringify({ v: 2, ...link }))).toBeNull();
    expect(parseTemplateLink(JSON.stringify({ v: 1, templateId: 'tpl_1' }))).toBeNull();
  });

  it('reads the index, one that is not JSON as empty, and JSON of another shape (a newer version’s) as null, to be left alone', () => {
    expect(parseTemplateIndex('{"tpl_1":"1:2"}')).toEqual({ tpl_1: '1:2' });
    expect(parseTemplateIndex('')).toEqual({});
    expect(parseTemplateIndex('{"tpl_1":"1:')).toEqual({});
    expect(parseTemplateIndex('[1]')).toBeNull();
    expect(parseTemplateIndex('{"tpl_1":3}')).toBeNull();
  });
});

describe('link state', () => {
  const stored = parseTemplateLink(serializeTemplateLink(link));
  it('is linked when the index names this frame, none, or a frame that no longer holds it', () => {
    expect(linkState(stored, '1:2', '1:2', true, 'file_a')).toBe('linked');
    expect(linkState(stored, '1:2', undefined, false, 'file_a')).toBe('linked');
    expect(linkState(stored, '1:2', '9:9', false, 'file_a')).toBe('linked');
  });
  it('is a copy when another frame holds the same link', () => {
    expect(linkState(stored, '1:2', '9:9', true, 'file_a')).toBe('copy');
  });
  it('is from another file when it was saved in one (a frame copied across files carries its link), unless this file’s index names a frame for its template', () => {
    const saved = parseTemplateLink(serializeTemplateLink({ ...link, fileId: 'file_a' }));
    expect(linkState(saved, '1:2', '1:2', true, 'file_a')).toBe('linked');
    // This file's index names the frame: its own link, whatever became of the file's id.
    expect(linkState(saved, '1:2', '1:2', true, '')).toBe('linked');
    // Or names another frame: a duplicate in this file, the id taken back and made anew meanwhile.
    expect(linkState(saved, '1:2', '9:9', true, 'file_remade')).toBe('copy');
    expect(linkState(saved, '1:2', '9:9', false, 'file_remade')).toBe('linked');
    expect(linkState(saved, '1:2', undefined, false, 'file_b')).toBe('other-file');
    // A file that never had an id made: not the file the link was saved in.
    expect(linkState(saved, '1:2', undefined, false, '')).toBe('other-file');
    // Saved before the id was kept: read as before, wherever it is.
    expect(linkState(stored, '1:2', undefined, false, 'file_b')).toBe('linked');
    expect(linkState(parseTemplateLink(serializeTemplateLink({ ...link, fileId: 'file_a', deleted: true })), '1:2', undefined, false, 'file_b')).toBe('deleted');
  });
  it('is deleted after a delete from here, none without a record', () => {
    expect(linkState(parseTemplateLink(serializeTemplateLink({ ...link, deleted: true })), '1:2', '1:2', true, 'file_a')).toBe('deleted');
    expect(linkState(null, '1:2', undefined, false, 'file_a')).toBe('none');
  });
});

describe('relaunch data', () => {
  it('keeps the description short', () => {
    expect(updateDescription('Spring sale')).toBe('Send this frame to the template “Spring sale” again');
    // A long name is cut before an emoji, never through it (the panel showed “�…”).
    expect(updateDescription(`${'x'.repeat(58)}🌷 Spring`)).toBe(`Send this frame to the template “${'x'.repeat(58)}…” again`);
    expect(updateDescription('x'.repeat(300)).length).toBeLessThan(110);
  });

  it('knows the builder holds this frame as read now, in any key order; anything else is not', () => {
    const frame = { type: 'FRAME', name: 'Spring', children: [{ type: 'TEXT', characters: 'Hi', x: 0 }] };
    expect(holdsSameContent({ name: 'Spring', children: [{ x: 0, characters: 'Hi', type: 'TEXT' }], type: 'FRAME' }, frame)).toBe(true);
    expect(holdsSameContent({ ...frame, name: 'Edited in the builder' }, frame)).toBe(false);
    expect(holdsSameContent(undefined, frame)).toBe(false);
    expect(holdsSameContent(null, frame)).toBe(false);
    expect(holdsSameContent({ bad: Number.NaN }, { bad: Number.NaN })).toBe(false);
  });

  it('knows the builder still holds what this frame last sent (in any key order), and never for a link saved before the hash was kept', () => {
    const sent = { type: 'FRAME', name: 'Spring', children: [{ type: 'TEXT', characters: 'Hi' }] };
    const stored = parseTemplateLink(serializeTemplateLink({ ...link, sentHash: sentContentHash(sent)! }))!;
    expect(holdsLastSent({ children: [{ characters: 'Hi', type: 'TEXT' }], name: 'Spring', type: 'FRAME' }, stored)).toBe(true);
    expect(holdsLastSent({ ...sent, name: 'Edited in the builder' }, stored)).toBe(false);
    expect(holdsLastSent(null, stored)).toBe(false);
    expect(holdsLastSent(sent, parseTemplateLink(serializeTemplateLink(link))!)).toBe(false);
    expect(sentContentHash({ bad: Number.NaN })).toBeNull();
  });
});
