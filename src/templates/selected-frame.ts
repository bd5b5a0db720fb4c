// The frame a save or an update acts on: the selection when it is one top-level frame (an
// email), or the frame the window named, while it still is one; refused in words otherwise
// (selection-words.ts says what is selected instead).
import { BridgeError } from '../shared/bridge/bridge-error';
import { describeSelectionOf, type SelectedLayer } from './selection-words';

export function selectedLayers(figma: Pick<PluginAPI, 'currentPage'>): SceneNode[] {
  return [...figma.currentPage.selection];
}

export function layerFacts(node: SceneNode): SelectedLayer {
  const parent = node.parent;
  return { type: node.type, name: node.name, parentType: parent?.type ?? 'PAGE', parentName: parent?.name ?? '' };
}

/** The selection in words, and whether it is one top-level frame (only one layer is ever read). */
export function describeSelected(layers: readonly SceneNode[]): ReturnType<typeof describeSelectionOf> {
  return describeSelectionOf(layers.length, layers.length === 1 ? layerFacts(layers[0]!) : null);
}

/** The one top-level frame selected, or a refusal saying what is selected instead. */
export function selectedFrame(figma: Pick<PluginAPI, 'currentPage'>): FrameNode {
  const layers = selectedLayers(figma);
  const { kind, what } = describeSelected(layers);
  if (kind !== 'frame') throw new BridgeError('no_frame', what);
  return layers[0] as FrameNode;
}

/** The frame with this id, when it is still a top-level frame (an email). */
export async function topLevelFrameAsync(figma: Pick<PluginAPI, 'getNodeByIdAsync'>, frameId: string): Promise<FrameNode> {
  const node = await figma.getNodeByIdAsync(frameId);
  if (node === null || node.removed || node.type === 'DOCUMENT' || node.type === 'PAGE') {
    throw new BridgeError('no_frame', 'That frame is no longer in this file. Select a top-level frame (an email) to save it as a template.');
  }
  const { kind, what } = describeSelected([node]);
  if (kind !== 'frame') throw new BridgeError('no_frame', what);
  return node as FrameNode;
}
