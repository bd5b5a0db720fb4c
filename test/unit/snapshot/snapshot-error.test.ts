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
    const error = unreadableError('COMPONENT_SET', 'Button', new Error('in get_componentPropertyDefinitions: Component set for node has existing errors'));
    expect(error.code).toBe('unreadable');
    expect(error.message).toBe(
      'Figma could not read the component set “Button”, so nothing was compared or sent. Figma said: “in get_componentPropertyDefinitions: Component set for node has existing errors”. Select it in Figma: a warning on it, or on a component set it uses, says what to fix (often two variants with the same property values). Then try again.',
    );
  });

  it('leaves Figma’s words out when there are none', () => {
    expect(unreadableError('COMPONENT', 'Card', 'nothing said').message).toMatch(/^Figma could not read the component “Card”, so nothing was compared or sent\. Select it in Figma/);
  });
});
