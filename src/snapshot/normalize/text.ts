// Text: characters, font, paragraph and list fields, and the styled runs (`segments`) when any is mixed.
import type { JsonValue } from '../normalized-types';
import { roundLength, roundRatio } from '../precision';
import { mixClose, mixKeyArray, mixKeyNumber, mixKeyString, mixKeyValue } from '../structural-hash';
import {
  K_ALIGN,
  K_AUTO_RESIZE,
  K_CASE,
  K_CHARACTERS,
  K_DECORATION,
  K_END,
  K_FILLS,
  K_FILL_STYLE,
  K_FONT_FAMILY,
  K_FONT_STYLE,
  K_HYPERLINK,
  K_LETTER_SPACING,
  K_LINE_HEIGHT,
  K_LIST,
  K_PARAGRAPH,
  K_SEGMENTS,
  K_SIZE,
  K_START,
  K_TEXT_STYLE,
  K_TRUNCATE,
  K_VERTICAL_ALIGN,
  type Mutable,
  type NormalizeContext,
  setString,
  styleRef,
} from './common';
import { normalizePaints } from './paints';

const SEGMENT_FIELDS = [
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
] as const;

/** '24px' or '150%' (one string: cheaper to hash than {unit, value}, and CSS-like); undefined for auto. */
function normalizeLineHeight(lineHeight: LineHeight): string | undefined {
  if (lineHeight.unit === 'AUTO') return undefined;
  return lineHeight.unit === 'PERCENT' ? `${roundRatio(lineHeight.value)}%` : `${roundLength(lineHeight.value)}px`;
}

/** '4%', '-0.5px'; undefined for no spacing. */
function normalizeLetterSpacing(spacing: LetterSpacing): string | undefined {
  if (spacing.value === 0) return undefined;
  return spacing.unit === 'PERCENT' ? `${roundRatio(spacing.value)}%` : `${roundLength(spacing.value)}px`;
}

function setHyperlink(out: Mutable, link: HyperlinkTarget | null): void {
  if (!link) return;
  const value = { type: link.type, value: link.value };
  out.hyperlink = value;
  mixKeyValue(K_HYPERLINK, value);
}

function normalizeSegments(ctx: NormalizeContext, node: TextNode): JsonValue[] {
  const segments = node.getStyledTextSegments(SEGMENT_FIELDS as unknown as Array<(typeof SEGMENT_FIELDS)[number]>);
  const out: JsonValue[] = [];
  mixKeyArray(K_SEGMENTS, segments.length);
  for (const segment of segments) {
    const item: Mutable = {};
    const decoration = segment.textDecoration;
    if (segment.textCase !== 'ORIGINAL') setString(item, 'case', K_CASE, segment.textCase);
    if (decoration !== 'NONE') setString(item, 'decoration', K_DECORATION, decoration);
    item.end = segment.end;
    mixKeyNumber(K_END, segment.end);
    if (segment.fillStyleId) styleRef(ctx, item, 'fillStyle', K_FILL_STYLE, segment.fillStyleId);
    item.fills = normalizePaints(ctx, K_FILLS, segment.fills);
    setString(item, 'fontFamily', K_FONT_FAMILY, segment.fontName.family);
    setString(item, 'fontStyle', K_FONT_STYLE, segment.fontName.style);
    setHyperlink(item, segment.hyperlink);
    const spacing = normalizeLetterSpacing(segment.letterSpacing);
    if (spacing !== undefined) setString(item, 'letterSpacing', K_LETTER_SPACING, spacing);
    const lineHeight = normalizeLineHeight(segment.lineHeight);
    if (lineHeight !== undefined) setString(item, 'lineHeight', K_LINE_HEIGHT, lineHeight);
    item.size = roundLength(segment.fontSize);
    mixKeyNumber(K_SIZE, item.size);
    item.start = segment.start;
    mixKeyNumber(K_START, segment.start);
    if (segment.textStyleId) styleRef(ctx, item, 'textStyle', K_TEXT_STYLE, segment.textStyleId);
    mixClose();
    out.push(item);
  }
  return out;
}

const PARAGRAPH_FIELDS: Array<'paragraphSpacing' | 'paragraphIndent'> = ['paragraphSpacing', 'paragraphIndent'];

/**
 * [spacing, indent] between and into paragraphs, undefined for none. Where they differ between
 * paragraphs, [[start, end, spacing, indent]] for each run of paragraphs alike, so an edit of one
 * paragraph's spacing is an edit (a range read only for such a text: the node says mixed).
 */
function paragraphOf(node: TextNode, mixed: symbol): JsonValue | undefined {
  const spacing = node.paragraphSpacing as number | symbol;
  const indent = node.paragraphIndent as number | symbol;
  if (spacing === mixed || indent === mixed) {
    return node.getStyledTextSegments(PARAGRAPH_FIELDS).map((segment) => [segment.start, segment.end, roundLength(segment.paragraphSpacing), roundLength(segment.paragraphIndent)]);
  }
  if (spacing === 0 && indent === 0) return undefined;
  return [roundLength(spacing as number), roundLength(indent as number)];
}

const LIST_FIELDS: Array<'listOptions' | 'indentation' | 'listSpacing'> = ['listOptions', 'indentation', 'listSpacing'];

/**
 * `list`: [[start, end, type, indentation, spacing]] for the runs of paragraphs that are list
 * items, or indented within a text that has a list (none in most texts: then nothing is
 * written). Lists have no node-level field: one range read per non-empty text finds the common
 * case (no list anywhere: the indentation is then a list level nothing shows), and only a text
 * with a list reads its runs.
 */
function setList(out: Mutable, node: TextNode, characters: string, mixed: symbol): void {
  if (characters.length === 0) return;
  const options = node.getRangeListOptions(0, characters.length) as TextListOptions | symbol;
  if (options !== mixed && (options as TextListOptions).type === 'NONE') return;
  let list: JsonValue[] | undefined;
  for (const segment of node.getStyledTextSegments(LIST_FIELDS)) {
    const type = segment.listOptions.type;
    const indentation = segment.indentation;
    if (type === 'NONE' && indentation === 0) continue;
    (list ??= []).push([segment.start, segment.end, type, indentation, roundLength(segment.listSpacing)]);
  }
  if (list === undefined) return;
  out.list = list;
  mixKeyValue(K_LIST, list);
}

function setParagraph(out: Mutable, paragraph: JsonValue | undefined): void {
  if (paragraph === undefined) return;
  out.paragraph = paragraph;
  mixKeyValue(K_PARAGRAPH, paragraph);
}

/** `autoResize`: the text's, read by the caller (its sizing depends on it too). */
export function normalizeText(ctx: NormalizeContext, node: TextNode, fillsMixed: boolean, autoResize: TextNode['textAutoResize']): Mutable {
  const mixed = ctx.mixed;
  const fontName = node.fontName;
  const fontSize = node.fontSize;
  const lineHeight = node.lineHeight;
  const letterSpacing = node.letterSpacing;
  const textCase = node.textCase;
  const decoration = node.textDecoration;
  const textStyleId = node.textStyleId;
  const hyperlink = node.hyperlink;
  const anyMixed =
    fillsMixed ||
    (fontName as unknown) === mixed ||
    (fontSize as unknown) === mixed ||
    (lineHeight as unknown) === mixed ||
    (letterSpacing as unknown) === mixed ||
    (textCase as unknown) === mixed ||
    (decoration as unknown) === mixed ||
    (textStyleId as unknown) === mixed ||
    (hyperlink as unknown) === mixed;

  const out: Mutable = {};
  const align = node.textAlignHorizontal;
  if (align !== 'LEFT') setString(out, 'align', K_ALIGN, align);
  if (autoResize !== 'WIDTH_AND_HEIGHT') setString(out, 'autoResize', K_AUTO_RESIZE, autoResize);
  if (!anyMixed && textCase !== 'ORIGINAL') setString(out, 'case', K_CASE, textCase as string);
  const characters = node.characters;
  out.characters = characters;
  mixKeyString(K_CHARACTERS, characters);
  if (!anyMixed && decoration !== 'NONE') setString(out, 'decoration', K_DECORATION, decoration as string);
  if (!anyMixed) {
    const font = fontName as FontName;
    const family = font.family;
    const style = font.style;
    out.fontFamily = family;
    mixKeyString(K_FONT_FAMILY, family);
    out.fontStyle = style;
    mixKeyString(K_FONT_STYLE, style);
    if (hyperlink) setHyperlink(out, hyperlink as HyperlinkTarget);
    // Defaults (no spacing, auto line height) checked inline: the common case needs no call.
    if ((letterSpacing as LetterSpacing).value !== 0) setString(out, 'letterSpacing', K_LETTER_SPACING, normalizeLetterSpacing(letterSpacing as LetterSpacing)!);
    if ((lineHeight as LineHeight).unit !== 'AUTO') setString(out, 'lineHeight', K_LINE_HEIGHT, normalizeLineHeight(lineHeight as LineHeight)!);
    setList(out, node, characters, mixed);
    setParagraph(out, paragraphOf(node, mixed));
    const points = fontSize as number;
    const size = (points | 0) === points ? points + 0 : Math.round(points * 100) / 100 + 0;
    out.size = size;
    mixKeyNumber(K_SIZE, size);
    if (textStyleId) styleRef(ctx, out, 'textStyle', K_TEXT_STYLE, textStyleId as string);
  } else {
    setList(out, node, characters, mixed);
    setParagraph(out, paragraphOf(node, mixed));
    out.segments = normalizeSegments(ctx, node);
  }
  // Cut short with an ellipsis: the number of lines kept (0: as many as fit).
  if (node.textTruncation === 'ENDING') {
    const lines = node.maxLines ?? 0;
    out.truncate = lines;
    mixKeyNumber(K_TRUNCATE, lines);
  }
  const verticalAlign = node.textAlignVertical;
  if (verticalAlign !== 'TOP') setString(out, 'verticalAlign', K_VERTICAL_ALIGN, verticalAlign);
  mixClose();
  return out;
}
