// The layer fields the `other` chip stands for, in a designer's words, so that a row can say
// "other properties (opacity, corner radius)" rather than leave the designer to open it. The
// fields are those the snapshot writes (src/snapshot/normalize/node.ts) that no chip has
// (change-chips.ts's FIELD_CHIP); listed in the order a row names them, as Figma's panel
// shows them (layer first, then its shape and place).
export const OTHER_PROPERTY_WORDS = {
  visible: 'visibility',
  opacity: 'opacity',
  blendMode: 'blend mode',
  mask: 'mask',
  cornerRadius: 'corner radius',
  rotation: 'rotation',
  geometry: 'shape',
  grid: 'grid position',
} as const satisfies Record<string, string>;

export type OtherPropertyField = keyof typeof OTHER_PROPERTY_WORDS;

/** The fields in the order a row names them. */
export const OTHER_PROPERTY_FIELDS = Object.keys(OTHER_PROPERTY_WORDS) as OtherPropertyField[];
