// Local paint, text and effect styles, and applying them to nodes by style id (nodes that use a
// style follow later edits of it, as in Figma).
import { digest40, type FakeContext } from './context';
import { figmaError, validationError } from './figma-errors';
import { makeStrict } from './not-implemented';
import { FakeSceneNode, FakeTextNode, internFont, measureText, requireFont } from './nodes';
import { pluginDataMethods, type PluginDataHolder, type PluginDataMethods } from './plugin-data';
import { checkEffects, checkPaints, frozenCopy, isPlainObject, numberIn, oneOf } from './properties';

export type StyleKind = 'PAINT' | 'TEXT' | 'EFFECT';

/** Plugin data: the shared methods of plugin-data.ts, installed on the prototype below. */
export interface FakeStyle extends PluginDataMethods {}
export abstract class FakeStyle implements PluginDataHolder {
  readonly id: string;
  readonly _ctx: FakeContext;
  abstract readonly type: StyleKind;
  _name = '';
  _description = '';
  _descriptionMarkdown = '';
  _documentationLinks: ReadonlyArray<DocumentationLink> = Object.freeze([]);
  _removed = false;
  _pluginData: Record<string, string> | null = null;
  _shared: Record<string, Record<string, string>> | null = null;
  private readonly _key: string;

  constructor(ctx: FakeContext) {
    this._ctx = ctx;
    const nodeId = ctx.nextId();
    this._key = digest40(`${ctx.fileName}\u0000style\u0000${nodeId}`);
    this.id = `S:${this._key},${nodeId}`;
  }

  get key(): string {
    return this._key;
  }
  get remote(): boolean {
    return false;
  }
  get removed(): boolean {
    return this._removed;
  }

  protected _check(api: string): void {
    if (this._removed) throw figmaError(api, `The style with id "${this.id}" was removed`);
  }

  protected _changed(property: string): void {
    this._ctx.changes.property(this, property, true);
  }

  get name(): string {
    return this._name;
  }
  set name(value: string) {
    this._check('set_name');
    if (typeof value !== 'string') throw validationError('set_name', 'a string', value);
    this._name = value;
    this._changed('name');
  }
  get description(): string {
    return this._description;
  }
  set description(value: string) {
    this._check('set_description');
    if (typeof value !== 'string') throw validationError('set_description', 'a string', value);
    this._description = value;
    this._descriptionMarkdown = value;
    this._changed('description');
  }
  get descriptionMarkdown(): string {
    return this._descriptionMarkdown;
  }
  set descriptionMarkdown(value: string) {
    this.description = value;
  }
  get documentationLinks(): ReadonlyArray<DocumentationLink> {
    return this._documentationLinks;
  }
  set documentationLinks(links: ReadonlyArray<DocumentationLink>) {
    this._check('set_documentationLinks');
    if (!Array.isArray(links) || links.length > 1 || links.some((l) => !isPlainObject(l) || typeof l.uri !== 'string')) {
      throw validationError('set_documentationLinks', 'at most one {uri}', links);
    }
    this._documentationLinks = frozenCopy(links, 'set_documentationLinks');
  }

  async getStyleConsumersAsync(): Promise<StyleConsumers[]> {
    await Promise.resolve();
    const field = this.type === 'PAINT' ? ['_fillStyleId', '_strokeStyleId'] : this.type === 'TEXT' ? ['_textStyleId'] : ['_effectStyleId'];
    const out: StyleConsumers[] = [];
    for (const node of this._ctx.nodes.values()) {
      const raw = node as unknown as Record<string, unknown>;
      const fields = field.filter((f) => raw[f] === this.id).map((f) => f.slice(1).replace('StyleId', 'Style') as StyleConsumers['fields'][number]);
      if (fields.length > 0) out.push({ node: node as unknown as SceneNode, fields });
    }
    return out;
  }

  get consumers(): StyleConsumers[] {
    this._ctx.forbidSyncUnderDynamicPage('consumers', 'style.getStyleConsumersAsync');
    throw figmaError('consumers', 'Use style.getStyleConsumersAsync() in the fake');
  }

  remove(): void {
    this._check('remove');
    this._removed = true;
    this._ctx.styles.delete(this.id);
    this._ctx.changes.deleted(this, true);
  }

  static {
    // In the class body: the guard is protected.
    Object.assign(FakeStyle.prototype, pluginDataMethods<FakeStyle>((style, api) => style._check(api)));
  }

  /** Nodes whose `field` names this style. */
  protected _consumersOf(field: string): FakeSceneNode[] {
    const out: FakeSceneNode[] = [];
    for (const node of this._ctx.nodes.values()) if ((node as unknown as Record<string, unknown>)[field] === this.id) out.push(node as FakeSceneNode);
    return out;
  }
}
makeStrict(FakeStyle, (style) => `style ${(style as FakeStyle).type} "${(style as FakeStyle)._name}"`);

export class FakePaintStyle extends FakeStyle {
  readonly type = 'PAINT' as const;
  _paints: ReadonlyArray<Paint> = Object.freeze([]);

  get paints(): ReadonlyArray<Paint> {
    return this._paints;
  }
  set paints(value: ReadonlyArray<Paint>) {
    this._check('set_paints');
    this._paints = checkPaints('set_paints', value, { hasImage: (hash) => this._ctx.images?.has(hash) ?? false });
    this._changed('paints');
    this._ctx.changes.unreported(() => {
      for (const node of this._consumersOf('_fillStyleId')) writeInternal(node, 'fills', this._paints);
      for (const node of this._consumersOf('_strokeStyleId')) writeInternal(node, 'strokes', this._paints);
    });
  }

  get boundVariables(): { readonly paints?: VariableAlias[] } {
    const aliases = this._paints.map((p) => (p as SolidPaint).boundVariables?.color).filter((a): a is VariableAlias => a !== undefined);
    return aliases.length > 0 ? { paints: aliases } : {};
  }
}

const TEXT_STYLE_FIELDS = ['fontName', 'fontSize', 'lineHeight', 'letterSpacing', 'paragraphSpacing', 'paragraphIndent', 'textCase', 'textDecoration'] as const;

export class FakeTextStyle extends FakeStyle {
  readonly type = 'TEXT' as const;
  _fontName: FontName = internFont('Inter', 'Regular');
  _fontSize = 12;
  _lineHeight: LineHeight = Object.freeze({ unit: 'AUTO' }) as LineHeight;
  _letterSpacing: LetterSpacing = Object.freeze({ unit: 'PERCENT', value: 0 }) as LetterSpacing;
  _paragraphSpacing = 0;
  _paragraphIndent = 0;
  _textCase: TextCase = 'ORIGINAL';
  _textDecoration: TextDecoration = 'NONE';

  private _set(field: (typeof TEXT_STYLE_FIELDS)[number], value: unknown): void {
    const api = `set_${field}`;
    this._check(api);
    requireFont({ _ctx: this._ctx } as FakeTextNode, field === 'fontName' ? (value as FontName) : this._fontName, api);
    (this as unknown as Record<string, unknown>)[`_${field}`] = value;
    this._changed(field);
    this._ctx.changes.unreported(() => {
      for (const node of this._consumersOf('_textStyleId')) applyTextStyleFields(node as FakeTextNode, this);
    });
  }

  get fontName(): FontName {
    return this._fontName;
  }
  set fontName(value: FontName) {
    if (!isPlainObject(value) || typeof value.family !== 'string' || typeof value.style !== 'string') throw validationError('set_fontName', 'a font name {family, style}', value);
    this._set('fontName', internFont(value.family, value.style));
  }
  get fontSize(): number {
    return this._fontSize;
  }
  set fontSize(value: number) {
    this._set('fontSize', numberIn(1, 10000)(undefined as never, value, 'set_fontSize'));
  }
  get lineHeight(): LineHeight {
    return this._lineHeight;
  }
  set lineHeight(value: LineHeight) {
    if (!isPlainObject(value) || !['AUTO', 'PIXELS', 'PERCENT'].includes(value.unit as string)) throw validationError('set_lineHeight', 'a line height', value);
    this._set('lineHeight', frozenCopy(value, 'set_lineHeight'));
  }
  get letterSpacing(): LetterSpacing {
    return this._letterSpacing;
  }
  set letterSpacing(value: LetterSpacing) {
    if (!isPlainObject(value) || !['PIXELS', 'PERCENT'].includes(value.unit as string) || typeof value.value !== 'number') throw validationError('set_letterSpacing', 'a letter spacing', value);
    this._set('letterSpacing', frozenCopy(value, 'set_letterSpacing'));
  }
  get paragraphSpacing(): number {
    return this._paragraphSpacing;
  }
  set paragraphSpacing(value: number) {
    this._set('paragraphSpacing', numberIn(0, 100000)(undefined as never, value, 'set_paragraphSpacing'));
  }
  get paragraphIndent(): number {
    return this._paragraphIndent;
  }
  set paragraphIndent(value: number) {
    this._set('paragraphIndent', numberIn(0, 100000)(undefined as never, value, 'set_paragraphIndent'));
  }
  get textCase(): TextCase {
    return this._textCase;
  }
  set textCase(value: TextCase) {
    this._set('textCase', oneOf('ORIGINAL', 'UPPER', 'LOWER', 'TITLE', 'SMALL_CAPS', 'SMALL_CAPS_FORCED')(undefined as never, value, 'set_textCase'));
  }
  get textDecoration(): TextDecoration {
    return this._textDecoration;
  }
  set textDecoration(value: TextDecoration) {
    this._set('textDecoration', oneOf('NONE', 'UNDERLINE', 'STRIKETHROUGH')(undefined as never, value, 'set_textDecoration'));
  }
}

export class FakeEffectStyle extends FakeStyle {
  readonly type = 'EFFECT' as const;
  _effects: ReadonlyArray<Effect> = Object.freeze([]);

  get effects(): ReadonlyArray<Effect> {
    return this._effects;
  }
  set effects(value: ReadonlyArray<Effect>) {
    this._check('set_effects');
    this._effects = checkEffects('set_effects', value);
    this._changed('effects');
    this._ctx.changes.unreported(() => {
      for (const node of this._consumersOf('_effectStyleId')) writeInternal(node, 'effects', this._effects);
    });
  }
}

/** Writes a field as the style system does: recorded and copied to instances, style id kept. */
function writeInternal(node: FakeSceneNode, field: string, value: unknown): void {
  node._write(field, `_${field}`, value);
}

function applyTextStyleFields(node: FakeTextNode, style: FakeTextStyle): void {
  node._ctx.withRulesOff(() => {
    for (const field of TEXT_STYLE_FIELDS) writeInternal(node, field, (style as unknown as Record<string, unknown>)[`_${field}`]);
  });
  measureText(node);
}

export function createStyle(ctx: FakeContext, kind: StyleKind): FakeStyle {
  const style = kind === 'PAINT' ? new FakePaintStyle(ctx) : kind === 'TEXT' ? new FakeTextStyle(ctx) : new FakeEffectStyle(ctx);
  ctx.styles.set(style.id, style);
  ctx.changes.created(style, true);
  return style;
}

export function localStyles<T extends FakeStyle>(ctx: FakeContext, kind: StyleKind): T[] {
  return [...ctx.styles.values()].filter((s) => s.type === kind && !s._removed) as T[];
}

/** Sets fillStyleId / strokeStyleId / effectStyleId / textStyleId and copies the style's values. */
export function applyStyleId(node: FakeSceneNode, kind: 'fill' | 'stroke' | 'effect' | 'text', id: string): void {
  const api = `set${kind.charAt(0).toUpperCase()}${kind.slice(1)}StyleIdAsync`;
  node._assertWritable(api);
  if (typeof id !== 'string') throw validationError(api, 'a style id string', id);
  const field = `_${kind}StyleId`;
  const raw = node as unknown as Record<string, unknown>;
  if (!(field in raw)) throw figmaError(api, `A ${node.type} node has no ${kind} style`);
  node._ctx.undo.untracked(`applying a ${kind} style`);
  if (id === '') {
    raw[field] = '';
    node._ctx.changes.property(node, `${kind}StyleId`);
    return;
  }
  const style = node._ctx.styles.get(id);
  const expected: StyleKind = kind === 'fill' || kind === 'stroke' ? 'PAINT' : kind === 'text' ? 'TEXT' : 'EFFECT';
  if (!style) throw figmaError(api, `No style with id "${id}" exists in this file`);
  if (style.type !== expected) throw figmaError(api, `Style "${style._name}" is a ${style.type} style; ${kind} styles must be ${expected} styles`);
  if (kind === 'text') {
    if (!(node instanceof FakeTextNode)) throw figmaError(api, 'Only text nodes take text styles');
    // Applying a text style needs no loaded font (only editing text or font fields does).
    applyTextStyleFields(node, style as FakeTextStyle);
  } else if (kind === 'effect') writeInternal(node, 'effects', (style as FakeEffectStyle)._effects);
  else writeInternal(node, kind === 'fill' ? 'fills' : 'strokes', (style as FakePaintStyle)._paints);
  raw[field] = id;
  node._ctx.changes.property(node, `${kind}StyleId`);
}
