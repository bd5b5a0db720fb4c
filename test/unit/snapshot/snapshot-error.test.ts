import { describe, expect, it } from 'vitest';
import { toWireError } from '../../../src/shared/bridge/bridge-error';
import { SnapshotError, unreadableError } from '../../../src/snapshot/snapshot-error';

describe('a snapshot failure on the bridge', () => {
  it('reaches the UI with its own code and words', () => {
    expect(toWireError(new SnapshotError('busy', 'A component snapshot is already running.'))).toEqual({ code: 'busy', message: 'A component snapshot is already running.' });
  });
});

describe('unreadableError', () => {
  it('names what Figma would not read, gives Figma’s words, and says where to look', () => {
    const error = unreadableError([{ kind: 'COMPONENT_SET', name: 'Button', cause: new Error('in get_componentPropertyDefinitions: Component set for node has existing errors') }]);
    expect(error.code).toBe('unreadable');
    expect(error.message).toBe(
      'Figma could not read the component set “Button”, so nothing was compared or sent. Figma said: “in get_componentPropertyDefinitions: Component set for node has existing errors”. Select it in Figma: a warning on it, or on a component set it uses, says what to fix (often two variants with the same property values). Then try again.',
    );
  });

  it('leaves Figma’s words out when there are none', () => {
    expect(unreadableError([{ kind: 'COMPONENT', name: 'Card', cause: 'nothing said' }]).message).toMatch(/^Figma could not read the component “Card”, so nothing was compared or sent\. Select it in Figma/);
  });

  it('names every one refused, the component sets first (the one to fix, whichever was read first), and counts those past five', () => {
    const cause = new Error('in get_componentProperties: Component set for node has existing errors');
    const card = { kind: 'COMPONENT' as const, name: 'Product card', cause };
    const button = { kind: 'COMPONENT_SET' as const, name: 'Button', cause };
    expect(unreadableError([card, button]).message).toBe(
      'Figma could not read 2 components, so nothing was compared or sent: the component set “Button” and the component “Product card”. Figma said: “in get_componentProperties: Component set for node has existing errors”. Select each in Figma, component sets first: a warning on one says what to fix (often two variants with the same property values), and fixing a set also fixes the components that use it. Then try again.',
    );
    // The set whose variants are alike is the one to fix: named first, even before another set, with what to change.
    const cardSet = { kind: 'COMPONENT_SET' as const, name: 'Product card', cause, alikeVariant: null };
    expect(unreadableError([card, cardSet, { ...button, alikeVariant: 'Type=Ghost, Size=Small' }]).message).toBe(
      'Figma could not read 3 components, so nothing was compared or sent: the component set “Button”, the component set “Product card” and the component “Product card”. Figma said: “in get_componentProperties: Component set for node has existing errors”. Two variants of the component set “Button” have the same property values (“Type=Ghost, Size=Small”): give one of them other values in Figma, then try again. The others are likely refused because they use “Button”.',
    );
    expect(unreadableError([{ ...button, alikeVariant: 'Type=Ghost, Size=Small' }]).message).toBe(
      'Figma could not read the component set “Button”, so nothing was compared or sent. Figma said: “in get_componentProperties: Component set for node has existing errors”. Two variants of the component set “Button” have the same property values (“Type=Ghost, Size=Small”): give one of them other values in Figma, then try again.',
    );
    const many = ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((name) => ({ kind: 'COMPONENT' as const, name, cause }));
    expect(unreadableError([...many, button]).message).toMatch(
      /^Figma could not read 8 components, so nothing was compared or sent: the component set “Button”, the component “A”, the component “B”, the component “C”, the component “D” and 3 more\. /,
    );
  });
});
