// The selection as "Save selection as template" sees it: one top-level frame, or why not, in
// words. Pure: it gets plain facts about the selected layers.
export interface SelectedLayer {
  type: string;
  name: string;
  /** The parent's type (PAGE for a layer directly on the page). */
  parentType: string;
  parentName: string;
}

export type SelectionKind = 'none' | 'many' | 'other' | 'frame';

const TYPE_WORDS: Record<string, string> = {
  FRAME: 'a frame',
  GROUP: 'a group',
  SECTION: 'a section',
  COMPONENT: 'a component',
  COMPONENT_SET: 'a component set',
  INSTANCE: 'an instance',
  TEXT: 'a text layer',
  RECTANGLE: 'a rectangle',
  ELLIPSE: 'an ellipse',
  VECTOR: 'a vector',
  LINE: 'a line',
  POLYGON: 'a polygon',
  STAR: 'a star',
  BOOLEAN_OPERATION: 'a boolean group',
  SLICE: 'a slice',
};

/** A frame on the page, or in a section on the page, is an email: top level. */
export function isTopLevelFrame(layer: SelectedLayer): boolean {
  return layer.type === 'FRAME' && (layer.parentType === 'PAGE' || layer.parentType === 'SECTION');
}

export function describeSelection(layers: readonly SelectedLayer[]): { kind: SelectionKind; what: string } {
  if (layers.length === 0) return { kind: 'none', what: 'Nothing is selected. Select a top-level frame (an email) to save it as a template.' };
  if (layers.length > 1) return { kind: 'many', what: `${layers.length} layers are selected. Select one top-level frame to save it as a template.` };
  const layer = layers[0]!;
  if (isTopLevelFrame(layer)) return { kind: 'frame', what: `“${layer.name}” is selected.` };
  const type = TYPE_WORDS[layer.type] ?? 'a layer';
  const where = layer.parentType === 'PAGE' || layer.parentType === 'SECTION' ? '' : ` inside “${layer.parentName}”`;
  return { kind: 'other', what: `“${layer.name}” is ${type}${where}. Select a top-level frame (an email) to save it as a template.` };
}
