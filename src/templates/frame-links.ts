// The links frames keep to the templates saved from them, in the file (plugin data: undoable,
// copied with the frame): each frame's link, the file's index of which frame holds which template,
// and the "Update template" relaunch button that goes with a link. Every write is an undo step of
// its own. The rules for reading them are pure (template-link.ts).
import type { Template } from '../shared/api/builder/schemas';
import { setRelaunchButton } from '../platform/relaunch-buttons';
import { asUndoStep as asOwnUndoStep } from '../platform/undo-step';
import { fileIdOf, storedFileIdOf } from '../sync/file-identity';
import {
  DELETED_HERE,
  linkState,
  parseTemplateIndex,
  parseTemplateLink,
  serializeTemplateLink,
  TEMPLATE_INDEX_KEY,
  TEMPLATE_LINK_KEY,
  UPDATE_TEMPLATE_COMMAND,
  updateDescription,
  type TemplateIndex,
  type TemplateLink,
} from './template-link';

export interface FrameLinkFacts {
  frame: FrameNode;
  link: TemplateLink | null;
  state: ReturnType<typeof linkState>;
}

export interface FrameLinks {
  /** Runs `write` as an undo step of its own (see below). */
  asUndoStep: (write: () => void) => void;
  readIndex: () => TemplateIndex;
  /** Changes the file's index; an index that cannot be read is left as it is. */
  writeIndex: (change: (index: TemplateIndex) => void) => void;
  readLink: (node: BaseNode) => TemplateLink | null;
  /** The frame with this id, when it is still there (not for the index's deleted-here mark). */
  frameByIdAsync: (id: string | undefined) => Promise<FrameNode | null>;
  /** The frame's link and what it is here (linked, a copy, another file's, deleted…). */
  linkFactsAsync: (frame: FrameNode) => Promise<FrameLinkFacts>;
  /** Links the frame to `template` as a save or link leaves it. `sentHash`: the content root sent, hashed (sentContentHash), when it could be. */
  saveLink: (frame: FrameNode, template: Template, hash: string, sentHash: string | null) => void;
  removeLink: (frame: FrameNode) => void;
  /** The frame the index names for the template, when its link still says so. */
  linkedFrameOfAsync: (templateId: string, index: TemplateIndex) => Promise<FrameNode | null>;
}

/** `undoStepOpen`: another feature's undo step is open (templates-handlers.ts). */
export function createFrameLinks(figma: PluginAPI, undoStepOpen: () => boolean): FrameLinks {
  /**
   * A change to the file's links as an undo step of its own: ⌘Z takes back this save, not the one
   * before it too. Not while another feature's step is open (references being placed, a sync's
   * take): a commit would cut their step in two (the link then goes with theirs).
   */
  function asUndoStep(write: () => void): void {
    asOwnUndoStep(figma, undoStepOpen, write);
  }

  function readIndex(): TemplateIndex {
    return parseTemplateIndex(figma.root.getPluginData(TEMPLATE_INDEX_KEY)) ?? {};
  }

  function writeIndex(change: (index: TemplateIndex) => void): void {
    const index = parseTemplateIndex(figma.root.getPluginData(TEMPLATE_INDEX_KEY));
    if (index === null) return;
    change(index);
    figma.root.setPluginData(TEMPLATE_INDEX_KEY, JSON.stringify(index));
  }

  function readLink(node: BaseNode): TemplateLink | null {
    return parseTemplateLink(node.getPluginData(TEMPLATE_LINK_KEY));
  }

  async function frameByIdAsync(id: string | undefined): Promise<FrameNode | null> {
    if (id === undefined || id === DELETED_HERE) return null;
    const node = await figma.getNodeByIdAsync(id);
    return node !== null && node.type === 'FRAME' && !node.removed ? node : null;
  }

  async function linkFactsAsync(frame: FrameNode): Promise<FrameLinkFacts> {
    const link = readLink(frame);
    const fileId = storedFileIdOf(figma.root);
    if (link === null || link.deleted === true) return { frame, link, state: linkState(link, frame.id, undefined, false, fileId) };
    const indexed = readIndex()[link.templateId];
    const other = indexed !== undefined && indexed !== frame.id ? await frameByIdAsync(indexed) : null;
    const otherHolds = other !== null && readLink(other)?.templateId === link.templateId;
    return { frame, link, state: linkState(link, frame.id, indexed, otherHolds, fileId) };
  }

  /** `sentHash`: the content root sent, hashed (sentContentHash), when it could be. */
  function saveLink(frame: FrameNode, template: Template, hash: string, sentHash: string | null): void {
    const fileId = fileIdOf(figma, undoStepOpen);
    asUndoStep(() => {
      frame.setPluginData(
        TEMPLATE_LINK_KEY,
        serializeTemplateLink({ templateId: template.id, templateName: template.name, hash, savedAt: template.updated_at, ...(sentHash === null ? {} : { sentHash }), fileId }),
      );
      setRelaunchButton(frame, UPDATE_TEMPLATE_COMMAND, updateDescription(template.name));
      writeIndex((index) => {
        for (const [templateId, frameId] of Object.entries(index)) if (frameId === frame.id) delete index[templateId];
        index[template.id] = frame.id;
      });
    });
  }

  function removeLink(frame: FrameNode): void {
    const link = readLink(frame);
    asUndoStep(() => {
      frame.setPluginData(TEMPLATE_LINK_KEY, '');
      setRelaunchButton(frame, UPDATE_TEMPLATE_COMMAND, null);
      if (link !== null) writeIndex((index) => {
        if (index[link.templateId] === frame.id) delete index[link.templateId];
      });
    });
  }

  async function linkedFrameOfAsync(templateId: string, index: TemplateIndex): Promise<FrameNode | null> {
    const frame = await frameByIdAsync(index[templateId]);
    const link = frame === null ? null : readLink(frame);
    return frame !== null && link !== null && link.templateId === templateId && link.deleted !== true ? frame : null;
  }

  return { asUndoStep, readIndex, writeIndex, readLink, frameByIdAsync, linkFactsAsync, saveLink, removeLink, linkedFrameOfAsync };
}
