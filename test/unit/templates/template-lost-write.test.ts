// An update, rename or deletion that was sent and whose answer was lost (the connection dropped,
// no answer in time, an answer that could not be read) may have been done: said so, with the way
// to be sure, not as "Envelope could not reach the email builder" (it may have reached it).
import { describe, expect, it } from 'vitest';
import { malformedResponseError, networkError, timeoutError } from '../../../src/shared/api/http/error-mapping';
import { BridgeError } from '../../../src/shared/bridge/bridge-error';
import { templateError } from '../../../src/templates/template-errors';
import { messageProblems } from '../../support/message-rules';
import { builder as defaultBuilderHost } from '../../../src/shared/config/api-hosts.json';

const context = { api: 'builder' as const, endpoint: 'PUT /api/templates/:id', keySent: true, nowMs: 0 };

describe('a write whose answer was lost', () => {
  it('says it may have been done, and how to be sure', () => {
    const said = (apiError: unknown, facts: Parameters<typeof templateError>[1]) => {
      const error = templateError(apiError, facts) as BridgeError;
      expect(error).toBeInstanceOf(BridgeError);
      expect(error.code).toBe('answer_lost');
      expect(messageProblems(error.message)).toEqual([]);
      return error.message;
    };
    // At the built-in address (at one typed in Settings: template-errors.test.ts).
    const dropped = networkError(context, new URL(defaultBuilderHost).origin);
    expect(said(dropped, { templateId: 'tpl_1', writing: 'rename' })).toBe(
      'The builder’s answer to renaming the template was lost (check the connection), so it may have been renamed all the same. Rename it again to be sure: a rename sent twice is the same rename.',
    );
    expect(said(timeoutError(context, 20_000), { templateId: 'tpl_1', templateName: 'Spring sale', writing: 'update' })).toBe(
      'The builder’s answer to updating “Spring sale” did not come in time, so it may have been updated all the same. Update again to be sure: an update sent twice is the same update.',
    );
    expect(said(malformedResponseError(context, 200, 'data.id is missing'), { templateId: 'tpl_1', writing: 'delete' })).toBe(
      'The builder’s answer to deleting the template could not be read, so it may have been deleted all the same. Delete it again to be sure.',
    );
  });

  it('a write not sent (facts without `writing`) keeps the client’s words', () => {
    const dropped = networkError(context, 'https://builder.example');
    expect(templateError(dropped, { templateId: 'tpl_1' })).toBe(dropped);
  });
});
