import { describe, expect, it } from 'vitest';
import { BridgeError } from '../../../src/shared/bridge/bridge-error';
import { SnapshotError, toBridgeError, unreadableError } from '../../../src/snapshot/snapshot-error';

describe('toBridgeError', () => {
  it('turns a snapshot failure into the bridge error with the same code and words', () => {
    const translated = toBridgeError(new SnapshotError('busy', 'A component snapshot is already running.'));
    expect(translated).toBeInstanceOf(BridgeError);
    expect((translated as BridgeError).toWire()).toEqual({ code: 'busy', message: 'A component snapshot is already running.' });
  });

  it('leaves any other error as it is', () => {
    const other = new TypeError('not a snapshot failure');
    expect(toBridgeError(other)).toBe(other);
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
