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

/** A link to take a template's name (a rename here, or one a teammate made); `savedAt` too when the frame is still in step with it. */
export interface LinkRename {
  frame: FrameNode;
  link: TemplateLink;
  name: string;
  savedAt?: string;
}

export interface FrameLinks {
  readIndex: () => TemplateIndex;
  readLink: (node: BaseNode) => TemplateLink | null;
  /** The frame holds a link this version cannot read (a newer version's, or damaged). */
  hasUnreadableLink: (frame: FrameNode) => boolean;
  /** The frame with this id, when it is still there (not for the index's deleted-here mark). */
  frameByIdAsync: (id: string | undefined) => Promise<FrameNode | null>;
  /** The frame's link and what it is here (linked, a copy, another file's, deleted…). */
  linkFactsAsync: (frame: FrameNode) => Promise<FrameLinkFacts>;
  /** Links the frame to `template` as a save or link leaves it. `sentHash`: the content root sent, hashed (sentContentHash), when it could be. */
  saveLink: (frame: FrameNode, template: Template, hash: string, sentHash: string | null) => void;
  /** The links take their templates' new names, with their "Update template" buttons: one undo step for all. */
  renameLinks: (renames: readonly LinkRename[]) => void;
  removeLink: (frame: FrameNode) => void;
  /**
   * The template was deleted from here: its frame's link is marked so (it stays until the frame
   * is next selected, so that it can say what happened) and loses its button, and the index says
   * the template was deleted here.
   */
  markTemplateDeleted: (templateId: string, frame: FrameNode | null) => void;
  /** The frame the index names for the template, when its link still says so. */
  linkedFrameOfAsync: (templateId: string, index: TemplateIndex) => Promise<FrameNode | null>;
}

/** `undoStepOpen`: another feature's undo step is open (references being placed, a sync's take: handlers.ts). */
export function createFrameLinks(figma: PluginAPI, undoStepOpen: () => boolean): FrameLinks {
  // ⌘Z takes back this save's link, not the one before it too (undo-step.ts).
  const asUndoStep = (write: () => void): void => asOwnUndoStep(figma, undoStepOpen, write);

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

  function hasUnreadableLink(frame: FrameNode): boolean {
    return frame.getPluginData(TEMPLATE_LINK_KEY) !== '' && readLink(frame) === null;
  }

  function renameLinks(renames: readonly LinkRename[]): void {
    asUndoStep(() => {
      for (const { frame, link, name, savedAt } of renames) {
        frame.setPluginData(TEMPLATE_LINK_KEY, serializeTemplateLink({ ...link, templateName: name, ...(savedAt === undefined ? {} : { savedAt }) }));
        setRelaunchButton(frame, UPDATE_TEMPLATE_COMMAND, updateDescription(name));
      }
    });
  }

  function markTemplateDeleted(templateId: string, frame: FrameNode | null): void {
    asUndoStep(() => {
      // A frame deleted while the builder answered has no link left to mark.
      if (frame !== null && !frame.removed) {
        const link = readLink(frame);
        if (link !== null) frame.setPluginData(TEMPLATE_LINK_KEY, serializeTemplateLink({ ...link, deleted: true }));
        setRelaunchButton(frame, UPDATE_TEMPLATE_COMMAND, null);
      }
      writeIndex((index) => {
        index[templateId] = DELETED_HERE;
      });
    });
  }

  return { readIndex, readLink, hasUnreadableLink, frameByIdAsync, linkFactsAsync, saveLink, renameLinks, removeLink, markTemplateDeleted, linkedFrameOfAsync };
}
