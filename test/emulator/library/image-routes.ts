// PNG thumbnails, full-length screenshots and logos, served without a key from the library host.
import { createRouter } from '../http/router';
import type { HostOutcome } from '../http/host-server';
import type { EmulatorRequest, EmulatorResponse } from '../http/types';
import { emailLayout, layoutPixels } from '../images/email-layout';
import { pngResponseHeaders, type PngCache } from '../images/png-cache';
import type { ImageKind } from '../http/image-requests';
import { libraryErrorResponse } from './context';
import type { Email, LibraryData, PreviewFault } from './model';

export const THUMBNAIL_SIZE = { width: 300, height: 400 } as const;
export const PREVIEW_WIDTH = 600;
export const LOGO_SIZE = 128;

/** The wait a `"429_until_waited"` screenshot asks for, in seconds. */
export const PREVIEW_WAIT_SECONDS = 2;

type ImageHandler = (data: LibraryData, params: Record<string, string>, cache: PngCache, nowMs: number) => EmulatorResponse | HostOutcome;

/** An image's answer, with what the request log keeps of it. */
export interface ServedImage {
  outcome: HostOutcome;
  kind: ImageKind;
  /** The screenshot's fault in force when it was answered (a `"429"` mends itself as it answers). */
  fault: PreviewFault | null;
}

interface ImageRoute {
  kind: ImageKind;
  handler: ImageHandler;
  /** The fault the handler is about to answer with, read before it runs. */
  faultOf?: (data: LibraryData, params: Record<string, string>, nowMs: number) => PreviewFault | null;
}

const png = (bytes: Uint8Array): EmulatorResponse => ({ status: 200, headers: pngResponseHeaders(), body: bytes });

const emailOf = (data: LibraryData, params: Record<string, string>) => (/^\d+$/.test(params['id']!) ? data.emailsById.get(Number(params['id'])) : undefined);

/**
 * The screenshot's fault now: a `"429_until_waited"` whose wait has passed on the emulator clock is
 * mended (the host's limit ended), so the answer after it is an ordinary one.
 */
const previewFaultNow = (email: Email, nowMs: number): PreviewFault | null => {
  if (email.previewFault === '429_until_waited' && email.previewWaitEndsMs !== undefined && nowMs >= email.previewWaitEndsMs) {
    delete email.previewFault;
    delete email.previewWaitEndsMs;
  }
  return email.previewFault ?? null;
};

/** The library's "slow down" for an image: Retry-After `seconds`, said in its message too. */
const tooManyImages = (seconds: number): EmulatorResponse => {
  const wait = seconds >= 60 && seconds % 60 === 0 ? `${seconds / 60} minute${seconds === 60 ? '' : 's'}` : `${seconds} second${seconds === 1 ? '' : 's'}`;
  return libraryErrorResponse(429, 'rate_limited', `Too many image requests. Try again in ${wait}.`, { 'Retry-After': String(seconds) });
};

/** A 429 that keeps refusing until its Retry-After has passed: asked again sooner, it says what is left. */
const refusedUntilWaited = (email: Email, nowMs: number): EmulatorResponse => {
  email.previewWaitEndsMs ??= nowMs + PREVIEW_WAIT_SECONDS * 1000;
  return tooManyImages(Math.max(1, Math.ceil((email.previewWaitEndsMs - nowMs) / 1000)));
};

const emailImage =
  (kind: 'thumbnail' | 'preview'): ImageHandler =>
  (data, params, cache, nowMs) => {
    const email = emailOf(data, params);
    if (!email) return libraryErrorResponse(404, 'not_found', `No image for email "${params['id']!.slice(0, 40)}".`);
    if (kind === 'preview' && previewFaultNow(email, nowMs) === '429_until_waited') return refusedUntilWaited(email, nowMs);
    // A fault a test asked for (`POST /_emulator/library/emails/:id/preview-fault`), on the screenshot only.
    if (kind === 'preview' && email.previewFault === '404') return libraryErrorResponse(404, 'not_found', `No image for email "${email.id}".`);
    if (kind === 'preview' && email.previewFault === '429') {
      delete email.previewFault;
      return tooManyImages(2);
    }
    // A wait too long to sit through (ten minutes), every time until mended.
    if (kind === 'preview' && email.previewFault === '429_long') return tooManyImages(600);
    if (kind === 'preview' && email.previewFault === 'not_image') return { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: '<!doctype html><title>Moved</title><p>This screenshot has moved.</p>' };
    const brand = data.brands.get(email.brandSlug)!;
    const layout = emailLayout(email.id, brand.color, PREVIEW_WIDTH, email.previewHeight);
    const image = png(
      cache.getOrDraw(`${kind}:${email.id}`, () =>
        kind === 'preview'
          ? { width: PREVIEW_WIDTH, height: email.previewHeight, pixel: layoutPixels(layout) }
          : { ...THUMBNAIL_SIZE, pixel: layoutPixels(layout, THUMBNAIL_SIZE.width / PREVIEW_WIDTH) },
      ),
    );
    return kind === 'preview' && email.previewFault === 'stall' ? { response: image, delivery: { kind: 'stall' } } : image;
  };

const logo: ImageHandler = (data, params, cache) => {
  const brand = data.brands.get(params['slug']!);
  if (!brand) return libraryErrorResponse(404, 'not_found', `No logo for brand "${params['slug']!.slice(0, 80)}".`);
  const [r, g, b] = brand.color;
  const half = LOGO_SIZE / 2;
  return png(
    cache.getOrDraw(`logo:${brand.slug}`, () => ({
      width: LOGO_SIZE,
      height: LOGO_SIZE,
      pixel: (x, y) => ((x - half) ** 2 + (y - half) ** 2 < (half * 0.55) ** 2 ? [255, 255, 255, 255] : [r, g, b, 255]),
    })),
  );
};

const router = createRouter<ImageRoute>();
router.add('GET', '/images/emails/:id/thumbnail.png', { kind: 'thumbnail', handler: emailImage('thumbnail') });
router.add('GET', '/images/emails/:id/preview.png', {
  kind: 'screenshot',
  handler: emailImage('preview'),
  faultOf: (data, params, nowMs) => {
    const email = emailOf(data, params);
    return email ? previewFaultNow(email, nowMs) : null;
  },
});
router.add('GET', '/images/brands/:slug/logo.png', { kind: 'logo', handler: logo });

export function serveLibraryImage(request: EmulatorRequest, data: LibraryData, cache: PngCache, nowMs: number): ServedImage {
  const match = router.match(request.method, request.path);
  if (match.kind === 'found') {
    const { kind, handler, faultOf } = match.handler;
    const fault = faultOf?.(data, match.params, nowMs) ?? null;
    const answer = handler(data, match.params, cache, nowMs);
    return { outcome: 'response' in answer ? answer : { response: answer }, kind, fault };
  }
  const unknown = (response: EmulatorResponse): ServedImage => ({ outcome: { response }, kind: 'unknown', fault: null });
  if (match.kind === 'wrong_method') return unknown(libraryErrorResponse(405, 'method_not_allowed', `Images only answer GET.`, { Allow: 'GET' }));
  return unknown(libraryErrorResponse(404, 'not_found', `No image at ${request.path}.`));
}
