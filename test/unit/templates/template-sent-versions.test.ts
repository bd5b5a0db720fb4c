// The designer's own record of what each frame last sent (clientStorage, out of ⌘Z's reach), and
// the rules that read it beside the frame's link.
import { describe, expect, it } from 'vitest';
import { createSentVersionsStore } from '../../../src/templates/sent-versions-store';
import { holdsSentFromHere, linkBehindSent, parseTemplateLink, sentContentHash, sentFromHere, serializeTemplateLink, type SentVersion } from '../../../src/templates/template-link';

const root = { type: 'FRAME', name: 'Spring' };
const sent: SentVersion = { templateId: 'tpl_1', templateName: 'Spring', frameId: '1:2', fileId: 'file_a', updatedAt: '2026-11-24T10:05:00.000Z', hash: '1:abc', sentHash: sentContentHash(root)! };
const here = { templateId: 'tpl_1', frameId: '1:2', fileId: 'file_a' };

function memoryStorage() {
  const values = new Map<string, unknown>();
  return {
    values,
    getAsync: async (key: string) => values.get(key),
    setAsync: async (key: string, value: unknown) => void values.set(key, structuredClone(value)),
    deleteAsync: async (key: string) => void values.delete(key),
  };
}

describe('a version sent from here', () => {
  it('is this frame’s in this file only: another frame, file, template, or a file with no id is not', () => {
    expect(sentFromHere(sent, here)).toBe(true);
    expect(sentFromHere(null, here)).toBe(false);
    expect(sentFromHere(sent, { ...here, frameId: '9:9' })).toBe(false);
    expect(sentFromHere(sent, { ...here, fileId: 'file_b' })).toBe(false);
    expect(sentFromHere(sent, { ...here, templateId: 'tpl_2' })).toBe(false);
    expect(sentFromHere({ ...sent, fileId: '' }, { ...here, fileId: '' })).toBe(false);
  });

  it('is held by the builder’s version of the same time, or of another time with the same content (renamed since)', () => {
    expect(holdsSentFromHere(sent, '2026-11-24T10:05:00Z', { type: 'FRAME', name: 'Theirs' })).toBe(true);
    expect(holdsSentFromHere(sent, '2026-11-24T10:09:00.000Z', { name: 'Spring', type: 'FRAME' })).toBe(true);
    expect(holdsSentFromHere(sent, '2026-11-24T10:09:00.000Z', { type: 'FRAME', name: 'Theirs' })).toBe(false);
    const { sentHash: _, ...withoutHash } = sent;
    expect(holdsSentFromHere(withoutHash, '2026-11-24T10:09:00.000Z', root)).toBe(false);
  });

  it('is ahead of a link that ⌘Z took back to the version before, not of the link it wrote', () => {
    const link = (savedAt: string) => parseTemplateLink(serializeTemplateLink({ templateId: 'tpl_1', templateName: 'Spring', hash: '1:abc', savedAt }))!;
    expect(linkBehindSent(sent, link('2026-11-24T10:00:00.000Z'))).toBe(true);
    expect(linkBehindSent(sent, link('2026-11-24T10:05:00.000Z'))).toBe(false);
    // Renamed from here after it: the link moved on.
    expect(linkBehindSent(sent, link('2026-11-24T10:07:00.000Z'))).toBe(false);
  });
});

describe('the sent versions store', () => {
  it('keeps a frame’s last save only (an older one never comes back as the one to offer), and forgets a frame’s or a template’s', async () => {
    const store = createSentVersionsStore(memoryStorage());
    await store.noteAsync(sent);
    await store.noteAsync({ ...sent, templateId: 'tpl_2', updatedAt: '2026-11-24T11:00:00.000Z' });
    await store.noteAsync({ ...sent, templateId: 'tpl_3', frameId: '5:5' });
    await store.noteAsync({ ...sent, templateId: 'tpl_4', fileId: 'file_b' });
    expect((await store.readForFrameAsync('1:2', 'file_a'))?.templateId).toBe('tpl_2');
    expect(await store.readAsync('tpl_1')).toBeNull();
    expect((await store.readForFrameAsync('1:2', 'file_b'))?.templateId).toBe('tpl_4');
    await store.forgetTemplateAsync('tpl_2');
    expect(await store.readForFrameAsync('1:2', 'file_a')).toBeNull();
    await store.forgetFrameAsync('5:5', 'file_a');
    expect(await store.readAsync('tpl_3')).toBeNull();
    expect(await store.readAsync('tpl_4')).not.toBeNull();
  });

  it('keeps the latest per template, most recent first, and at most 200', async () => {
    const storage = memoryStorage();
    const store = createSentVersionsStore(storage);
    expect(await store.readAsync('tpl_1')).toBeNull();
    await store.noteAsync(sent);
    await store.noteAsync({ ...sent, updatedAt: '2026-11-24T10:09:00.000Z' });
    expect((await store.readAsync('tpl_1'))?.updatedAt).toBe('2026-11-24T10:09:00.000Z');
    for (let index = 0; index < 210; index++) await store.noteAsync({ ...sent, templateId: `tpl_many_${index}`, frameId: `9:${index}` });
    expect(await store.readAsync('tpl_1')).toBeNull();
    expect(await store.readAsync('tpl_many_209')).not.toBeNull();
    expect(await store.readAsync('tpl_many_10')).not.toBeNull();
    expect(await store.readAsync('tpl_many_9')).toBeNull();
  });

  it('reads anything else stored as nothing, and a refused write loses nothing but the record', async () => {
    const storage = memoryStorage();
    storage.values.set('envelope.templates.sent', [{ templateId: 'tpl_1' }, 'junk', { ...sent, templateId: 'tpl_2' }]);
    const store = createSentVersionsStore(storage);
    expect(await store.readAsync('tpl_1')).toBeNull();
    expect(await store.readAsync('tpl_2')).not.toBeNull();
    // Entries of another shape are kept, unread, by a note.
    await store.noteAsync({ ...sent, templateId: 'tpl_9', frameId: '9:9' });
    expect(storage.values.get('envelope.templates.sent')).toEqual([{ ...sent, templateId: 'tpl_9', frameId: '9:9' }, { templateId: 'tpl_1' }, 'junk', { ...sent, templateId: 'tpl_2' }]);
    // Another shape (a newer version's), or a read that failed: a note leaves the records as they are.
    storage.values.set('envelope.templates.sent', { v: 2, versions: [] });
    await store.noteAsync(sent);
    await store.forgetTemplateAsync('tpl_2');
    expect(storage.values.get('envelope.templates.sent')).toEqual({ v: 2, versions: [] });
    storage.values.set('envelope.templates.sent', [{ ...sent, templateId: 'tpl_2' }]);
    const unreadable = createSentVersionsStore({ ...storage, getAsync: async () => Promise.reject(new Error('read')) });
    await unreadable.noteAsync(sent);
    expect(storage.values.get('envelope.templates.sent')).toEqual([{ ...sent, templateId: 'tpl_2' }]);
    const full = createSentVersionsStore({ ...storage, setAsync: async () => Promise.reject(new Error('quota')) });
    await expect(full.noteAsync(sent)).resolves.toBeUndefined();
    const broken = createSentVersionsStore({ ...storage, getAsync: async () => Promise.reject(new Error('read')) });
    expect(await broken.readAsync('tpl_2')).toBeNull();
  });
});
