// No answer at an address typed in Settings said "check … the address in Settings (host)" even
// after that address had answered the same key (a list read, then a save's answer dropped): the
// address was evidently right, and Settings a wrong lead. Once it has answered, only the connection is said.
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../../src/shared/api/http/api-error';
import { createBuilderClient } from '../../../src/shared/api/builder/client';
import { UNANSWERED_TYPED_ADDRESS } from '../../../src/shared/api/http/error-mapping';
import { createRequestGate } from '../../../src/shared/api/http/request-gate';
import { builderHarness, libraryHarness, rejectionOf } from './support/clients';
import { BUILDER_BASE, BUILDER_KEY, templateListBody } from './support/builder-fixtures';
import { libraryError } from './support/library-fixtures';
import { createManualScheduler } from './support/manual-scheduler';
import { createScriptedTransport, jsonResponse, sequence } from './support/scripted-transport';

const ADDRESS_WORDS = 'Envelope could not reach the email builder. Check your internet connection and the email builder’s address in Settings (https://builder.acme.example).';
const CONNECTION_WORDS = 'Envelope could not reach the email builder. Check your internet connection, then try again.';
const SAVE = { name: 'Spring sale', content: { format: 'figma-node-tree', version: 1, root: { type: 'FRAME', name: 'Spring' } } } as const;

describe('no answer at an address typed in Settings', () => {
  it('never answered: the address is said, and its problem set (Settings is offered)', async () => {
    const { client } = builderHarness(() => 'drop');
    const error = (await rejectionOf(client.createTemplateAsync(SAVE))) as ApiError;
    expect(error).toMatchObject({ code: 'network_error', message: ADDRESS_WORDS });
    expect(error.details.problem).toBe(UNANSWERED_TYPED_ADDRESS);
  });

  it('after the address answered (the list read), a save with no answer says only the connection', async () => {
    const { client } = builderHarness(sequence(jsonResponse(200, templateListBody()), 'drop'));
    await client.listTemplatesAsync();
    const error = (await rejectionOf(client.createTemplateAsync(SAVE))) as ApiError;
    expect(error).toMatchObject({ code: 'network_error', message: CONNECTION_WORDS });
    expect(error.details.problem).toBeUndefined();
  });

  it('an error status is an answer too', async () => {
    const { client } = libraryHarness(sequence(jsonResponse(400, libraryError('bad_request', 'brand is required')), 'drop'));
    await rejectionOf(client.createBrandRequestAsync({ brand: 'A', website: 'a.example' }));
    const error = (await rejectionOf(client.createBrandRequestAsync({ brand: 'A', website: 'a.example' }))) as ApiError;
    expect(error.message).toBe('Envelope could not reach the email library. Check your internet connection, then try again.');
    expect(error.details.problem).toBeUndefined();
  });

  it('a web page is no answer of the API: the address is still said', async () => {
    const page = { status: 200, headers: { 'content-type': 'text/html' }, text: '<!doctype html><title>Sign in</title>' };
    const { client } = builderHarness(sequence(page, 'drop'));
    await rejectionOf(client.listTemplatesAsync());
    const error = (await rejectionOf(client.createTemplateAsync(SAVE))) as ApiError;
    expect(error).toMatchObject({ message: ADDRESS_WORDS });
    expect(error.details.problem).toBe(UNANSWERED_TYPED_ADDRESS);
  });

  it('is remembered for the address and key, not one client: a client made afresh for the next task knows it, another key does not', async () => {
    const clock = createManualScheduler();
    const gate = createRequestGate({ scheduler: clock.scheduler });
    const make = (key: string, answers: Parameters<typeof sequence>) =>
      createBuilderClient({ baseUrl: BUILDER_BASE, key, transport: createScriptedTransport(sequence(...answers)).transport, scheduler: clock.scheduler, gate });
    await make(BUILDER_KEY, [jsonResponse(200, templateListBody())]).listTemplatesAsync();
    const again = (await rejectionOf(make(BUILDER_KEY, ['drop']).createTemplateAsync(SAVE))) as ApiError;
    expect(again.message).toBe(CONNECTION_WORDS);
    const otherKey = (await rejectionOf(make('ef_0000111122223333', ['drop']).createTemplateAsync(SAVE))) as ApiError;
    expect(otherKey.message).toBe(ADDRESS_WORDS);
  });
});
