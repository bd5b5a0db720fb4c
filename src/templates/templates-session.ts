// One plugin run's Templates room: the workspace's templates through the builder API, frames
// saved as templates (content from the snapshot normalizer, a PNG preview), the link each frame
// keeps in plugin data, and opening a template's frame. The pure decisions live beside it
// (template-link.ts, preview-scale.ts, selection-words.ts, template-errors.ts).
import { createBuilderClient, type BuilderClient } from '../shared/api/builder/client';
import { megabytesText } from '../shared/api/builder/requests';
import { visibleNameProblem } from '../shared/template-name';
import type { Template, TemplateContent } from '../shared/api/builder/schemas';
import { ApiError } from '../shared/api/http/api-error';
import { createCancelSource, type CancelSignal } from '../shared/api/http/cancel-signal';
import { createSystemScheduler } from '../shared/api/http/scheduler';
import { keyNeededError } from '../shared/api/http/error-mapping';
import type { HttpTransport } from '../shared/api/http/transport';
import { utf8ByteLength } from '../shared/api/http/utf8';
import { BridgeError } from '../shared/bridge/bridge-error';
import { quotedName } from '../shared/quoted-name';
import type { LinkedFrame, SyncChangeChip, TemplateLinkOutcome, TemplateOpenOutcome, TemplatePage, TemplateRow, TemplateSaveOutcome, TemplateSelection } from '../shared/bridge/messages';
import { readFrameAsync } from '../snapshot';
import { changeChips } from '../sync/change-chips';
import { fileIdOf, storedFileIdOf } from '../sync/file-identity';
import type { DiffableComponent } from '../sync/property-diff';
import { base64Length, firstPreviewScale, minimumPreviewScale, nextPreviewScale, previewBudget, previewTooLargeText } from './preview-scale';
import { copiedLinkWhat, describeSelection, describeSelectionOf, otherFileLinkWhat, unreadableLinkWhat, type SelectedLayer } from './selection-words';
import { pageOf, showNodeAsync } from '../platform/show-node';
import { setRelaunchButton } from '../platform/relaunch-buttons';
import { asUndoStep as asOwnUndoStep } from '../platform/undo-step';
import { alreadyLinkedError, changedSinceSaveError, heldByOtherFrameError, laterOwnVersionError, noLongerLinkedError, notLinkedError, savedInOtherFileError, savedMeanwhileError, otherContentError, templateChangedError, templateError, timedOutError } from './template-errors';
import { createSentVersionsStore } from './sent-versions-store';
import {
  holdsLastSent,
  DELETED_HERE,
  holdsSameContent,
  holdsSentFromHere,
  linkBehindSent,
  linkState,
  parseTemplateIndex,
  parseTemplateLink,
  sameServerTime,
  sentContentHash,
  sentFromHere,
  serializeTemplateLink,
  type SentVersion,
  serverTimeAfter,
  TEMPLATE_INDEX_KEY,
  TEMPLATE_LINK_KEY,
  UPDATE_TEMPLATE_COMMAND,
  updateDescription,
  type TemplateIndex,
  type TemplateLink,
} from './template-link';

/** Templates per page of the list (the API's default). */
export const TEMPLATES_PER_PAGE = 50;
/**
 * How long a create, an update or a rename may take in all, its read, the frame's export and its
 * write with their retries (a 429's wait is up to a minute): the window waits 120 s for it
 * (ui/templates/save-section.tsx, template-words.ts), and says then only that Figma did not
 * answer. Past this it stops, sends nothing more, and says why.
 */
export const UPDATE_DEADLINE_MS = 100_000;

interface Deadline {
  signal: CancelSignal;
  /** True when `error` is the builder client giving up because the time ran out. */
  ranOut(error: unknown): error is ApiError;
  stop(): void;
}

function startDeadline(): Deadline {
  const outOfTime = createCancelSource();
  const stop = createSystemScheduler().setTimer(() => outOfTime.cancel(), UPDATE_DEADLINE_MS);
  return { signal: outOfTime.signal, ranOut: (error): error is ApiError => error instanceof ApiError && error.code === 'cancelled' && outOfTime.signal.aborted, stop };
}

/** Export attempts before the preview is given up (each one smaller). */
const PREVIEW_ATTEMPTS = 5;

export interface BuilderCredentials {
  baseUrl: string;
  key: string | null;
}

export interface TemplatesSessionDependencies {
  figma: PluginAPI;
  transport: HttpTransport;
  /** The builder's address and the saved key (Settings owns them), read fresh each time. */
  readBuilderCredentialsAsync: () => Promise<BuilderCredentials>;
  /** Whether another feature's undo step is open (references being placed, a sync's take): templates-handlers.ts. */
  undoStepOpen?: () => boolean;
}

export interface TemplatesSession {
  listAsync(page: number): Promise<TemplatePage>;
  /** `consumeLostLink`: a link whose template was deleted is removed now, and said once. */
  selectionAsync(consumeLostLink: boolean): Promise<TemplateSelection>;
  /** `frameId`: the frame the name was typed for (the selection may have moved since). */
  createAsync(name: string, description: string, frameId?: string): Promise<TemplateSaveOutcome>;
  /** `replaceChanges`: replace a version saved elsewhere since this frame's last save (else refused). */
  updateAsync(frameId?: string, replaceChanges?: boolean): Promise<TemplateSaveOutcome>;
  renameAsync(id: string, name: string, description: string): Promise<TemplateRow>;
  /**
   * True when it had been deleted elsewhere already (its link here goes all the same). `name`: as
   * the list shows it, said in a failure's words (else as the linked frame here knows it, if any).
   */
  deleteAsync(id: string, name?: string): Promise<boolean>;
  openAsync(id: string): Promise<TemplateOpenOutcome>;
  unlinkAsync(frameId: string): Promise<TemplateSelection>;
  /** Links an unlinked frame to a template in the builder that holds its content now (a save whose answer was lost), or to its own save whose link ⌘Z took back. */
  linkAsync(frameId: string, templateId: string): Promise<TemplateLinkOutcome>;
}

interface FrameLinkFacts {
  frame: FrameNode;
  link: TemplateLink | null;
  state: ReturnType<typeof linkState>;
}

interface Preview {
  base64: string;
  width: number;
  height: number;
}

function countLayers(node: unknown): number {
  if (typeof node !== 'object' || node === null) return 0;
  const children = (node as { children?: unknown }).children;
  return 1 + (Array.isArray(children) ? children.reduce((sum: number, child) => sum + countLayers(child), 0) : 0);
}

function asDiffable(name: string, node: Record<string, unknown>): DiffableComponent {
  return { name, description: '', kind: 'frame', properties: {}, variants: [], node };
}

export function createTemplatesSession({ figma, transport, readBuilderCredentialsAsync, undoStepOpen = () => false }: TemplatesSessionDependencies): TemplatesSession {
  let cached: { id: string; client: BuilderClient } | null = null;
  const sentVersions = createSentVersionsStore(figma.clientStorage);

  /** One client per key and host, so its rate limiter is kept between requests. */
  async function clientAsync(endpoint: string): Promise<BuilderClient> {
    const credentials = await readBuilderCredentialsAsync();
    if (credentials.key === null) throw keyNeededError('builder', endpoint);
    const id = `${credentials.baseUrl}\n${credentials.key}`;
    if (cached?.id !== id) cached = { id, client: createBuilderClient({ baseUrl: credentials.baseUrl, key: credentials.key, transport }) };
    return cached.client;
  }

  // ---- links in plugin data -------------------------------------------------------------

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

  /** Noted where ⌘Z cannot take it back (sent-versions-store.ts), after the link is saved. */
  function noteSentAsync(frame: FrameNode, template: Template, hash: string, sentHash: string | null): Promise<void> {
    const fileId = storedFileIdOf(figma.root);
    return sentVersions.noteAsync({ templateId: template.id, templateName: template.name, frameId: frame.id, fileId, updatedAt: template.updated_at, hash, ...(sentHash === null ? {} : { sentHash }) });
  }

  /**
   * The template this frame's last save made or updated (or its last link to one), when the frame is not linked to it and no
   * frame here is (⌘Z took the link back, or this file is a copy made before that save): offered to
   * link again, so saving does not make a second. `link`: the link the frame holds instead (a
   * duplicate's, or another file's), if any. Not known to be in the builder still: linking finds out.
   */
  async function undoneSaveOfAsync(frame: FrameNode, link: TemplateLink | null): Promise<SentVersion | null> {
    const fileId = storedFileIdOf(figma.root);
    if (fileId === '') return null;
    const sent = await sentVersions.readForFrameAsync(frame.id, fileId);
    if (sent === null || sent.templateId === link?.templateId || readIndex()[sent.templateId] !== undefined) return null;
    return sent;
  }

  /** Refused as not linked: said of the template its save made, when undo took the link back (selection words offer to link it again). */
  async function notLinkedErrorAsync(frame: FrameNode, link: TemplateLink | null): Promise<BridgeError> {
    const undone = await undoneSaveOfAsync(frame, link);
    return undone === null ? notLinkedError(frame.name) : noLongerLinkedError(frame.name);
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

  function linkedFrameFacts(frame: FrameNode): LinkedFrame {
    return { id: frame.id, name: frame.name, pageName: pageOf(frame)?.name ?? '' };
  }

  function rowOf(template: Template, frame: FrameNode | null): TemplateRow {
    return {
      id: template.id,
      name: template.name,
      description: template.description,
      updatedAt: template.updated_at,
      thumbnailUrl: template.thumbnail_url,
      linkedFrame: frame === null ? null : linkedFrameFacts(frame),
    };
  }

  // ---- selection ------------------------------------------------------------------------

  function selectedLayers(): SceneNode[] {
    return [...figma.currentPage.selection];
  }

  function layerFacts(node: SceneNode): SelectedLayer {
    const parent = node.parent;
    return { type: node.type, name: node.name, parentType: parent?.type ?? 'PAGE', parentName: parent?.name ?? '' };
  }

  async function selectionAsync(consumeLostLink: boolean): Promise<TemplateSelection> {
    const layers = selectedLayers();
    const { kind, what } = describeSelectionOf(layers.length, layers.length === 1 ? layerFacts(layers[0]!) : null);
    if (kind !== 'frame') return { kind, what, frame: null, link: null, lostLink: null, otherFileTemplateId: null, undoneSave: null };
    const frame = layers[0] as FrameNode;
    const facts = await linkFactsAsync(frame);
    const base = { kind, what, frame: { id: frame.id, name: frame.name }, otherFileTemplateId: facts.state === 'other-file' ? (facts.link?.templateId ?? null) : null, undoneSave: null };
    if (facts.state === 'deleted' && facts.link !== null) {
      if (!consumeLostLink) return { ...base, link: null, lostLink: { templateName: facts.link.templateName } };
      removeLink(frame);
      const template = quotedName(facts.link.templateName, '');
      figma.notify(`${quotedName(frame.name, 'The selected frame')} is no longer linked: its template ${template === '' ? '' : `${template} `}was deleted.`);
      return { ...base, link: null, lostLink: { templateName: facts.link.templateName } };
    }
    if (facts.state !== 'linked' || facts.link === null) {
      const unreadable = facts.link === null && frame.getPluginData(TEMPLATE_LINK_KEY) !== '';
      const copied = facts.link === null ? null : facts.state === 'copy' ? copiedLinkWhat(frame.name, facts.link.templateName) : facts.state === 'other-file' ? otherFileLinkWhat(frame.name, facts.link.templateName) : null;
      const said = unreadable ? unreadableLinkWhat(frame.name) : (copied ?? what);
      const undone = unreadable ? null : await undoneSaveOfAsync(frame, facts.link);
      return { ...base, what: said, link: null, lostLink: null, undoneSave: undone === null ? null : { templateId: undone.templateId, templateName: undone.templateName } };
    }
    return { ...base, link: { templateId: facts.link.templateId, templateName: facts.link.templateName, savedAt: facts.link.savedAt }, lostLink: null };
  }

  function selectedFrame(): FrameNode {
    const layers = selectedLayers();
    const { kind, what } = describeSelectionOf(layers.length, layers.length === 1 ? layerFacts(layers[0]!) : null);
    if (kind !== 'frame') throw new BridgeError('no_frame', what);
    return layers[0] as FrameNode;
  }

  /** The frame with this id, when it is still a top-level frame (an email). */
  async function topLevelFrameAsync(frameId: string): Promise<FrameNode> {
    const node = await figma.getNodeByIdAsync(frameId);
    if (node === null || node.removed || node.type === 'DOCUMENT' || node.type === 'PAGE') {
      throw new BridgeError('no_frame', 'That frame is no longer in this file. Select a top-level frame (an email) to save it as a template.');
    }
    const { kind, what } = describeSelection([layerFacts(node)]);
    if (kind !== 'frame') throw new BridgeError('no_frame', what);
    return node as FrameNode;
  }

  // ---- content and preview --------------------------------------------------------------

  /** `frame`: the frame's name and size, read before anything is awaited (it may be deleted meanwhile). */
  async function previewAsync(node: FrameNode, frame: { name: string; width: number; height: number }, contentBytes: number): Promise<Preview> {
    const budget = previewBudget(contentBytes);
    if (budget === 0) {
      throw new BridgeError('too_large', `${quotedName(frame.name, 'The frame')} is ${megabytesText(contentBytes)} as a description alone, more than the builder takes (2 MB per request). Split it into smaller frames.`);
    }
    const minimum = minimumPreviewScale(frame.width, frame.height);
    let scale = firstPreviewScale(frame.width, frame.height);
    for (let attempt = 1; ; attempt++) {
      let bytes: Uint8Array;
      try {
        bytes = await node.exportAsync({ format: 'PNG', constraint: { type: 'SCALE', value: scale } });
      } catch (error) {
        // Figma's own words name its API ("in exportAsync: …"): said as what it means instead.
        if (node.removed) throw error;
        throw new BridgeError('export_failed', `Figma could not make a preview image of ${quotedName(frame.name, 'the frame')}, so nothing was sent to the builder. Check that the frame shows something, then try again.`);
      }
      const length = base64Length(bytes.length);
      const next = nextPreviewScale(scale, length, budget, minimum);
      if (next === scale) return { base64: figma.base64Encode(bytes), width: Math.round(frame.width * scale), height: Math.round(frame.height * scale) };
      if (next === null || attempt >= PREVIEW_ATTEMPTS) {
        throw new BridgeError(
          'too_large',
          previewTooLargeText(frame.name, length, Math.round(frame.width * scale), budget),
          { bytes: length },
        );
      }
      scale = next;
    }
  }

  /** `name`: the frame's, read when the save began (a deleted frame has none to read). */
  async function contentAsync(frame: FrameNode, name: string): Promise<{ content: TemplateContent; hash: string; preview: Preview; root: Record<string, unknown> }> {
    const deleted = () => new BridgeError('no_frame', `${quotedName(name, 'The frame')} was deleted while it was being saved, so nothing was sent to the builder.`);
    if (frame.removed) throw deleted();
    const facts = { name, width: frame.width, height: frame.height };
    try {
      const reading = await readFrameAsync(figma, frame);
      const root = reading.node as unknown as Record<string, unknown>;
      const withoutPreview: TemplateContent = { format: 'figma-node-tree', version: 1, root };
      const preview = await previewAsync(frame, facts, utf8ByteLength(JSON.stringify(withoutPreview)));
      return { content: { ...withoutPreview, preview_png_base64: preview.base64 }, hash: reading.hash, preview, root };
    } catch (error) {
      // Deleted while it was read or exported: Figma's error would name a node id.
      if (frame.removed) throw deleted();
      throw error;
    }
  }

  function bodyBytes(body: object): number {
    return utf8ByteLength(JSON.stringify(body));
  }

  /**
   * The template exists now, whatever became of the frame: a frame deleted meanwhile is not
   * linked (a retry would make a second template), and the created template is still said.
   */
  async function createdAsync(frame: FrameNode, template: Template, hash: string, root: Record<string, unknown>, preview: Preview): Promise<TemplateSaveOutcome> {
    const linked = !frame.removed;
    if (linked) {
      const sentHash = sentContentHash(root);
      saveLink(frame, template, hash, sentHash);
      await noteSentAsync(frame, template, hash, sentHash);
    }
    return { outcome: 'created', template: rowOf(template, linked ? frame : null), changes: [], previewSize: { width: preview.width, height: preview.height }, selection: await selectionAsync(false) };
  }

  // ---- the requests ---------------------------------------------------------------------

  return {
    async listAsync(page) {
      const client = await clientAsync('GET /api/templates');
      const number = Math.max(1, Math.floor(page));
      const list = await client.listTemplatesAsync({ page: number, perPage: TEMPLATES_PER_PAGE }).catch((error: unknown) => {
        throw templateError(error, {});
      });
      const index = readIndex();
      const templates: TemplateRow[] = [];
      const renamed: Array<[FrameNode, Template]> = [];
      for (const template of list.templates) {
        const frame = await linkedFrameOfAsync(template.id, index);
        if (frame !== null) renamed.push([frame, template]);
        templates.push(rowOf(template, frame));
      }
      // A template renamed elsewhere (a teammate, in the builder): the frame's link and its "Update
      // template" button take the name the list shows (they said the old one until the next update).
      // Each link read again now (a save or rename here may have written it while the list was read),
      // and left alone when this file saved or renamed it after the builder's version read here.
      const follow = renamed.flatMap(([frame, template]) => {
        const link = frame.removed ? null : readLink(frame);
        return link !== null && link.templateName !== template.name && serverTimeAfter(template.updated_at, link.savedAt) ? [{ frame, link, name: template.name }] : [];
      });
      // All in one undo step, as a rename from here is. It cannot be left out of the designer's
      // undo history: plugin data is undoable, and commitUndo only closes steps (none can be
      // added to afterwards); without it the new name would go with the next thing done here.
      if (follow.length > 0) {
        asUndoStep(() => {
          for (const { frame, link, name } of follow) {
            frame.setPluginData(TEMPLATE_LINK_KEY, serializeTemplateLink({ ...link, templateName: name }));
            setRelaunchButton(frame, UPDATE_TEMPLATE_COMMAND, updateDescription(name));
          }
        });
      }
      const total = list.meta?.total ?? null;
      const hasMore = total === null ? list.templates.length >= TEMPLATES_PER_PAGE : number * TEMPLATES_PER_PAGE < total;
      return { templates, page: number, total, hasMore };
    },

    selectionAsync,

    async createAsync(name, description, frameId) {
      const frame = frameId === undefined ? selectedFrame() : await topLevelFrameAsync(frameId);
      const frameName = frame.name;
      // Checked before the slow work (reading and exporting), as the form checks it.
      const problem = visibleNameProblem(name);
      if (problem !== null) throw new BridgeError('invalid_input', problem, { field: 'name' });
      // Linked since the form was drawn: a save of it queued behind a slow request here, given up
      // on by the window but made, and saved again. A second template would take the link from the first.
      const facts = await linkFactsAsync(frame);
      if (facts.state === 'linked' && facts.link !== null) throw savedMeanwhileError(frameName, facts.link.templateName);
      const client = await clientAsync('POST /api/templates');
      const deadline = startDeadline();
      let template: Template;
      try {
        const { content, hash, preview, root } = await contentAsync(frame, frameName);
        if (deadline.signal.aborted) throw timedOutError('create', name.trim(), UPDATE_DEADLINE_MS / 1000, false);
        const input = { name, description: description.trim(), content };
        try {
          template = await client.createTemplateAsync(input, deadline.signal);
        } catch (error) {
          // Cut off while sent and unanswered, it may still be made; while waiting after a 429, it was not.
          if (deadline.ranOut(error)) throw timedOutError('create', name.trim(), UPDATE_DEADLINE_MS / 1000, error.sentUnanswered);
          throw templateError(error, { templateName: name.trim(), bodyBytes: bodyBytes(input), creating: true });
        }
        return await createdAsync(frame, template, hash, root, preview);
      } finally {
        deadline.stop();
      }
    },

    async updateAsync(frameId, replaceChanges = false) {

      const frame = frameId === undefined ? selectedFrame() : await frameByIdAsync(frameId);
      if (frame === null) throw new BridgeError('no_frame', 'That frame is no longer in this file.');
      const frameName = frame.name;
      const facts = await linkFactsAsync(frame);
      if (facts.state !== 'linked' || facts.link === null) throw await notLinkedErrorAsync(frame, facts.link);
      const link = facts.link;
      const sent = await sentVersions.readAsync(link.templateId);
      const sentHere = sentFromHere(sent, { templateId: link.templateId, frameId: frame.id, fileId: storedFileIdOf(figma.root) }) ? sent : null;
      const reading = await readFrameAsync(figma, frame);
      // As the link has it, unless undo took back the link of a later Update from here (or this file is a copy): the builder holds that one.
      if (reading.hash === link.hash && !(sentHere !== null && linkBehindSent(sentHere, link))) {
        return { outcome: 'unchanged', template: null, changes: [], previewSize: null, selection: await selectionAsync(false) };
      }
      const client = await clientAsync('PUT /api/templates/:id');
      const errorFacts = { templateName: link.templateName, templateId: link.templateId, frameId: frame.id, fromFrameLink: true };
      let changes: SyncChangeChip[] = [];
      const deadline = startDeadline();
      let writeSent = false;
      try {
        // Read first: a template deleted or changed elsewhere is found before the large body is
        // sent (the API has no conditional update), and its content says what changed since.
        // Only its content is replaced (name and description are not sent), so a version that
        // still holds this frame's last content (renamed or described elsewhere) loses nothing.
        const before = await client.getTemplateAsync(link.templateId, deadline.signal);
        const beforeRoot = (before.content as { format?: unknown; root?: unknown } | null | undefined)?.root;
        // The frame as the builder holds it, sent from here after the link's version (undo took that
        // link back): the link is put back as that Update left it, and there is nothing to send.
        if (sentHere !== null && linkBehindSent(sentHere, link) && holdsSentFromHere(sentHere, before.updated_at, beforeRoot) && reading.hash === sentHere.hash) {
          if (frame.removed) throw new BridgeError('no_frame', `${quotedName(frameName, 'The frame')} was deleted meanwhile, so nothing was sent.`);
          saveLink(frame, before, sentHere.hash, sentHere.sentHash ?? null);
          return { outcome: 'unchanged', template: null, changes: [], previewSize: null, selection: await selectionAsync(false) };
        }
        const known = sameServerTime(before.updated_at, link.savedAt) || holdsLastSent(beforeRoot, link) || holdsSameContent(beforeRoot, reading.node);
        if (!known && !replaceChanges) {
          const refused = { templateName: before.name, templateId: link.templateId, frameId: frame.id };
          // One this designer sent from this frame is said as theirs, not a teammate's; asked all the same.
          throw sentHere !== null && holdsSentFromHere(sentHere, before.updated_at, beforeRoot) ? laterOwnVersionError(refused) : templateChangedError(refused);
        }
        const { content, hash, preview, root } = await contentAsync(frame, frameName);
        if (deadline.signal.aborted) throw timedOutError('update', link.templateName, UPDATE_DEADLINE_MS / 1000, false);
        if (typeof beforeRoot === 'object' && beforeRoot !== null) changes = changeChips(asDiffable(frameName, beforeRoot as Record<string, unknown>), asDiffable(frameName, root));
        let updated: Template;
        try {
          writeSent = true;
          updated = await client.updateTemplateAsync(link.templateId, { content }, deadline.signal);
        } catch (error) {
          throw templateError(error, { ...errorFacts, bodyBytes: bodyBytes({ content }), writing: 'update' });
        }
        // The template holds this frame's content now, whatever became of the frame meanwhile: a
        // frame deleted during the request has no link to keep, and the update is said as done.
        const linked = !frame.removed;
        if (linked) {
          const sentHash = sentContentHash(root);
          saveLink(frame, updated, hash, sentHash);
          await noteSentAsync(frame, updated, hash, sentHash);
        }
        return { outcome: 'updated', template: rowOf(updated, linked ? frame : null), changes, previewSize: { width: preview.width, height: preview.height }, selection: await selectionAsync(false) };
      } catch (error) {
        if (deadline.ranOut(error)) throw timedOutError('update', link.templateName, UPDATE_DEADLINE_MS / 1000, writeSent);
        throw templateError(error, errorFacts);
      } finally {
        deadline.stop();
      }
    },

    async renameAsync(id, name, description) {
      const problem = visibleNameProblem(name);
      if (problem !== null) throw new BridgeError('invalid_input', problem, { field: 'name' });
      const client = await clientAsync('PUT /api/templates/:id');
      const index = readIndex();
      const frame = await linkedFrameOfAsync(id, index);
      let updated: Template;
      // A linked frame's link is in step when the builder holds its last save: the rename keeps
      // it so (else the frame's next update would be taken for one replacing a change made elsewhere).
      let inStep = false;
      const known = frame === null ? null : readLink(frame);
      const deadline = startDeadline();
      let writeSent = false;
      try {
        if (known !== null) inStep = sameServerTime((await client.getTemplateAsync(id, deadline.signal)).updated_at, known.savedAt);
        writeSent = true;
        updated = await client.updateTemplateAsync(id, { name, description: description.trim() }, deadline.signal);
      } catch (error) {
        // Named as it was (when this file knows it), never by the name being typed.
        if (deadline.ranOut(error)) throw timedOutError('rename', known?.templateName, UPDATE_DEADLINE_MS / 1000, writeSent);
        throw templateError(error, { templateId: id, ...(known === null ? {} : { templateName: known.templateName }), ...(frame === null ? {} : { frameId: frame.id }), ...(writeSent ? { writing: 'rename' as const } : {}) });
      } finally {
        deadline.stop();
      }
      // A frame deleted while the builder answered has no link left to rename.
      const kept = frame === null || frame.removed ? null : frame;
      const link = kept === null ? null : readLink(kept);
      // Still in step only if what the rename answered holds this frame's last save: a teammate's
      // save between the read and the rename is in it, and moving savedAt past it hid it from the next update.
      const answeredRoot = (updated.content as { root?: unknown } | null | undefined)?.root;
      if (inStep && link?.sentHash !== undefined && answeredRoot !== undefined) inStep = holdsLastSent(answeredRoot, link);
      if (kept !== null && link !== null) {
        asUndoStep(() => {
          kept.setPluginData(TEMPLATE_LINK_KEY, serializeTemplateLink({ ...link, templateName: updated.name, ...(inStep ? { savedAt: updated.updated_at } : {}) }));
          setRelaunchButton(kept, UPDATE_TEMPLATE_COMMAND, updateDescription(updated.name));
        });
      }
      return rowOf(updated, kept);
    },

    async deleteAsync(id, name) {
      const client = await clientAsync('DELETE /api/templates/:id');
      const frame = await linkedFrameOfAsync(id, readIndex());
      let alreadyGone = false;
      try {
        await client.deleteTemplateAsync(id);
      } catch (error) {
        // Deleted elsewhere meanwhile: what was asked is done (else its row could never go).
        if (!(error instanceof ApiError && error.code === 'not_found')) {
          // Named, as a rename or update names it: "the template" beside another row's failure said nothing of which.
          const templateName = name ?? (frame === null ? undefined : readLink(frame)?.templateName);
          throw templateError(error, { templateId: id, writing: 'delete', ...(templateName === undefined ? {} : { templateName }) });
        }
        alreadyGone = true;
      }
      asUndoStep(() => {
        // A frame deleted while the builder answered has no link left to mark.
        if (frame !== null && !frame.removed) {
          const link = readLink(frame);
          // The link stays until the frame is next selected, so that it can say what happened.
          if (link !== null) frame.setPluginData(TEMPLATE_LINK_KEY, serializeTemplateLink({ ...link, deleted: true }));
          setRelaunchButton(frame, UPDATE_TEMPLATE_COMMAND, null);
        }
        writeIndex((index) => {
          index[id] = DELETED_HERE;
        });
      });
      // Out of ⌘Z's reach too: no frame is offered to link to it again.
      await sentVersions.forgetTemplateAsync(id);
      return alreadyGone;
    },

    async openAsync(id) {
      const frame = await linkedFrameOfAsync(id, readIndex());
      if (frame !== null) {
        const page = pageOf(frame);
        if (page !== null) await showNodeAsync(figma, page, frame);
        return { opened: true, frame: linkedFrameFacts(frame), template: null, layerCount: null, createdAt: null };
      }
      const client = await clientAsync('GET /api/templates/:id');
      let template: Template;
      try {
        template = await client.getTemplateAsync(id);
      } catch (error) {
        throw templateError(error, { templateId: id });
      }
      const content = template.content as { format?: unknown; root?: unknown } | null | undefined;
      return {
        opened: false,
        frame: null,
        template: rowOf(template, null),
        layerCount: content?.format === 'figma-node-tree' ? countLayers(content.root) : null,
        createdAt: template.created_at,
      };
    },

    async unlinkAsync(frameId) {
      const frame = await frameByIdAsync(frameId);
      if (frame !== null) {
        removeLink(frame);
        await sentVersions.forgetFrameAsync(frame.id, storedFileIdOf(figma.root));
      }
      return selectionAsync(false);
    },

    async linkAsync(frameId, templateId) {
      const frame = await topLevelFrameAsync(frameId);
      const frameName = frame.name;
      // Each read below awaits: the frame may be deleted meanwhile.
      const throwIfGone = () => {
        if (frame.removed) throw new BridgeError('no_frame', `${quotedName(frameName, 'The frame')} was deleted meanwhile, so nothing was linked.`);
      };
      const facts = await linkFactsAsync(frame);
      if (facts.state === 'linked' && facts.link !== null) throw alreadyLinkedError(frameName, facts.link.templateName);
      // Offered after a lost save by name and content, the other file's template is this frame's as much as the new one.
      if (facts.state === 'other-file' && facts.link?.templateId === templateId) throw savedInOtherFileError(facts.link.templateName, frameName);
      const index = readIndex();
      const client = await clientAsync('GET /api/templates/:id');
      let template: Template;
      try {
        template = await client.getTemplateAsync(templateId);
      } catch (error) {
        // Deleted (by a teammate, say): no frame is offered to link to it again.
        if (error instanceof ApiError && error.code === 'not_found') await sentVersions.forgetTemplateAsync(templateId);
        throw templateError(error, { templateId });
      }
      // Another frame here holds it: two frames linked to one template would update it in turn.
      const holder = await linkedFrameOfAsync(templateId, index);
      if (holder !== null && holder.id !== frame.id) throw heldByOtherFrameError(template.name, holder.name);
      throwIfGone();
      const root = (template.content as { format?: unknown; root?: unknown } | null | undefined)?.root;
      // This frame's own save, its link taken back by undo, and the template still as it sent it:
      // linked again as that save left it, so the next Update sends what changed here since.
      const sent = await sentVersions.readAsync(templateId);
      const ownSave = sentFromHere(sent, { templateId, frameId: frame.id, fileId: storedFileIdOf(figma.root) });
      if (ownSave) {
        if (holdsSentFromHere(sent, template.updated_at, root)) {
          throwIfGone();
          saveLink(frame, template, sent.hash, sent.sentHash ?? null);
          return { template: rowOf(template, frame), selection: await selectionAsync(false) };
        }
        // Changed since (a teammate): no longer offered as this frame's own; linked below only if it holds the frame as it is.
        await sentVersions.forgetTemplateAsync(templateId);
      }
      // The frame read now, as a save reads it: only a template holding exactly this is its lost save.
      const reading = await readFrameAsync(figma, frame);
      if (!holdsSameContent(root, reading.node)) throw ownSave ? changedSinceSaveError(template.name, frameName) : otherContentError(template.name, frameName);
      throwIfGone();
      const sentHash = sentContentHash(root);
      saveLink(frame, template, reading.hash, sentHash);
      // As a save's: undo of this link is offered back too.
      await noteSentAsync(frame, template, reading.hash, sentHash);
      return { template: rowOf(template, frame), selection: await selectionAsync(false) };
    },
  };
}
