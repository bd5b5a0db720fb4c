// One unlink for the save section and for "Unlink the frame" beside a rename refused as its
// template is gone: one request, whose answered selection is shown (not asked for again), the
// list's row told, and what was done said; a failure says that the unlink failed, and of which frame.
import { describe, expect, it } from 'vitest';
import type { TemplateRow, TemplateSelection } from '../../../src/shared/bridge/messages';
import { BridgeError } from '../../../src/shared/bridge/bridge-error';
import { goneTemplateFrame, unlinkedText, unlinkFrameAsync, unlinkProblem } from '../../../ui/templates/unlink-frame';
import { BUILDER_REQUEST_TIMEOUT_MS } from '../../../ui/templates/template-words';

const answered = { kind: 'frame', link: null } as unknown as TemplateSelection;
const row = (name: string, frame: { id: string; name: string } | null): TemplateRow => ({
  id: 't1',
  name,
  description: '',
  updatedAt: '2026-11-24T10:00:00.000Z',
  thumbnailUrl: null,
  linkedFrame: frame === null ? null : { ...frame, pageName: 'Emails' },
});

/** An endpoint that answers (or fails) each request as told, and keeps what was asked. */
function endpointAnswering(answer: () => Promise<unknown>) {
  const asked: Array<{ type: string; payload: unknown; options?: unknown }> = [];
  const endpoint = {
    request: (type: string, payload: unknown, options?: unknown) => {
      asked.push({ type, payload, options });
      return answer();
    },
  } as unknown as Parameters<typeof unlinkFrameAsync>[0];
  return { endpoint, asked };
}

describe('unlinkFrameAsync', () => {
  it('asks once, then shows the selection it answered with, tells the list, and says it, in that order', async () => {
    const { endpoint, asked } = endpointAnswering(() => Promise.resolve(answered));
    const seen: unknown[] = [];
    const selection = await unlinkFrameAsync(endpoint, { frameId: '1:2', frame: '“Cover”' }, {
      onSelection: (next) => seen.push(['selection', next]),
      onUnlinked: (frameId) => seen.push(['unlinked', frameId]),
      onSaid: (words, next) => seen.push(['said', words, next]),
    });
    // Waited for as long as the builder requests it may be queued behind (a rename waiting out a "slow down"):
    // failed after Figma's usual 15 s, it was said failed and then done.
    expect(asked).toEqual([{ type: 'templates/unlink', payload: { frameId: '1:2' }, options: { timeoutMs: BUILDER_REQUEST_TIMEOUT_MS } }]);
    expect(selection).toBe(answered);
    expect(seen).toEqual([
      ['selection', answered],
      ['unlinked', '1:2'],
      ['said', '“Cover” is no longer linked to a template.', answered],
    ]);
  });

  it('rejects with the failure, nothing shown or said', async () => {
    const failure = new BridgeError('timeout', 'Figma did not answer in time.');
    const { endpoint } = endpointAnswering(() => Promise.reject(failure));
    const seen: unknown[] = [];
    const shown = { onSelection: () => seen.push('selection'), onUnlinked: () => seen.push('unlinked'), onSaid: () => seen.push('said') };
    await expect(unlinkFrameAsync(endpoint, { frameId: '1:2', frame: '“Cover”' }, shown)).rejects.toBe(failure);
    expect(seen).toEqual([]);
  });
});

describe('the unlink’s words', () => {
  it('say what was unlinked, from what: a template, or “it” after the template’s own words', () => {
    expect(unlinkedText({ frameId: '1:2', frame: 'the frame whose update failed' })).toBe('The frame whose update failed is no longer linked to a template.');
    expect(unlinkedText(goneTemplateFrame(row('Spring', { id: '1:2', name: 'Spring sale' }), '1:2'))).toBe('The frame “Spring sale” is no longer linked to it.');
    expect(unlinkedText(goneTemplateFrame(row('Spring', null), '1:2'))).toBe('Its frame is no longer linked to it.');
  });

  it('say a failure was the unlink’s, of which frame, and offer it again for that frame', () => {
    const failure = new BridgeError('timeout', 'Figma did not answer in time.');
    expect(unlinkProblem(failure, { frameId: '1:2', frame: '“Cover”' })).toEqual({ message: '“Cover” could not be unlinked: Figma did not answer in time.', action: 'unlink', frameId: '1:2' });
    expect(unlinkProblem(failure, goneTemplateFrame(row('Spring', { id: '1:2', name: 'Spring sale' }), '1:2')).message).toBe('The frame “Spring sale” could not be unlinked: Figma did not answer in time.');
    // With no frame's name known, said where no words name the template (above the list): it names the template.
    expect(unlinkProblem(failure, goneTemplateFrame(row('Spring', { id: '9:9', name: 'Other' }), '1:2')).message).toBe('The frame linked to “Spring” could not be unlinked: Figma did not answer in time.');
    expect(unlinkProblem(failure, goneTemplateFrame(row('\u200b', null), '1:2')).message).toBe('The frame linked to the template with no name could not be unlinked: Figma did not answer in time.');
    expect(unlinkProblem(failure, goneTemplateFrame(row('Spring', { id: '1:2', name: '' }), '1:2')).message).toBe('A frame with no name could not be unlinked: Figma did not answer in time.');
  });
});
