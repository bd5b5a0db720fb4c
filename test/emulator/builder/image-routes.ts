// Template thumbnails (drawn) and component thumbnails (as uploaded by sync), served without a key.
import { hashString } from '../core/prng';
import { createRouter } from '../http/router';
import type { ImageKind } from '../http/image-requests';
import type { EmulatorRequest, EmulatorResponse } from '../http/types';
import { emailLayout, layoutPixels } from '../images/email-layout';
import { pngResponseHeaders, type PngCache } from '../images/png-cache';
import { builderErrorResponse } from './context';
import type { BuilderStore } from './model';

type ImageHandler = (store: BuilderStore, params: Record<string, string>, cache: PngCache) => EmulatorResponse;

const templateThumbnail: ImageHandler = (store, params, cache) => {
  const id = params['file']!.replace(/\.png$/, '');
  const template = store.templates.get(id);
  if (!params['file']!.endsWith('.png') || !template || (!template.hasThumbnail && !template.previewPng)) {
    return builderErrorResponse(404, 'not_found', `No thumbnail for template "${id.slice(0, 80)}".`);
  }
  if (template.previewPng) return { status: 200, headers: pngResponseHeaders(), body: template.previewPng };
  const seed = hashString(template.id);
  const layout = emailLayout(seed, [40 + (seed % 120), 90, 160], 600, 800);
  const bytes = cache.getOrDraw(`template:${id}`, () => ({ width: 300, height: 400, pixel: layoutPixels(layout, 0.5) }));
  return { status: 200, headers: pngResponseHeaders(), body: bytes };
};

const componentThumbnail: ImageHandler = (store, params) => {
  const key = params['file']!.replace(/\.png$/, '');
  const component = store.designSystems.get(params['id']!)?.components.get(key);
  if (!component?.thumbnailPng) return builderErrorResponse(404, 'not_found', `No thumbnail for component "${key.slice(0, 80)}".`);
  return { status: 200, headers: pngResponseHeaders(), body: component.thumbnailPng };
};

const router = createRouter<{ kind: ImageKind; handler: ImageHandler }>();
router.add('GET', '/images/templates/:file', { kind: 'template_thumbnail', handler: templateThumbnail });
router.add('GET', '/images/design-systems/:id/components/:file', { kind: 'component_thumbnail', handler: componentThumbnail });

/** The image's answer, and what was asked for (for the request log). */
export function serveBuilderImage(request: EmulatorRequest, store: BuilderStore, cache: PngCache): { response: EmulatorResponse; kind: ImageKind } {
  const match = router.match(request.method, request.path);
  if (match.kind === 'found') return { response: match.handler.handler(store, match.params, cache), kind: match.handler.kind };
  return { response: builderErrorResponse(404, 'not_found', `No image at ${request.path}.`), kind: 'unknown' };
}
