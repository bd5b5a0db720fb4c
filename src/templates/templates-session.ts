// One plugin run's Templates room: the workspace's requests through the builder API (list, save,
// update, rename, delete, open, link and unlink) and the selection as the screen shows it. Beside
// it: the frame's content and preview (frame-content.ts), the links in the file (frame-links.ts),
// the frame acted on (selected-frame.ts), what was sent, out of undo's reach (sent-versions-store.ts),
// and the pure decisions (template-link.ts, preview-scale.ts, selection-words.ts, template-errors.ts).
import { createBuilderClient, type BuilderClient } from '../shared/api/builder/client';
import { visibleNameProblem } from '../shared/template-name';
import type { Template } from '../shared/api/builder/schemas';
import { ApiError } from '../shared/api/http/api-error';
import { createCancelSource, type CancelSignal } from '../shared/api/http/cancel-signal';
import { createSystemScheduler } from '../shared/api/http/scheduler';
import { keyNeededError } from '../shared/api/http/error-mapping';
import type { HttpTransport } from '../shared/api/http/transport';
import { BridgeError } from '../shared/bridge/bridge-error';
import { quotedName } from '../shared/quoted-name';
import type { LinkedFrame, SyncChangeChip, TemplateLinkOutcome, TemplateOpenOutcome, TemplatePage, TemplateRow, TemplateSaveOutcome, TemplateSelection } from '../shared/bridge/messages';
import { readFrameAsync } from '../snapshot';
import { changeChips } from '../sync/change-chips';
import { storedFileIdOf } from '../sync/file-identity';
import type { DiffableComponent } from '../sync/property-diff';
import { frameContentAsync, type FramePreview } from './frame-content';
import { jsonByteLength } from '../shared/api/http/utf8';
import { copiedLinkWhat, otherFileLinkWhat, unreadableLinkWhat } from './selection-words';
import { describeSelected, selectedFrame, selectedLayers, topLevelFrameAsync } from './selected-frame';
import { pageOf, showNodeAsync } from '../platform/show-node';
import { alreadyLinkedError, changedSinceSaveError, heldByOtherFrameError, laterOwnVersionError, noLongerLinkedError, notLinkedError, savedInOtherFileError, savedMeanwhileError, otherContentError, templateChangedError, templateError, timedOutError } from './template-errors';
import { createSentVersionsStore } from './sent-versions-store';
import { createFrameLinks } from './frame-links';
import {
  holdsLastSent,
  holdsSameContent,
  holdsSentFromHere,
  linkBehindSent,
  sameServerTime,
  sentContentHash,
  sentFromHere,
  type SentVersion,
  serverTimeAfter,
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

export interface BuilderCredentials {
  baseUrl: string;
  key: string | null;
}

export interface TemplatesSessionDependencies {
  figma: PluginAPI;
  transport: HttpTransport;
  /** The builder's address and the saved key (Settings owns them), read fresh each time. */
  readBuilderCredentialsAsync: () => Promise<BuilderCredentials>;
  /** Whether another feature's undo step is open (references being placed, a sync's take): handlers.ts. */
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

  // ---- links in plugin data (frame-links.ts), and what was sent (sent-versions-store.ts) ----

  const { readIndex, readLink, hasUnreadableLink, frameByIdAsync, linkFactsAsync, saveLink, renameLinks, removeLink, markTemplateDeleted, linkedFrameOfAsync } = createFrameLinks(figma, undoStepOpen);

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

  function linkedFrameFacts(frame: FrameNode): LinkedFrame {
    return { id: frame.id, name: frame.name, pageName: pageOf(frame)?.name ?? '' };
  }

  function rowOf(template: Template, frame: FrameNode | null): TemplateRow {
    return {
      id: template.id,
      name: template.name,
      description: template.description,
      updatedAt: template.updated_at,
      createdAt: template.created_at,
      thumbnailUrl: template.thumbnail_url,
      linkedFrame: frame === null ? null : linkedFrameFacts(frame),
    };
  }

  // ---- selection ------------------------------------------------------------------------

  async function selectionAsync(consumeLostLink: boolean): Promise<TemplateSelection> {
    const layers = selectedLayers(figma);
    const { kind, what } = describeSelected(layers);
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
      const unreadable = facts.link === null && hasUnreadableLink(frame);
      const copied = facts.link === null ? null : facts.state === 'copy' ? copiedLinkWhat(frame.name, facts.link.templateName) : facts.state === 'other-file' ? otherFileLinkWhat(frame.name, facts.link.templateName) : null;
      const said = unreadable ? unreadableLinkWhat(frame.name) : (copied ?? what);
      const undone = unreadable ? null : await undoneSaveOfAsync(frame, facts.link);
      return { ...base, what: said, link: null, lostLink: null, undoneSave: undone === null ? null : { templateId: undone.templateId, templateName: undone.templateName } };
    }
    return { ...base, link: { templateId: facts.link.templateId, templateName: facts.link.templateName, savedAt: facts.link.savedAt }, lostLink: null };
  }

  /**
   * The template exists now, whatever became of the frame: a frame deleted meanwhile is not
   * linked (a retry would make a second template), and the created template is still said.
   */
  async function createdAsync(frame: FrameNode, template: Template, hash: string, root: Record<string, unknown>, preview: FramePreview): Promise<TemplateSaveOutcome> {
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
      if (follow.length > 0) renameLinks(follow);
      const total = list.meta?.total ?? null;
      const hasMore = total === null ? list.templates.length >= TEMPLATES_PER_PAGE : number * TEMPLATES_PER_PAGE < total;
      return { templates, page: number, total, hasMore };
    },

    selectionAsync,

    async createAsync(name, description, frameId) {
      const frame = frameId === undefined ? selectedFrame(figma) : await topLevelFrameAsync(figma, frameId);
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
        const { content, hash, preview, root } = await frameContentAsync(figma, frame, frameName);
        if (deadline.signal.aborted) throw timedOutError('create', name.trim(), UPDATE_DEADLINE_MS / 1000, false);
        const input = { name, description: description.trim(), content };
        try {
          template = await client.createTemplateAsync(input, deadline.signal);
        } catch (error) {
          // Cut off while sent and unanswered, it may still be made; while waiting after a 429, it was not.
          if (deadline.ranOut(error)) throw timedOutError('create', name.trim(), UPDATE_DEADLINE_MS / 1000, error.sentUnanswered);
          throw templateError(error, { templateName: name.trim(), bodyBytes: jsonByteLength(input), creating: true });
        }
        return await createdAsync(frame, template, hash, root, preview);
      } finally {
        deadline.stop();
      }
    },

    async updateAsync(frameId, replaceChanges = false) {

      const frame = frameId === undefined ? selectedFrame(figma) : await frameByIdAsync(frameId);
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
        const { content, hash, preview, root } = await frameContentAsync(figma, frame, frameName);
        if (deadline.signal.aborted) throw timedOutError('update', link.templateName, UPDATE_DEADLINE_MS / 1000, false);
        if (typeof beforeRoot === 'object' && beforeRoot !== null) changes = changeChips(asDiffable(frameName, beforeRoot as Record<string, unknown>), asDiffable(frameName, root));
        let updated: Template;
        try {
          writeSent = true;
          updated = await client.updateTemplateAsync(link.templateId, { content }, deadline.signal);
        } catch (error) {
          throw templateError(error, { ...errorFacts, bodyBytes: jsonByteLength({ content }), writing: 'update' });
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
      if (kept !== null && link !== null) renameLinks([{ frame: kept, link, name: updated.name, ...(inStep ? { savedAt: updated.updated_at } : {}) }]);
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
      markTemplateDeleted(id, frame);
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
      const frame = await topLevelFrameAsync(figma, frameId);
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
