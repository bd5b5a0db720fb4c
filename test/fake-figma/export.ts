// node.exportAsync: real PNG / JPEG / SVG / PDF bytes drawn from the node tree with a simple
// painter (solid and gradient fills as flat colour, image fills as a tint, text as lines of bars).
// Good enough to see a layout and to check sizes; not a renderer.
import { encodePng } from '../support/png';
import { figmaError, validationError } from './figma-errors';
import { encodeJpeg } from './jpeg';
import { notImplemented } from './not-implemented';
import { inParentSpace, type FakeSceneNode } from './nodes';
import { effectOutset } from './render-bounds';
import { isPlainObject } from './properties';
import { encodeUtf8 } from './structured-clone';

/** The fake's export limits: scale 0.01–4 (Figma's export range) and at most 16,384 px a side. */
export const EXPORT_MAX_SCALE = 4;
export const EXPORT_MAX_SIDE = 16_384;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

type Rgba = [number, number, number, number];

export function resolveExportScale(node: FakeSceneNode, settings: Record<string, unknown>): number {
  const api = 'exportAsync';
  const constraint = settings.constraint;
  if (constraint === undefined) return 1;
  if (!isPlainObject(constraint) || typeof constraint.value !== 'number' || !Number.isFinite(constraint.value) || constraint.value <= 0) {
    throw figmaError(api, 'constraint must be {type: "SCALE" | "WIDTH" | "HEIGHT", value: positive number}');
  }
  const value = constraint.value;
  let scale: number;
  switch (constraint.type) {
    case 'SCALE':
      scale = value;
      break;
    case 'WIDTH':
      scale = value / node.width;
      break;
    case 'HEIGHT':
      scale = value / node.height;
      break;
    default:
      throw figmaError(api, `constraint.type must be SCALE, WIDTH or HEIGHT, got ${JSON.stringify(constraint.type)}`);
  }
  if (scale < 0.01 || scale > EXPORT_MAX_SCALE) throw figmaError(api, `Export scale ${scale} is outside 0.01–${EXPORT_MAX_SCALE}`);
  return scale;
}

export async function exportNodeAsync(node: FakeSceneNode, settings: ExportSettings | undefined, deflate?: (data: Uint8Array) => Uint8Array): Promise<Uint8Array> {
  const api = 'exportAsync';
  const options = (settings ?? { format: 'PNG' }) as unknown as Record<string, unknown>;
  if (!isPlainObject(options)) throw validationError(api, 'export settings', settings);
  await Promise.resolve();
  if (node._removed) throw figmaError(api, `The node with id "${node.id}" does not exist`);
  const format = options.format;
  if (format === 'JSON_REST_V1') return notImplemented('exportAsync format JSON_REST_V1');
  if (format !== 'PNG' && format !== 'JPG' && format !== 'SVG' && format !== 'SVG_STRING' && format !== 'PDF') {
    throw figmaError(api, `Unsupported export format ${JSON.stringify(format)} (PNG, JPG, SVG, SVG_STRING, PDF)`);
  }
  if (node.width <= 0 || node.height <= 0) throw figmaError(api, 'Cannot export a node with zero size');
  // contentsOnly "Defaults to `true`": the fake draws the node alone; layers overlapping it are not drawn.
  if (options.contentsOnly === false) return notImplemented('exportAsync with contentsOnly: false (overlapping layers)');
  if (format === 'SVG' || format === 'SVG_STRING') {
    for (const key of ['svgOutlineText', 'svgIdAttribute', 'svgSimplifyStroke'] as const) {
      if (options[key] !== undefined && typeof options[key] !== 'boolean') throw validationError(api, `${key} to be a boolean`, options[key]);
    }
    // Typings: svgOutlineText "Defaults to `true`"; svgIdAttribute "Defaults to `false`".
    const svg = renderSvg(node, { outlineText: options.svgOutlineText !== false, idAttribute: options.svgIdAttribute === true });
    return (format === 'SVG_STRING' ? svg : encodeUtf8(svg)) as Uint8Array;
  }
  if (format === 'PDF') return renderPdf(node);
  const scale = resolveExportScale(node, options);
  // As Figma's, the picture covers the node's render bounds: a drop shadow's pixels beyond its box too.
  const outset = effectOutset(raw(node)._effects as ReadonlyArray<Effect>);
  const width = Math.max(1, Math.round((outset.left + node.width + outset.right) * scale));
  const height = Math.max(1, Math.round((outset.top + node.height + outset.bottom) * scale));
  if (width > EXPORT_MAX_SIDE || height > EXPORT_MAX_SIDE) {
    throw figmaError(api, `The export would be ${width}×${height} pixels; at most ${EXPORT_MAX_SIDE} a side`);
  }
  const pixels = rasterize(node, width, height, scale, format === 'PNG', outset);
  const pixel = (x: number, y: number): Rgba => {
    const o = (y * width + x) * 4;
    return [pixels[o]!, pixels[o + 1]!, pixels[o + 2]!, pixels[o + 3]!];
  };
  return format === 'PNG' ? encodePng({ width, height, pixel, deflate }) : encodeJpeg({ width, height, pixel });
}

// ---- walking the tree ------------------------------------------------------------------------

interface Drawable {
  node: FakeSceneNode;
  box: Box;
  clip: Box | null;
  opacity: number;
}

function raw(node: FakeSceneNode): Record<string, unknown> {
  return node as unknown as Record<string, unknown>;
}

function childList(node: FakeSceneNode): FakeSceneNode[] {
  return (raw(node)._children as FakeSceneNode[] | undefined) ?? [];
}

/** Visible nodes back to front with their boxes relative to the exported picture (the node's box `origin` into it). */
function collect(root: FakeSceneNode, origin: { left: number; top: number }): Drawable[] {
  const out: Drawable[] = [];
  const walk = (node: FakeSceneNode, originX: number, originY: number, clip: Box | null, opacity: number, isRoot: boolean) => {
    if (!isRoot && raw(node)._visible === false) return;
    const x = isRoot ? originX : originX + node.x;
    const y = isRoot ? originY : originY + node.y;
    const box: Box = { x, y, w: node.width, h: node.height };
    const alpha = opacity * (raw(node)._opacity as number);
    out.push({ node, box, clip, opacity: alpha });
    const children = childList(node);
    if (children.length === 0) return;
    // Group (and boolean operation) children keep their parent's coordinate space.
    const childOriginX = inParentSpace(node.type) ? originX : box.x;
    const childOriginY = inParentSpace(node.type) ? originY : box.y;
    const childClip = raw(node)._clipsContent === true ? intersect(clip, box) : clip;
    for (const child of children) walk(child, childOriginX, childOriginY, childClip, alpha, false);
  };
  walk(root, origin.left, origin.top, null, 1, true);
  return out;
}

function intersect(a: Box | null, b: Box): Box {
  if (!a) return b;
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  return { x, y, w: Math.max(0, Math.min(a.x + a.w, b.x + b.w) - x), h: Math.max(0, Math.min(a.y + a.h, b.y + b.h) - y) };
}

/** A flat colour for a paint (first gradient stop; a tint derived from the hash for images). */
function paintColour(paint: Paint): Rgba | null {
  if (paint.visible === false) return null;
  const opacity = paint.opacity ?? 1;
  if (paint.type === 'SOLID') return [paint.color.r * 255, paint.color.g * 255, paint.color.b * 255, opacity];
  if (paint.type === 'IMAGE') {
    const hash = paint.imageHash ?? '000000';
    return [parseInt(hash.slice(0, 2), 16) * 0.5 + 64, parseInt(hash.slice(2, 4), 16) * 0.5 + 64, parseInt(hash.slice(4, 6), 16) * 0.5 + 64, opacity];
  }
  if ('gradientStops' in paint) {
    const stop = paint.gradientStops[0];
    if (!stop) return null;
    return [stop.color.r * 255, stop.color.g * 255, stop.color.b * 255, stop.color.a * opacity];
  }
  return null;
}

function visiblePaints(value: unknown): Paint[] {
  return Array.isArray(value) ? (value as Paint[]) : [];
}

// ---- raster ----------------------------------------------------------------------------------------

function rasterize(root: FakeSceneNode, width: number, height: number, scale: number, transparent: boolean, origin: { left: number; top: number }): Uint8Array {
  const buffer = new Uint8Array(width * height * 4);
  if (!transparent) buffer.fill(255);
  const blend = (px: number, py: number, colour: Rgba, alpha: number) => {
    const o = (py * width + px) * 4;
    const a = Math.max(0, Math.min(1, colour[3] * alpha));
    const under = buffer[o + 3]! / 255;
    const outA = a + under * (1 - a);
    for (let c = 0; c < 3; c++) {
      const top = colour[c]!;
      const bottom = buffer[o + c]!;
      buffer[o + c] = outA === 0 ? 0 : Math.round((top * a + bottom * under * (1 - a)) / outA);
    }
    buffer[o + 3] = Math.round(outA * 255);
  };
  const fillBox = (box: Box, clip: Box | null, colour: Rgba, alpha: number, ellipse: boolean) => {
    const area = clip ? intersect(clip, box) : box;
    const x0 = Math.max(0, Math.floor(area.x * scale));
    const y0 = Math.max(0, Math.floor(area.y * scale));
    const x1 = Math.min(width, Math.ceil((area.x + area.w) * scale));
    const y1 = Math.min(height, Math.ceil((area.y + area.h) * scale));
    const cx = (box.x + box.w / 2) * scale;
    const cy = (box.y + box.h / 2) * scale;
    const rx = (box.w / 2) * scale;
    const ry = (box.h / 2) * scale;
    for (let py = y0; py < y1; py++) {
      for (let px = x0; px < x1; px++) {
        if (ellipse) {
          const dx = (px + 0.5 - cx) / rx;
          const dy = (py + 0.5 - cy) / ry;
          if (dx * dx + dy * dy > 1) continue;
        }
        blend(px, py, colour, alpha);
      }
    }
  };
  for (const { node, box, clip, opacity } of collect(root, origin)) {
    const r = raw(node);
    const ellipse = node.type === 'ELLIPSE';
    // A drop shadow as its flat colour (no blur), under the node.
    for (const effect of (r._effects as ReadonlyArray<Effect> | undefined) ?? []) {
      if (effect.type !== 'DROP_SHADOW' || !effect.visible) continue;
      const spread = effect.spread ?? 0;
      const shadow = { x: box.x + effect.offset.x - spread, y: box.y + effect.offset.y - spread, w: box.w + 2 * spread, h: box.h + 2 * spread };
      fillBox(shadow, clip, [effect.color.r * 255, effect.color.g * 255, effect.color.b * 255, effect.color.a], opacity, ellipse);
    }
    if (node.type === 'TEXT') {
      drawText(node, box, clip, opacity, fillBox);
      continue;
    }
    for (const paint of visiblePaints(r._fills)) {
      const colour = paintColour(paint);
      if (colour) fillBox(box, clip, colour, opacity, ellipse);
    }
    const weight = typeof r._strokeWeight === 'number' ? r._strokeWeight : 0;
    if (weight > 0) {
      for (const paint of visiblePaints(r._strokes)) {
        const colour = paintColour(paint);
        if (!colour) continue;
        const edges: Box[] = [
          { x: box.x, y: box.y, w: box.w, h: weight },
          { x: box.x, y: box.y + box.h - weight, w: box.w, h: weight },
          { x: box.x, y: box.y, w: weight, h: box.h },
          { x: box.x + box.w - weight, y: box.y, w: weight, h: box.h },
        ];
        for (const edge of edges) fillBox(edge, clip, colour, opacity, false);
      }
    }
  }
  return buffer;
}

/** Text as bars: one bar per estimated line, as long as the line's characters. */
function drawText(node: FakeSceneNode, box: Box, clip: Box | null, opacity: number, fillBox: (box: Box, clip: Box | null, colour: Rgba, alpha: number, ellipse: boolean) => void): void {
  const r = raw(node);
  // Mixed text colours: draw with the first run's paints.
  const runs = r._runs as Array<{ style: { fills: unknown } }> | null;
  const fills = Array.isArray(r._fills) ? r._fills : runs?.[0]?.style.fills;
  const colour = visiblePaints(fills).map(paintColour).find((c) => c !== null);
  if (!colour) return;
  const size = typeof r._fontSize === 'number' ? r._fontSize : 16;
  const lineHeight = size * 1.2;
  const glyph = size * 0.55;
  const perLine = Math.max(1, Math.floor(box.w / glyph));
  let y = box.y;
  for (const paragraph of String(r._characters).split('\n')) {
    let remaining = paragraph.length;
    do {
      const count = Math.min(remaining, perLine);
      if (count > 0) fillBox({ x: box.x, y: y + size * 0.3, w: Math.min(box.w, count * glyph), h: size * 0.6 }, clip, colour, opacity * 0.8, false);
      remaining -= count;
      y += lineHeight;
    } while (remaining > 0 && y < box.y + box.h);
  }
}

// ---- SVG -------------------------------------------------------------------------------------------

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function cssColour(colour: Rgba): string {
  return `rgb(${Math.round(colour[0])},${Math.round(colour[1])},${Math.round(colour[2])})`;
}

interface SvgOptions {
  /** Text as paths (glyph bars here) instead of `<text>` elements. */
  outlineText: boolean;
  /** Layer names as `id` attributes (repeated names get `_2`, `_3`…). */
  idAttribute: boolean;
}

/** Text drawn as paths: one bar per line, as the PNG painter draws it (the fake has no glyphs). */
function textOutlinePath(r: Record<string, unknown>, box: Box): string {
  const size = r._fontSize as number;
  const lines = String(r._characters).split('\n');
  const bars: string[] = [];
  lines.forEach((line, index) => {
    const width = Math.min(box.w, Math.round(line.length * size * 0.55 * 100) / 100);
    if (width <= 0) return;
    const top = box.y + index * size * 1.2 + size * 0.25;
    bars.push(`M${box.x} ${top}h${width}v${size * 0.7}h${-width}Z`);
  });
  return bars.join('');
}

function renderSvg(root: FakeSceneNode, options: SvgOptions): string {
  const parts: string[] = [];
  const usedIds = new Map<string, number>();
  const idFor = (node: FakeSceneNode): string => {
    if (!options.idAttribute) return '';
    const name = String(raw(node)._name);
    const count = (usedIds.get(name) ?? 0) + 1;
    usedIds.set(name, count);
    return ` id="${escapeXml(count === 1 ? name : `${name}_${count}`)}"`;
  };
  for (const { node, box, opacity } of collect(root, { left: 0, top: 0 })) {
    const r = raw(node);
    let id = idFor(node);
    for (const paint of visiblePaints(r._fills)) {
      const colour = paintColour(paint);
      if (!colour) continue;
      const fill = `${id} fill="${cssColour(colour)}" fill-opacity="${(colour[3] * opacity).toFixed(3)}"`;
      id = '';
      if (node.type === 'TEXT' && options.outlineText) {
        const d = textOutlinePath(r, box);
        if (d !== '') parts.push(`<path d="${d}"${fill}/>`);
      } else if (node.type === 'TEXT') {
        const size = r._fontSize as number;
        const font = r._fontName as FontName;
        parts.push(
          `<text${fill} x="${box.x}" y="${box.y + size}" font-family="${escapeXml(font.family)}" font-size="${size}">${escapeXml(String(r._characters))}</text>`,
        );
      } else if (node.type === 'ELLIPSE') {
        parts.push(`<ellipse${fill} cx="${box.x + box.w / 2}" cy="${box.y + box.h / 2}" rx="${box.w / 2}" ry="${box.h / 2}"/>`);
      } else {
        const radius = typeof r._topLeftRadius === 'number' ? r._topLeftRadius : typeof r._cornerRadius === 'number' ? r._cornerRadius : 0;
        parts.push(`<rect${fill} x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}"${radius ? ` rx="${radius}"` : ''}/>`);
      }
    }
  }
  const { width, height } = root;
  return `<svg width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" fill="none" xmlns="http://www.w3.org/2000/svg">\n${parts.join('\n')}\n</svg>\n`;
}

// ---- PDF -------------------------------------------------------------------------------------------

function renderPdf(root: FakeSceneNode): Uint8Array {
  const { width, height } = root;
  const ops: string[] = [];
  for (const { node, box, opacity } of collect(root, { left: 0, top: 0 })) {
    if (node.type === 'TEXT') continue;
    for (const paint of visiblePaints(raw(node)._fills)) {
      const colour = paintColour(paint);
      if (!colour || colour[3] * opacity < 0.01) continue;
      ops.push(`${(colour[0] / 255).toFixed(3)} ${(colour[1] / 255).toFixed(3)} ${(colour[2] / 255).toFixed(3)} rg ${box.x} ${height - box.y - box.h} ${box.w} ${box.h} re f`);
    }
  }
  const content = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 4 0 R /Resources << >> >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return encodeUtf8(pdf);
}
