// Builder response shapes (docs/api/api-assumptions.md, "Builder API"): Template and Component.
import type { StoredComponent, Template } from './model';

const iso = (ms: number): string => new Date(ms).toISOString();

export function templateShape(builderUrl: string, template: Template, withContent: boolean) {
  return {
    id: template.id,
    name: template.name,
    description: template.description,
    ...(withContent ? { content: template.content } : {}),
    thumbnail_url: template.hasThumbnail || template.previewPng ? `${builderUrl}/images/templates/${template.id}.png` : null,
    created_at: iso(template.createdAtMs),
    updated_at: iso(template.updatedAtMs),
  };
}

export function componentThumbnailPath(designSystemId: string, key: string): string {
  return `/images/design-systems/${encodeURIComponent(designSystemId)}/components/${encodeURIComponent(key)}.png`;
}

export function componentShape(builderUrl: string, designSystemId: string, component: StoredComponent) {
  return {
    key: component.key,
    name: component.name,
    kind: component.kind,
    description: component.description,
    hash: component.hash,
    properties: component.properties,
    variants: component.variants.map((variant) => ({ key: variant.key, name: variant.name, properties: variant.properties })),
    node: component.node,
    thumbnail_url: component.thumbnailPng ? `${builderUrl}${componentThumbnailPath(designSystemId, component.key)}` : null,
    updated_at: iso(component.updatedAtMs),
    updated_by: component.updatedBy,
    deleted: component.deleted,
  };
}
