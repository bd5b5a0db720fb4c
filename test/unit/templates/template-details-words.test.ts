// What Open says of a template that has no frame in this file.
import { describe, expect, it } from 'vitest';
import { templateDetailsText } from '../../../ui/templates/template-words';
import { messageProblems } from '../../support/message-rules';

const opened = (layerCount: number | null) => ({ opened: false, frame: null, template: null, layerCount, createdAt: 'not a date' });

describe('templateDetailsText', () => {
  it('counts one layer in the singular (it said “1 layers”), and leaves the count out when unknown', () => {
    expect(templateDetailsText('“Spring”', opened(1))).toBe('“Spring” has no frame in this file. Created on an unknown date, 1 layer.');
    expect(templateDetailsText('“Spring”', opened(12))).toBe('“Spring” has no frame in this file. Created on an unknown date, 12 layers.');
    expect(templateDetailsText('“Spring”', opened(null))).toBe('“Spring” has no frame in this file. Created on an unknown date.');
    expect(messageProblems(templateDetailsText('“Spring”', opened(1)))).toEqual([]);
  });
});
