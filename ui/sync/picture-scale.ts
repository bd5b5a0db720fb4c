// Two pictures of a component at one scale. Each picture is capped at 256 px on its long side
// when exported, so a 600 px wide header that became 640 px wide comes as two 256 px pictures
// at different scales: compared as they are, the wider one does not look wider, and nearly every
// pixel reads as changed. Knowing each version's size in Figma units, the picture drawn at the
// larger scale (px per Figma unit) is shrunk to the other's.
import type { PictureSize } from '../../src/shared/bridge/messages';

/** How much to shrink each picture (0-1] so both show one Figma unit as the same number of px. */
export interface PairFactors {
  before: number;
  after: number;
}

/** px per Figma unit of a picture, read along the version's long side (the most precise). */
function pxPerUnit(figma: PictureSize, picture: PictureSize): number {
  return figma.width >= figma.height ? picture.width / figma.width : picture.height / figma.height;
}

/**
 * The factors for a pair: both 1 (the pictures as they are, as before) when either version's size
 * is not known or a picture has no size, never a guess.
 */
export function pairFactors(figma: { before?: PictureSize | undefined; after?: PictureSize | undefined }, pictures: { before: PictureSize; after: PictureSize }): PairFactors {
  const before = figma.before ? pxPerUnit(figma.before, pictures.before) : 0;
  const after = figma.after ? pxPerUnit(figma.after, pictures.after) : 0;
  const common = Math.min(before, after);
  // 0 or NaN: a size not known, or a picture without pixels.
  return common > 0 ? { before: common / before, after: common / after } : { before: 1, after: 1 };
}
