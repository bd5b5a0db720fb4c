import { describe, expect, it } from 'vitest';
import * as builder from '../../../src/shared/api/builder/requests';
import type { ApiError } from '../../../src/shared/api/http/api-error';
import * as library from '../../../src/shared/api/library/requests';
import { BRAND_REQUEST_CATEGORIES } from '../../../src/shared/api/library/schemas';

function thrown(action: () => unknown): ApiError {
  try {
    action();
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected a throw');
}

describe('library request builders', () => {
  it('clamps per_page to 1-50 and page to at least 1', () => {
    expect(library.searchEmailsRequest({ perPage: 500, page: 0 }).path).toBe('/v1/emails?page=1&per_page=50');
    expect(library.listBrandsRequest({ perPage: -3 }).path).toBe('/v1/brands?per_page=1');
    expect(library.listLikesRequest({ perPage: 12.6 }).path).toBe('/v1/me/likes?per_page=13');
    expect(library.getCollectionRequest('c1', { perPage: 51 }).path).toBe('/v1/me/collections/c1?per_page=50');
    expect(library.listJourneysRequest({ perPage: Number.NaN }).path).toBe('/v1/journeys');
  });

  it('clamps emails_per_stage to 1-10 and the brand-request limit to 1-200', () => {
    expect(library.getJourneyRequest('northwind', { emailsPerStage: 50 }).path).toBe('/v1/journeys/northwind?emails_per_stage=10');
    expect(library.getJourneyRequest('northwind', { emailsPerStage: 0 }).path).toBe('/v1/journeys/northwind?emails_per_stage=1');
    expect(library.listBrandRequestsRequest({ limit: 1000 }).path).toBe('/v1/brand-requests?limit=200');
    expect(library.listBrandRequestsRequest({ limit: 0 }).path).toBe('/v1/brand-requests?limit=1');
  });

  it('trims q to 200 characters and leaves blank filters out', () => {
    const path = library.searchEmailsRequest({ q: `  ${'a'.repeat(300)}  `, brand: ' ', category: '' }).path;
    expect(path).toBe(`/v1/emails?q=${'a'.repeat(200)}`);
  });

  it('never cuts an emoji in half when trimming q', () => {
    const q = `${'a'.repeat(199)}😀`;
    const sent = decodeURIComponent(library.searchEmailsRequest({ q }).path.replace('/v1/emails?q=', ''));
    expect(sent).toBe('a'.repeat(199));
  });

  it('encodes filters and path segments', () => {
    expect(library.searchEmailsRequest({ q: 'black friday & more', category: 'jewelry-watches' }).path).toBe(
      '/v1/emails?q=black%20friday%20%26%20more&category=jewelry-watches',
    );
    expect(library.getBrandInsightsRequest('a/b?c').path).toBe('/v1/brands/a%2Fb%3Fc/insights');
  });

  it('checks since and email ids before sending', () => {
    expect(library.searchEmailsRequest({ since: '2026-11-01' }).path).toBe('/v1/emails?since=2026-11-01');
    expect(library.listFollowedEmailsRequest({ since: '2026-11-01T10:00:00Z' }).path).toBe('/v1/me/follows/emails?since=2026-11-01T10%3A00%3A00Z');
    expect(thrown(() => library.searchEmailsRequest({ since: 'last week' }))).toMatchObject({ code: 'invalid_argument' });
    expect(library.getEmailRequest(' 42 ').path).toBe('/v1/emails/42');
    expect(thrown(() => library.getEmailRequest('42abc')).message).toBe('An email id is a positive whole number.');
    expect(thrown(() => library.getEmailRequest(0))).toMatchObject({ code: 'invalid_argument', endpoint: 'GET /v1/emails/{id}' });
    expect(thrown(() => library.getBrandRequest('  '))).toMatchObject({ code: 'invalid_argument' });
  });

  it('brand request: category must be one of the 22, any letter case', () => {
    expect(BRAND_REQUEST_CATEGORIES).toHaveLength(22);
    expect(library.createBrandRequestBody({ brand: 'A', website: 'a.example', category: 'jewelry & watches' }).category).toBe('Jewelry & Watches');
    const error = thrown(() => library.createBrandRequestBody({ brand: 'A', website: 'a.example', category: 'Gardening' }));
    expect(error.code).toBe('invalid_argument');
    expect(error.message).toContain('"Gardening" is not a category');
  });

  it('brand request: notes at most 500 characters, required fields present, blanks left out', () => {
    const body = library.createBrandRequestBody({ brand: 'A', website: 'a.example', notes: 'n'.repeat(800), signupUrl: ' ', category: ' ' });
    expect(body).toEqual({ brand: 'A', website: 'a.example', notes: 'n'.repeat(500) });
    // Counted in characters as a person counts them (code points): 500 emoji are kept whole.
    expect(library.createBrandRequestBody({ brand: 'A', website: 'a.example', notes: '🌷'.repeat(500) }).notes).toBe('🌷'.repeat(500));
    expect(library.createBrandRequestBody({ brand: 'A', website: 'a.example', notes: '🌷'.repeat(501) }).notes).toBe('🌷'.repeat(500));
    expect(thrown(() => library.createBrandRequestBody({ brand: ' ', website: 'a.example' })).message).toBe('Enter the brand name.');
    expect(thrown(() => library.createBrandRequestBody({ brand: 'A', website: '' })).message).toBe("Enter the brand's website or domain.");
  });
});

describe('builder request builders', () => {
  it('clamps the template page size to 1-100 and the changes limit to 1-500', () => {
    expect(builder.listTemplatesRequest({ perPage: 0, page: -1 }).path).toBe('/api/templates?page=1&per_page=1');
    expect(builder.changesRequest('ds', { limit: 0 }).path).toBe('/api/plugin/design-systems/ds/changes?limit=1');
    expect(builder.changesRequest('ds', { limit: 10_000, since: null, cursor: null }).path).toBe('/api/plugin/design-systems/ds/changes?limit=500');
  });

  it('template names: 1-200 characters, trimmed; longer names are refused in words, never cut', () => {
    expect(builder.createTemplateBody({ name: ` ${'x'.repeat(200)} ` }).name).toHaveLength(200);
    expect(thrown(() => builder.createTemplateBody({ name: 'x'.repeat(201) }))).toMatchObject({
      code: 'invalid_argument',
      message: 'A template name is at most 200 characters; this one has 201.',
    });
    expect(thrown(() => builder.updateTemplateBody({ name: ` ${'y'.repeat(250)}` })).message).toContain('this one has 250');
    expect(thrown(() => builder.createTemplateBody({ name: '   ' })).message).toBe('Enter a template name.');
    expect(builder.templateNameProblem('ok')).toBeNull();
    // Characters as a person counts them (code points, an assumption): 200 emoji are 200 characters.
    expect(builder.templateNameProblem('🌷'.repeat(200))).toBeNull();
    expect(builder.createTemplateBody({ name: '🌷'.repeat(200) }).name).toBe('🌷'.repeat(200));
    expect(builder.templateNameProblem('🌷'.repeat(201))).toBe('A template name is at most 200 characters; this one has 201.');
  });

  it('template bodies over 2 MB are refused before sending, naming the size; an empty update too', () => {
    const root = { type: 'FRAME', name: 'Big', blob: 'x'.repeat(2_050_000) };
    const error = thrown(() => builder.createTemplateBody({ name: 'Big', content: { format: 'figma-node-tree', version: 1, root } }));
    expect(error).toMatchObject({ code: 'invalid_argument', message: 'This template is 2.1 MB; the builder takes at most 2 MB per request.' });
    expect(thrown(() => builder.updateTemplateBody({ content: { format: 'figma-node-tree', version: 1, root } })).message).toContain('2.1 MB');
    expect(thrown(() => builder.updateTemplateBody({})).code).toBe('invalid_argument');
    expect(builder.updateTemplateBody({ description: 'd' })).toEqual({ description: 'd' });
  });

  it('needs ids', () => {
    expect(thrown(() => builder.templateRequest('GET', ''))).toMatchObject({ code: 'invalid_argument', endpoint: 'GET /api/templates/:id' });
    expect(thrown(() => builder.syncRequest(' '))).toMatchObject({ code: 'invalid_argument' });
  });
});

describe('megabytesText', () => {
  it('rounds up, so a size over the 2 MB limit never reads as 2.0 MB', () => {
    expect(builder.megabytesText(2_040_000)).toBe('2.1 MB');
    expect(builder.megabytesText(2_000_000)).toBe('2.0 MB');
    expect(builder.megabytesText(1_400_000)).toBe('1.4 MB');
  });
});
