// The key owner's data: /v1/me/follows, /follows/emails, /likes, /collections, /collections/{id}.
import { formatLocalIso } from '../../core/dates';
import { libraryOk, notFound, requireAccount, type LibraryHandler } from '../context';
import type { Email } from '../model';
import { pageMeta, readPaging } from '../paging';
import { brandEmailCount, collectionItem, feedEmailSummary, followedBrandItem, FOLLOW_LIMIT, reducedEmailSummary } from '../shapes';
import { readSince } from '../since-param';

export const listFollows: LibraryHandler = (ctx) => {
  const account = requireAccount(ctx);
  const brands = account.follows.map((follow) => ctx.data.brands.get(follow.brandSlug)).filter((brand) => brand !== undefined);
  return libraryOk(
    brands.map((brand) => followedBrandItem(ctx, brand, brandEmailCount(ctx, brand.slug))),
    { count: brands.length, total: brands.length, max: FOLLOW_LIMIT },
  );
};

export const listFollowedEmails: LibraryHandler = (ctx) => {
  const account = requireAccount(ctx);
  const since = readSince(ctx);
  const paging = readPaging(ctx);
  const followed = new Set(account.follows.map((follow) => follow.brandSlug));
  const emails = ctx.data.emails.filter((email) => followed.has(email.brandSlug) && (since === null || email.capturedAtMs > since));
  const { pageItems, meta } = pageMeta(emails, paging);
  return libraryOk(pageItems.map((email) => feedEmailSummary(ctx, email)), {
    ...meta,
    ...(since === null ? {} : { since: formatLocalIso(since) }),
    following: followed.size,
  });
};

export const listLikes: LibraryHandler = (ctx) => {
  const account = requireAccount(ctx);
  const paging = readPaging(ctx);
  const emails = account.likes.map((like) => ctx.data.emailsById.get(like.emailId)).filter((email): email is Email => email !== undefined);
  const { pageItems, meta } = pageMeta(emails, paging);
  return libraryOk(pageItems.map((email) => reducedEmailSummary(ctx, email, true)), { ...meta, total: emails.length });
};

export const listCollections: LibraryHandler = (ctx) => {
  const account = requireAccount(ctx);
  return libraryOk(account.collections.map(collectionItem), { count: account.collections.length });
};

export const getCollection: LibraryHandler = (ctx) => {
  const account = requireAccount(ctx);
  const id = ctx.params['id']!;
  const paging = readPaging(ctx);
  // Another account's collection is as unknown as a missing one.
  const collection = account.collections.find((candidate) => candidate.id === id);
  if (!collection) throw notFound(`Collection "${id.slice(0, 80)}" was not found.`);
  const emails = collection.emailIds.map((emailId) => ctx.data.emailsById.get(emailId)).filter((email): email is Email => email !== undefined);
  const { pageItems, meta } = pageMeta(emails, paging);
  return libraryOk(
    { collection: collectionItem(collection), emails: pageItems.map((email) => reducedEmailSummary(ctx, email, true)) },
    { ...meta, total: emails.length },
  );
};
