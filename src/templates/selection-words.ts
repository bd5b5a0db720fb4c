// The selection as "Save selection as template" sees it: one top-level frame, or why not, in
// words. Pure: it gets plain facts about the selected layers.
import { named, quotedName } from '../shared/quoted-name';

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
  return describeSelectionOf(layers.length, layers[0] ?? null);
}

/**
 * The same from the count and the one layer's facts: only one layer is ever described, so the
 * sandbox reads nothing of the others (a selection of thousands changes on every click).
 */
export function describeSelectionOf(count: number, layer: SelectedLayer | null): { kind: SelectionKind; what: string } {
  if (count > 1) return { kind: 'many', what: `${count} layers are selected. Select one top-level frame to save it as a template.` };
  if (count === 0 || layer === null) return { kind: 'none', what: 'Nothing is selected. Select a top-level frame (an email) to save it as a template.' };
  if (isTopLevelFrame(layer)) return { kind: 'frame', what: `${quotedName(layer.name, 'A frame with no name')} is selected.` };
  const type = TYPE_WORDS[layer.type] ?? 'a layer';
  const where = layer.parentType === 'PAGE' || layer.parentType === 'SECTION' ? '' : ` inside ${quotedName(layer.parentName, 'a layer with no name')}`;
  return { kind: 'other', what: `${quotedName(layer.name, 'The selected layer')} is ${type}${where}. Select a top-level frame (an email) to save it as a template.` };
}

/** A frame whose stored link does not parse: said, as saving replaces it with a new template's. */
export function unreadableLinkWhat(frameName: string): string {
  return `${quotedName(frameName, 'The selected frame')} holds a link to a template that this version of Envelope cannot read (a newer version saved it, or it was damaged). Saving it here makes a new template and replaces that link; to update the linked template instead, update Envelope.`;
}

/** A linked frame copied here from another file (it carries the link, saved there): saving makes a new template. */
export function otherFileLinkWhat(frameName: string, templateName: string): string {
  return `${quotedName(frameName, 'The selected frame')} was copied from another file, where it was saved as ${named('template', templateName)}. Saving it here makes a new template and leaves that one as it is.`;
}

/** A duplicate of a linked frame (it carries the link, another frame holds it): saving makes a new template. */
export function copiedLinkWhat(frameName: string, templateName: string): string {
  return `${quotedName(frameName, 'The selected frame')} is a copy of a frame linked to ${named('template', templateName)}. Saving it makes a new template; the frame it was copied from keeps its link.`;
}
