// @vitest-environment happy-dom
// The save section drawn by Preact in a DOM without a browser: Update template pressed after ⌘Z
// took back the frame's save, before the window heard of it (Figma tells the page's nodechange
// "periodically", so a press can come first). The sandbox refuses it as no longer linked; the
// section reads the selection again, shows the offer to link the frame again, and puts the
// keyboard on it, not on Save as template (Enter again there saved a second template).
import { h, render } from 'preact';
import { useState } from 'preact/hooks';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { BridgeError } from '../../../src/shared/bridge/bridge-error';
import type { TemplateSelection } from '../../../src/shared/bridge/messages';
import { SaveSection, type SaveSectionProps } from '../../../ui/templates/save-section';
import { useDomRoot } from '../../support/dom-root';

const FRAME = { id: '12:3', name: 'Spring sale' };
const base = { kind: 'frame' as const, what: '“Spring sale” is selected.', frame: FRAME, lostLink: null, otherFileTemplateId: null };
const LINKED: TemplateSelection = { ...base, link: { templateId: 'tpl_1', templateName: 'Spring sale', savedAt: '2026-12-01T10:00:00Z' }, undoneSave: null };
const UNDONE: TemplateSelection = { ...base, link: null, undoneSave: { templateId: 'tpl_1', templateName: 'Spring sale' } };

const rootOf = useDomRoot();

function Section({ endpoint }: { endpoint: SaveSectionProps['endpoint'] }) {
  const [selection, setSelection] = useState<TemplateSelection>(LINKED);
  return h(SaveSection, { endpoint, selection, onSelection: setSelection, onSaved: () => undefined, onUnlinked: () => undefined, onOpenSettings: () => undefined, updateNow: false, epoch: 0, nowMs: Date.parse('2026-12-01T10:05:00Z'), rows: [] });
}

const settleAsync = () => act(async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
});

describe('Update template refused as no longer linked', () => {
  it('says why, shows the offer to link the frame again and puts the keyboard on it', async () => {
    const asked: string[] = [];
    const endpoint = {
      request: (type: string) => {
        asked.push(type);
        if (type === 'templates/update') return Promise.reject(new BridgeError('not_linked', 'Nothing was sent: “Spring sale” is no longer linked to the template its save made. Link it again to update that template.'));
        if (type === 'templates/selection') return Promise.resolve(UNDONE);
        return Promise.reject(new Error(`not expected: ${type}`));
      },
    } as unknown as SaveSectionProps['endpoint'];
    await act(async () => {
      render(h(Section, { endpoint }), rootOf());
    });
    const update = [...rootOf().querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Update template')!;
    expect(update).toBeDefined();
    update.focus();
    await act(async () => update.click());
    await settleAsync();

    expect(asked).toEqual(['templates/update', 'templates/selection']);
    expect(rootOf().querySelector('[role="alert"]')?.textContent).toContain('is no longer linked to the template its save made');
    expect(rootOf().querySelector('[data-testid="templates-undone-save"]')?.textContent).toContain('This frame was saved as the template “Spring sale”, but is no longer linked to it');
    expect(document.activeElement?.textContent?.trim()).toBe('Link this frame to “Spring sale” again');
  });
});
