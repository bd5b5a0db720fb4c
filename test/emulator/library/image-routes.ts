// PNG thumbnails, full-length screenshots and logos, served without a key from the library host.
import { createRouter } from '../http/router';
import type { HostOutcome } from '../http/host-server';
import type { EmulatorRequest, EmulatorResponse } from '../http/types';
import { emailLayout, layoutPixels } from '../images/email-layout';
import { pngResponseHeaders, type PngCache } from '../images/png-cache';
import type { ImageKind } from '../http/image-requests';
import { libraryErrorResponse } from './context';
import type { LibraryData, PreviewFault } from './model';

export const THUMBNAIL_SIZE = { width: 300, height: 400 } as const;
export const PREVIEW_WIDTH = 600;
export const LOGO_SIZE = 128;

type ImageHandler = (data: LibraryData, params: Record<string, string>, cache: PngCache) => EmulatorResponse | HostOutcome;

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
  faultOf?: (data: LibraryData, params: Record<string, string>) => PreviewFault | null;
}

const png = (bytes: Uint8Array): EmulatorResponse => ({ status: 200, headers: pngResponseHeaders(), body: bytes });

const emailOf = (data: LibraryData, params: Record<string, string>) => (/^\d+$/.test(params['id']!) ? data.emailsById.get(Number(params['id'])) : undefined);

const emailImage =
  (kind: 'thumbnail' | 'preview'): ImageHandler =>
  (data, params, cache) => {
    const email = emailOf(data, params);
    if (!email) return libraryErrorResponse(404, 'not_found', `No image for email "${params['id']!.slice(0, 40)}".`);
    // A fault a test asked for (`POST /_emulator/library/emails/:id/preview-fault`), on the screenshot only.
    if (kind === 'preview' && email.previewFault === '404') return libraryErrorResponse(404, 'not_found', `No image for email "${email.id}".`);
    if (kind === 'preview' && email.previewFault === '429') {
      delete email.previewFault;
      return libraryErrorResponse(429, 'rate_limited', 'Too many image requests. Try again in 2 seconds.', { 'Retry-After': '2' });
    }
    // A wait too long to sit through (ten minutes), every time until mended.
    if (kind === 'preview' && email.previewFault === '429_long') return libraryErrorResponse(429, 'rate_limited', 'Too many image requests. Try again in 10 minutes.', { 'Retry-After': '600' });
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
  faultOf: (data, params) => emailOf(data, params)?.previewFault ?? null,
});
router.add('GET', '/images/brands/:slug/logo.png', { kind: 'logo', handler: logo });

export function serveLibraryImage(request: EmulatorRequest, data: LibraryData, cache: PngCache): ServedImage {
  const match = router.match(request.method, request.path);
  if (match.kind === 'found') {
    const { kind, handler, faultOf } = match.handler;
    const fault = faultOf?.(data, match.params) ?? null;
    const answer = handler(data, match.params, cache);
    return { outcome: 'response' in answer ? answer : { response: answer }, kind, fault };
  }
  const unknown = (response: EmulatorResponse): ServedImage => ({ outcome: { response }, kind: 'unknown', fault: null });
  if (match.kind === 'wrong_method') return unknown(libraryErrorResponse(405, 'method_not_allowed', `Images only answer GET.`, { Allow: 'GET' }));
  return unknown(libraryErrorResponse(404, 'not_found', `No image at ${request.path}.`));
}
