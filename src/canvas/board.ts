// A journey board (canvas-handlers.ts builds it): a frame of references, each stage's column
// headed by a text layer named "Stage: …". Read back by its shape, so boards placed before this
// was written are known too.
const STAGE_LABEL_PREFIX = 'Stage: ';

/** The layer name of a column's label. */
export const stageLabelName = (stage: string) => `${STAGE_LABEL_PREFIX}${stage}`;

/**
 * Whether `node` is a board that holds nothing but its stage labels (its references are gone, and
 * the designer added nothing: a board they added to is theirs, and stays).
 */
export function isEmptiedBoard(node: BaseNode): boolean {
  return node.type === 'FRAME' && node.children.length > 0 && node.children.every((child) => child.type === 'TEXT' && child.name.startsWith(STAGE_LABEL_PREFIX));
}

/** Whether `node` is a journey board: a frame holding at least one stage label (the board's own words, so older boards count). */
export function isBoard(node: BaseNode): boolean {
  return node.type === 'FRAME' && node.children.some((child) => child.type === 'TEXT' && child.name.startsWith(STAGE_LABEL_PREFIX));
}
