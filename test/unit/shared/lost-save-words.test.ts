import { describe, expect, it } from 'vitest';
import { LOOK_IN_LIST, whileListFailed } from '../../../src/shared/lost-save-words';
import { templateError } from '../../../src/templates/template-errors';
import { ApiError } from '../../../src/shared/api/http/api-error';

describe('a save that may have been made, while the list below could not be read', () => {
  it('says to look in the list once it loads again', () => {
    const lost = templateError(new ApiError({ api: 'builder', endpoint: 'POST /templates', status: null, code: 'network_error', message: 'x' }), { creating: true, templateName: 'Spring sale' }) as Error;
    expect(lost.message).toContain(LOOK_IN_LIST);
    expect(whileListFailed(lost.message)).toBe(
      'The builder’s answer to saving “Spring sale” was lost (check the connection), so the template may have been made anyway. Look for it in the list below once the list loads again, before saving again, so that it is not made twice.',
    );
  });

  it('leaves other words as they are', () => {
    expect(whileListFailed('The builder API key was not accepted.')).toBe('The builder API key was not accepted.');
  });
});
