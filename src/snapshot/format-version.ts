// The version of the normalized description and its hash. The sync state records the version
// its base hashes were made with: when this number grows, every component's hash may change
// without anyone editing it, and sync calls those changes format updates rather than edits.
// Bump it whenever the snapshot's output changes (test/unit/snapshot/format-version.test.ts
// fails until you do).
export const SNAPSHOT_FORMAT = 4;
// 2: image crops, progressive blurs, paint and effect types without rules of their own, a text's
//    mixed fill style, half turns as 180°, slots (their layers, SLOT property settings), grid
//    layouts (tracks, gaps, cells), slices (no opacity), property defaults bound to variables;
//    vector paths, ellipse arcs, corner smoothing, stroke ends/joins/dashes, masks, min/max sizes, paragraph
//    spacing/indent, text truncation, boolean operations, star/polygon points and a star's inner
//    radius; only components using these hash differently.
// 3: text lists (`list`: type, indentation, list spacing of the list paragraphs); only
//    components with a list hash differently.
// 4: paragraph spacing and indent that differ between paragraphs, per run of paragraphs (was
//    'MIXED': an edit of one paragraph's went unseen); only components with such a text hash differently.
