// Styled text ranges: parts of a text node can differ in font, size, colour, decoration, link…
// The node keeps runs ({start, end, style}); a field that differs between runs reads as
// figma.mixed on the node, as in Figma. Range setters need the range's fonts loaded.
import type { FakeContext } from './context';
import { figmaError, validationError } from './figma-errors';
import { notImplemented } from './not-implemented';
import { FakeTextNode, internFont, measureText, requireFont } from './nodes';
import { checkPaints, frozenCopy, hyperlink, isPlainObject, nonNegative, numberIn, oneOf, type Check } from './properties';
import type { FakePaintStyle, FakeTextStyle } from './styles';

export const RUN_FIELDS = [
  'fontName',
  'fontSize',
  'lineHeight',
  'letterSpacing',
  'textCase',
  'textDecoration',
  'fills',
  'fillStyleId',
  'textStyleId',
  'hyperlink',
  'listOptions',
  'indentation',
  'listSpacing',
  'paragraphSpacing',
  'paragraphIndent',
] as const;
type RunField = (typeof RUN_FIELDS)[number];
type Style = Readonly<Record<RunField, unknown>>;
interface Run {
  readonly start: number;
  readonly end: number;
  readonly style: Style;
}

let syncing = 0;

function raw(node: FakeTextNode): Record<string, unknown> {
  return node as unknown as Record<string, unknown>;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

function uniformStyle(node: FakeTextNode): Style {
  const style: Record<string, unknown> = {};
  for (const field of RUN_FIELDS) style[field] = raw(node)[`_${field}`];
  return Object.freeze(style) as Style;
}

function runsOf(node: FakeTextNode): Run[] {
  if (node._runs !== null) return node._runs as Run[];
  const length = node._characters.length;
  return length === 0 ? [] : [{ start: 0, end: length, style: uniformStyle(node) }];
}

/** Stores runs (merged); the node's own fields become the common value or figma.mixed. */
function setRuns(node: FakeTextNode, input: Run[]): void {
  const merged: Run[] = [];
  for (const run of input) {
    if (run.end <= run.start) continue;
    const last = merged[merged.length - 1];
    if (last && last.end === run.start && RUN_FIELDS.every((f) => sameValue(last.style[f], run.style[f]))) {
      merged[merged.length - 1] = { start: last.start, end: run.end, style: last.style };
    } else merged.push(run);
  }
  const ctx = node._ctx;
  syncing++;
  try {
    const uniform = merged.length <= 1;
    node._write('styledTextSegments', '_runs', uniform ? null : Object.freeze(merged.map((r) => Object.freeze(r))));
    for (const field of RUN_FIELDS) {
      const first = merged[0]?.style[field];
      if (merged.length === 0) continue;
      const value = merged.every((r) => sameValue(r.style[field], first)) ? first : ctx.mixed;
      node._write(field, `_${field}`, value);
    }
  } finally {
    syncing--;
  }
  measureText(node);
}

/** Splits the runs at `start` and `end` and applies `change` to the styles inside. */
function restyle(node: FakeTextNode, start: number, end: number, change: (style: Style) => Style): void {
  const out: Run[] = [];
  for (const run of runsOf(node)) {
    const cuts = [run.start, Math.max(run.start, Math.min(start, run.end)), Math.max(run.start, Math.min(end, run.end)), run.end];
    for (let i = 0; i < 3; i++) {
      const [a, b] = [cuts[i]!, cuts[i + 1]!];
      if (b <= a) continue;
      out.push({ start: a, end: b, style: i === 1 ? change(run.style) : run.style });
    }
  }
  setRuns(node, out);
}

function checkRange(node: FakeTextNode, api: string, start: unknown, end: unknown): asserts start is number {
  node._assertReadable();
  const length = node._characters.length;
  if (typeof start !== 'number' || typeof end !== 'number' || !Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end > length || start >= end) {
    throw figmaError(api, `Expected 0 <= start < end <= ${length}, got start ${String(start)}, end ${String(end)}`);
  }
}

function fontsIn(node: FakeTextNode, start: number, end: number): FontName[] {
  return runsOf(node)
    .filter((r) => r.end > start && r.start < end)
    .map((r) => r.style.fontName as FontName);
}

const checkFont: Check = (_n, value, api) => {
  if (!isPlainObject(value) || typeof value.family !== 'string' || typeof value.style !== 'string') throw validationError(api, 'a font name {family, style}', value);
  return internFont(value.family, value.style);
};

const RANGE_CHECKS: Partial<Record<RunField, Check>> = {
  fontName: checkFont,
  fontSize: numberIn(1, 10000),
  lineHeight: (_n, v, api) => {
    if (!isPlainObject(v) || !['AUTO', 'PIXELS', 'PERCENT'].includes(v.unit as string)) throw validationError(api, 'a line height', v);
    return frozenCopy(v, api);
  },
  letterSpacing: (_n, v, api) => {
    if (!isPlainObject(v) || !['PIXELS', 'PERCENT'].includes(v.unit as string) || typeof v.value !== 'number') throw validationError(api, 'a letter spacing', v);
    return frozenCopy(v, api);
  },
  textCase: oneOf('ORIGINAL', 'UPPER', 'LOWER', 'TITLE', 'SMALL_CAPS', 'SMALL_CAPS_FORCED'),
  textDecoration: oneOf('NONE', 'UNDERLINE', 'STRIKETHROUGH'),
  fills: (node, v, api) => checkPaints(api, v, { hasImage: (hash) => (node as unknown as FakeTextNode)._ctx.images?.has(hash) ?? false }),
  hyperlink,
  listOptions: (_n, v, api) => {
    if (!isPlainObject(v) || !['ORDERED', 'UNORDERED', 'NONE'].includes(v.type as string)) throw validationError(api, 'list options {type: "ORDERED" | "UNORDERED" | "NONE"}', v);
    return Object.freeze({ type: v.type });
  },
  indentation: (_n, v, api) => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw validationError(api, 'a non-negative whole number of indentation levels', v);
    return v;
  },
  listSpacing: numberIn(0, Number.MAX_VALUE),
  paragraphSpacing: nonNegative,
  paragraphIndent: nonNegative,
};

/** Fields whose change needs the range's fonts loaded (layout-affecting), and which detach a text style. */
const FONT_GATED: ReadonlySet<RunField> = new Set(['fontName', 'fontSize', 'lineHeight', 'letterSpacing', 'textCase', 'textDecoration', 'paragraphSpacing', 'paragraphIndent']);
/** List settings change the layout too (the stricter reading: they need the fonts) but keep a text style. */
const LIST_FIELDS: ReadonlySet<RunField> = new Set(['listOptions', 'indentation', 'listSpacing']);
/**
 * Paragraph-level fields apply to every paragraph the range touches: list options and
 * indentation, and (typings: "all paragraphs covered by the provided text range will be
 * modified") paragraph spacing and indent.
 */
const PARAGRAPH_FIELDS: ReadonlySet<RunField> = new Set(['listOptions', 'indentation', 'paragraphSpacing', 'paragraphIndent']);

function paragraphsAround(text: string, start: number, end: number): [number, number] {
  const next = text.indexOf('\n', end - 1);
  return [text.lastIndexOf('\n', start - 1) + 1, next === -1 ? text.length : next + 1];
}

function setRange(node: FakeTextNode, api: string, start: number, end: number, field: RunField, value: unknown): void {
  checkRange(node, api, start, end);
  node._assertWritable(api);
  const checked = RANGE_CHECKS[field]!(node as never, value, api);
  if (PARAGRAPH_FIELDS.has(field)) [start, end] = paragraphsAround(node._characters, start, end);
  if (FONT_GATED.has(field) || LIST_FIELDS.has(field)) {
    for (const font of fontsIn(node, start, end)) requireFont(node, font, api);
    if (field === 'fontName') requireFont(node, checked as FontName, api);
  }
  restyle(node, start, end, (style) => {
    const next: Record<string, unknown> = { ...style, [field]: checked };
    if (FONT_GATED.has(field)) next.textStyleId = '';
    if (field === 'fills') next.fillStyleId = '';
    return Object.freeze(next) as Style;
  });
}

function getRange(node: FakeTextNode, api: string, start: number, end: number, field: RunField): unknown {
  checkRange(node, api, start, end);
  // A text styled alike throughout holds each value on the node: the same answer without
  // building its one run (the snapshot reads a range of every text; its benchmark runs this).
  if (node._runs === null) return raw(node)[`_${field}`];
  const values = runsOf(node)
    .filter((r) => r.end > start && r.start < end)
    .map((r) => r.style[field]);
  return values.every((v) => sameValue(v, values[0])) ? values[0] : node._ctx.mixed;
}

function styledSegments(node: FakeTextNode, fields: unknown, start?: number, end?: number): Array<Record<string, unknown>> {
  const api = 'getStyledTextSegments';
  node._assertReadable();
  if (!Array.isArray(fields)) throw validationError(api, 'an array of field names', fields);
  for (const field of fields) {
    if (!(RUN_FIELDS as readonly string[]).includes(field as string)) {
      notImplemented(`TEXT.getStyledTextSegments field "${String(field)}" (the fake knows ${RUN_FIELDS.join(', ')})`);
    }
  }
  const length = node._characters.length;
  const from = start ?? 0;
  const to = end ?? length;
  if (length === 0) return [];
  checkRange(node, api, from, to);
  const out: Array<Record<string, unknown>> = [];
  for (const run of runsOf(node)) {
    const a = Math.max(run.start, from);
    const b = Math.min(run.end, to);
    if (b <= a) continue;
    const values: Record<string, unknown> = {};
    for (const field of fields as string[]) values[field] = run.style[field as RunField];
    const last = out[out.length - 1];
    if (last && last.end === a && (fields as string[]).every((f) => sameValue(last[f], values[f]))) {
      last.end = b;
      last.characters = node._characters.slice(last.start as number, b);
    } else out.push({ characters: node._characters.slice(a, b), start: a, end: b, ...values });
  }
  return out;
}

/** Keeps runs in step when a whole-node field or the characters change. */
function onFieldChanged(node: FakeTextNode, field: string, value: unknown): void {
  if (syncing > 0 || node._ctx.propagating > 0 || node._runs === null) return;
  if (field === 'characters') {
    // New text takes the style of the first character, as in Figma.
    const first = node._runs[0]!.style;
    syncing++;
    try {
      node._write('styledTextSegments', '_runs', null);
      for (const f of RUN_FIELDS) node._write(f, `_${f}`, first[f]);
    } finally {
      syncing--;
    }
    measureText(node);
    return;
  }
  if ((RUN_FIELDS as readonly string[]).includes(field) && typeof value !== 'symbol') {
    // A whole-node edit applies to every run and detaches styles the way the node setter does.
    const detach: Record<string, unknown> = {};
    if (field === 'fills') detach.fillStyleId = '';
    if (FONT_GATED.has(field as RunField)) detach.textStyleId = '';
    setRuns(
      node,
      runsOf(node).map((r) => ({ ...r, style: Object.freeze({ ...r.style, ...detach, [field]: value }) as Style })),
    );
  }
}

function editCharacters(node: FakeTextNode, api: string, text: string, runs: Run[]): void {
  for (const font of node._fontsInUse()) requireFont(node, font, api);
  syncing++;
  try {
    node._write('characters', '_characters', text);
  } finally {
    syncing--;
  }
  setRuns(node, runs);
}

export function installTextRanges(ctx: FakeContext): void {
  ctx.textRunsChanged = (node, field, value) => onFieldChanged(node as FakeTextNode, field, value);
}

const methods: Record<string, (this: FakeTextNode, ...args: never[]) => unknown> = {
  getStyledTextSegments(this: FakeTextNode, fields: ReadonlyArray<string>, start?: number, end?: number) {
    return styledSegments(this, fields, start, end);
  },
  _checkRange(this: FakeTextNode, api: string, start: number, end: number) {
    checkRange(this, api, start, end);
  },
  insertCharacters(this: FakeTextNode, start: number, characters: string, useStyle: 'BEFORE' | 'AFTER' = 'BEFORE') {
    const api = 'insertCharacters';
    const length = this._characters.length;
    if (typeof start !== 'number' || !Number.isInteger(start) || start < 0 || start > length) throw figmaError(api, `Index ${String(start)} is out of range 0–${length}`);
    if (typeof characters !== 'string') throw validationError(api, 'a string', characters);
    if (this._runs === null || length === 0) {
      for (const font of this._fontsInUse()) requireFont(this, font, api);
      this.characters = this._characters.slice(0, start) + characters + this._characters.slice(start);
      return;
    }
    const added = characters.length;
    const host = useStyle === 'AFTER' ? Math.min(start, length - 1) : Math.max(0, start - 1);
    const runs = runsOf(this).map((r) => {
      const contains = r.start <= host && host < r.end;
      return { start: r.start >= start && !contains ? r.start + added : r.start, end: r.end > start || contains ? r.end + added : r.end, style: r.style };
    });
    editCharacters(this, api, this._characters.slice(0, start) + characters + this._characters.slice(start), runs);
  },
  deleteCharacters(this: FakeTextNode, start: number, end: number) {
    const api = 'deleteCharacters';
    checkRange(this, api, start, end);
    const removed = end - start;
    if (this._runs === null) {
      for (const font of this._fontsInUse()) requireFont(this, font, api);
      this.characters = this._characters.slice(0, start) + this._characters.slice(end);
      return;
    }
    const shift = (i: number) => (i <= start ? i : i >= end ? i - removed : start);
    const runs = runsOf(this).map((r) => ({ start: shift(r.start), end: shift(r.end), style: r.style }));
    editCharacters(this, api, this._characters.slice(0, start) + this._characters.slice(end), runs);
  },
  async setRangeFillStyleIdAsync(this: FakeTextNode, start: number, end: number, id: string) {
    await Promise.resolve();
    const style = this._ctx.styles.get(id);
    if (!style || style.type !== 'PAINT') throw figmaError('setRangeFillStyleIdAsync', `No paint style with id "${id}"`);
    setRange(this, 'setRangeFillStyleIdAsync', start, end, 'fills', (style as FakePaintStyle)._paints);
    restyle(this, start, end, (s) => Object.freeze({ ...s, fillStyleId: id }) as Style);
  },
  async setRangeTextStyleIdAsync(this: FakeTextNode, start: number, end: number, id: string) {
    await Promise.resolve();
    const api = 'setRangeTextStyleIdAsync';
    checkRange(this, api, start, end);
    const style = this._ctx.styles.get(id) as FakeTextStyle | undefined;
    if (!style || style.type !== 'TEXT') throw figmaError(api, `No text style with id "${id}"`);
    restyle(this, start, end, (s) =>
      Object.freeze({
        ...s,
        fontName: style._fontName,
        fontSize: style._fontSize,
        lineHeight: style._lineHeight,
        letterSpacing: style._letterSpacing,
        textCase: style._textCase,
        textDecoration: style._textDecoration,
        textStyleId: id,
      }) as Style,
    );
  },
};

const RANGE_METHODS: Array<[string, RunField]> = [
  ['FontName', 'fontName'],
  ['FontSize', 'fontSize'],
  ['LineHeight', 'lineHeight'],
  ['LetterSpacing', 'letterSpacing'],
  ['TextCase', 'textCase'],
  ['TextDecoration', 'textDecoration'],
  ['Fills', 'fills'],
  ['Hyperlink', 'hyperlink'],
  ['FillStyleId', 'fillStyleId'],
  ['TextStyleId', 'textStyleId'],
  ['ListOptions', 'listOptions'],
  ['Indentation', 'indentation'],
  ['ListSpacing', 'listSpacing'],
  ['ParagraphSpacing', 'paragraphSpacing'],
  ['ParagraphIndent', 'paragraphIndent'],
];
for (const [suffix, field] of RANGE_METHODS) {
  methods[`getRange${suffix}`] = function (this: FakeTextNode, start: number, end: number) {
    return getRange(this, `getRange${suffix}`, start, end, field);
  };
  if (field !== 'fillStyleId' && field !== 'textStyleId') {
    methods[`setRange${suffix}`] = function (this: FakeTextNode, start: number, end: number, value: unknown) {
      setRange(this, `setRange${suffix}`, start, end, field, value);
    };
  }
}
for (const [name, method] of Object.entries(methods)) {
  Object.defineProperty(FakeTextNode.prototype, name, { value: method, writable: true, configurable: true });
}
