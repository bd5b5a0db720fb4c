// GET /v1/journeys and /v1/journeys/{brand}.
import { readIntParam } from '../../http/query-params';
import { libraryOk, notFound, type LibraryHandler } from '../context';
import { pageMeta, readPaging } from '../paging';
import { SITE_URL, journeyListItem, reducedEmailSummary } from '../shapes';

export const listJourneys: LibraryHandler = (ctx) => {
  const paging = readPaging(ctx, 30);
  const journeys = [...ctx.data.journeys].sort((a, b) => a.brandSlug.localeCompare(b.brandSlug));
  const { pageItems, meta } = pageMeta(journeys, paging);
  return libraryOk(pageItems.map(journeyListItem), meta);
};

export const getJourney: LibraryHandler = (ctx) => {
  const slug = ctx.params['brand']!;
  const perStage = readIntParam(ctx.request.query, 'emails_per_stage', { min: 1, max: 10, fallback: 5 }, 'bad_request');
  const journey = ctx.data.journeys.find((candidate) => candidate.brandSlug === slug);
  if (!journey) throw notFound(`No journey for brand "${slug.slice(0, 80)}".`);
  return libraryOk({
    brand: journey.brandSlug,
    brand_slug: journey.brandSlug,
    url: `${SITE_URL}/journeys/${journey.brandSlug}`,
    stages: journey.stages.map((stage) => ({
      stage: stage.stage,
      stage_slug: stage.stageSlug,
      email_count: stage.emailIds.length,
      emails: stage.emailIds.slice(0, perStage).map((id) => reducedEmailSummary(ctx, ctx.data.emailsById.get(id)!, false)),
    })),
  });
};
