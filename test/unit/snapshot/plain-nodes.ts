// Plain objects shaped like the plugin typings' nodes, for tests of the pure snapshot code.
import type { PendingReference } from '../../../src/snapshot/references';
export const MIXED = Symbol('mixed');

export type Plain = Record<string, unknown>;

let nextId = 1;
export function base(type: string, name: string, extra: Plain = {}): Plain {
  return {
    id: `${nextId++}:1`,
    type,
    name,
    visible: true,
    opacity: 1,
    blendMode: 'PASS_THROUGH',
    x: 0,
    y: 0,
    width: 100,
    height: 40,
    rotation: 0,
    boundVariables: {},
    componentPropertyReferences: null,
    layoutPositioning: 'AUTO',
    layoutSizingHorizontal: 'FIXED',
    layoutSizingVertical: 'FIXED',
    isMask: false,
    maskType: 'ALPHA',
    minWidth: null,
    maxWidth: null,
    minHeight: null,
    maxHeight: null,
    ...extra,
  };
}

/** Figma's defaults of the type-specific geometry the normalizer reads. */
const SHAPE_DEFAULTS: Record<string, Plain> = {
  ELLIPSE: { arcData: { startingAngle: 0, endingAngle: 2 * Math.PI, innerRadius: 0 } },
  VECTOR: { vectorPaths: [] },
  POLYGON: { pointCount: 3 },
  STAR: { pointCount: 5, innerRadius: 0.382 },
  BOOLEAN_OPERATION: { booleanOperation: 'UNION', children: [] },
};

export function paintable(type: string, name: string, extra: Plain = {}): Plain {
  return base(type, name, {
    fills: [],
    fillStyleId: '',
    strokes: [],
    strokeStyleId: '',
    strokeWeight: 1,
    strokeAlign: 'INSIDE',
    strokeCap: 'NONE',
    strokeJoin: 'MITER',
    strokeMiterLimit: 4,
    dashPattern: [],
    effects: [],
    effectStyleId: '',
    cornerRadius: 0,
    cornerSmoothing: 0,
    ...SHAPE_DEFAULTS[type],
    ...extra,
  });
}

export function frame(name: string, children: Plain[], extra: Plain = {}): Plain {
  return paintable('FRAME', name, {
    children,
    clipsContent: false,
    layoutMode: 'NONE',
    layoutWrap: 'NO_WRAP',
    primaryAxisAlignItems: 'MIN',
    counterAxisAlignItems: 'MIN',
    primaryAxisSizingMode: 'AUTO',
    counterAxisSizingMode: 'AUTO',
    itemSpacing: 0,
    counterAxisSpacing: 0,
    paddingTop: 0,
    paddingRight: 0,
    paddingBottom: 0,
    paddingLeft: 0,
    ...extra,
  });
}

/** A styled segment's list fields when it is no list (what Figma gives plain text). */
export const NO_LIST = { listOptions: { type: 'NONE' }, indentation: 0, listSpacing: 0 };

export function text(name: string, characters: string, extra: Plain = {}): Plain {
  return paintable('TEXT', name, {
    characters,
    // One segment: the whole text, no list (tests of mixed styles give their own segments).
    getStyledTextSegments: () => [{ start: 0, end: characters.length, characters, ...NO_LIST }],
    // As Figma: the one list type of the range, or mixed (read from the segments above).
    getRangeListOptions(this: { getStyledTextSegments(fields: string[]): Array<{ listOptions?: { type: string } }> }) {
      const types = new Set(this.getStyledTextSegments(['listOptions']).map((segment) => segment.listOptions?.type ?? 'NONE'));
      return types.size === 1 ? { type: [...types][0] } : MIXED;
    },
    fontName: { family: 'Inter', style: 'Regular' },
    fontSize: 16,
    lineHeight: { unit: 'AUTO' },
    letterSpacing: { unit: 'PERCENT', value: 0 },
    textAlignHorizontal: 'LEFT',
    textAlignVertical: 'TOP',
    textCase: 'ORIGINAL',
    textDecoration: 'NONE',
    textAutoResize: 'WIDTH_AND_HEIGHT',
    textStyleId: '',
    hyperlink: null,
    paragraphSpacing: 0,
    paragraphIndent: 0,
    textTruncation: 'DISABLED',
    maxLines: null,
    fills: [{ type: 'SOLID', color: { r: 0, g: 0, b: 0 }, opacity: 1, visible: true, blendMode: 'NORMAL' }],
    ...extra,
  });
}


/** Where the collected references stand (holder → fields), for `structuralHash`. */
export function referencePlaces(pending: readonly PendingReference[]): Map<object, Set<string | number>> {
  const places = new Map<object, Set<string | number>>();
  for (const reference of pending) {
    const fields = places.get(reference.target) ?? new Set<string | number>();
    fields.add(reference.field);
    places.set(reference.target, fields);
  }
  return places;
}
