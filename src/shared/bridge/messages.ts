// Every message between the sandbox and the UI, in one place. Both sides import these
// definitions; the endpoint validates each message against them before acting on it.
import { defineRequest } from './protocol';
import * as z from '../zod';

export const apiNameSchema = z.enum(['library', 'builder']);
/** The plugin's screens (its tabs), in menu order. */
export const screenSchema = z.enum(['sync', 'browse', 'templates', 'settings']);
export type Screen = z.infer<typeof screenSchema>;
/** The menu's commands: one per screen, and `references` (the reference check, shown on Browse). */
export const commandSchema = z.enum(['sync', 'browse', 'templates', 'settings', 'references']);
export type Command = z.infer<typeof commandSchema>;

/**
 * What a relaunch button asks for beyond a screen (manifest.json relaunchButtons):
 * `update-template` opens Templates and updates the selected frame's template; `open-email` (on a
 * reference frame) opens Browse on the library email the selected reference shows.
 */
export const launchActionSchema = z.enum(['update-template', 'open-email']);
export type LaunchAction = z.infer<typeof launchActionSchema>;

const apiSettingsSchema = z.object({
  baseUrl: z.string(),
  defaultBaseUrl: z.string(),
  /** The saved key, masked (`ef_••••1a2b`), or null when none is saved. */
  keyHint: z.nullable(z.string()),
  /** Why a key saved earlier is not used (an older version took in a key now refused), in words. */
  savedKeyProblem: z.optional(z.string()),
  /** Why this save removed a key saved earlier and not used (it was for another host), in words: in a save's answer only. */
  keyRemoved: z.optional(z.string()),
});

export const settingsViewSchema = z.object({
  library: apiSettingsSchema,
  builder: apiSettingsSchema,
  /** The builder design system this file syncs to (stored in the document, shared with collaborators). */
  designSystemId: z.nullable(z.string()),
});
export type SettingsView = z.infer<typeof settingsViewSchema>;

export const connectionResultSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  /** A 429's wait (seconds, short enough to count down): the screen counts it down after the message. */
  retryAfterSeconds: z.optional(z.number()),
  /**
   * A 429's wait too long to count down: when it ends (a Date.now() time). The window says it as a
   * clock time after the message (retryAtText): "in 2 hours" alone stops being true while it stays on screen.
   */
  retryAt: z.optional(z.number()),
  /**
   * Why a saved key was not used (the library was tested without it), said after the answer and
   * its wait (answerWithWaitText): the wait is that answer's, one saving the key may not meet.
   */
  unusedKeyText: z.optional(z.string()),
});
export type ConnectionResult = z.infer<typeof connectionResultSchema>;

/**
 * Whether the builder knows a design-system id: `known` null when it could not be asked (no key, offline, busy); the message says which.
 * `retryAt`: a 429's wait, when it ends, said by the window after the message as ConnectionResult's is (answerWithWaitText).
 */
export const designSystemCheckSchema = z.object({ known: z.nullable(z.boolean()), message: z.string(), retryAt: connectionResultSchema.shape.retryAt });
export type DesignSystemCheck = z.infer<typeof designSystemCheckSchema>;

const empty = z.object({});

// ---- Design-system sync -------------------------------------------------------------------

/**
 * How a component stands between the last sync (base), this file (local) and the design
 * system (remote). Exactly one per component; `format-update` is a component whose hash
 * changed only because Envelope's component format did.
 */
export const syncKindSchema = z.enum([
  'unchanged',
  'local-change',
  'local-add',
  'local-delete',
  'remote-change',
  'remote-add',
  'remote-delete',
  'both-same',
  'conflict',
  'format-update',
]);
export type SyncKind = z.infer<typeof syncKindSchema>;

/**
 * What the sync will do with one component: `push` it (a conflict pushed is "keep mine", sent
 * over the version the designer saw only), `take` the remote version into the file, or `skip` it for now.
 */
export const syncChoiceSchema = z.enum(['push', 'take', 'skip']);
export type SyncChoice = z.infer<typeof syncChoiceSchema>;

/**
 * The kinds of change found between the two versions a row compares (src/sync/change-chips.ts),
 * shown as chips on every row and used to filter the list.
 */
export const syncChangeChipSchema = z.enum([
  'name',
  'description',
  'component properties',
  'variants',
  'structure',
  'layout',
  'fill',
  'stroke',
  'effect',
  'text',
  'size',
  'styles',
  'variables',
  'other',
]);
export type SyncChangeChip = z.infer<typeof syncChangeChipSchema>;

/** One row of the diff list (everything but unchanged components). */
export const syncItemSchema = z.object({
  key: z.string(),
  name: z.string(),
  kind: syncKindSchema,
  componentKind: z.enum(['component', 'component_set']),
  choice: syncChoiceSchema,
  /** The choices this row allows, when fewer than its kind's (a conflict deleted here cannot be taken). */
  choices: z.optional(z.array(syncChoiceSchema)),
  /** Who changed the remote side and when (remote kinds and conflicts). */
  remoteUpdatedBy: z.nullable(z.string()),
  remoteUpdatedAt: z.nullable(z.string()),
  /**
   * What changed, as chips (changes, remote changes, conflicts, and the added component of a
   * replacement: against the deleted one); absent when the two versions are not both known
   * (additions, deletions, a "before" no longer kept).
   */
  chips: z.optional(z.array(syncChangeChipSchema)),
  /**
   * A rename: the name on the other side of the comparison, when it differs from `name` (this
   * file's). For a local change the name last synced; for an incoming change or a conflict the
   * design system's name now (src/sync/other-name.ts). Optional, so an older state still reads.
   */
  otherName: z.optional(z.string()),
  /**
   * With the `other` chip: which properties it stands for, in a designer's words ("opacity",
   * "corner radius"; src/sync/other-properties.ts). Absent when some have no words. Optional,
   * so an older state still reads.
   */
  otherProperties: z.optional(z.array(z.string())),
  /**
   * The design system's version of this row was taken only in part by an earlier sync: what that
   * take left to change by hand, in words. The row is not taken again unless chosen.
   */
  takenInPart: z.optional(z.object({ steps: z.array(z.string()) })),
  /**
   * An addition whose exact name the other side adds too, under another key
   * (src/sync/namesakes.ts): for a local add, the component only in the design system (who added
   * it and when); for a remote add, the file's (no who or when). Pushing the local add makes two
   * components of that name in the design system. Optional, so an older state still reads.
   */
  sameName: z.optional(z.object({ key: z.string(), by: z.nullable(z.string()), at: z.nullable(z.string()) })),
});
export type SyncItem = z.infer<typeof syncItemSchema>;

export const syncHistoryEntrySchema = z.object({
  /** Server time of the sync. */
  at: z.string(),
  user: z.nullable(z.string()),
  pushed: z.number(),
  deleted: z.number(),
  taken: z.number(),
  conflicts: z.number(),
  /**
   * A run that stopped (failed or cancelled) after sending part: its counts are what it did
   * before stopping. Optional, so an Envelope that predates it still reads the entry.
   */
  stoppedPartWay: z.optional(z.boolean()),
});
export type SyncHistoryEntry = z.infer<typeof syncHistoryEntrySchema>;

/** Why the Sync screen cannot compare yet, or null when it can. */
export const syncLinkProblemSchema = z.nullable(z.enum(['no-builder-key', 'no-design-system', 'no-key-and-design-system']));

export const syncOverviewSchema = z.object({
  problem: syncLinkProblemSchema,
  designSystemId: z.nullable(z.string()),
  /** Server time of the last completed sync, or null before the first. */
  lastSyncedAt: z.nullable(z.string()),
  history: z.array(syncHistoryEntrySchema),
  /**
   * Set when the file's sync state was written by a newer Envelope: sync is read-only and
   * this says to update.
   */
  readOnlyReason: z.nullable(z.string()),
  /** Set when the comparison the sandbox holds was made with another key or address than now (the key was replaced in Settings): the list is out of date. */
  comparedWithOtherLink: z.optional(z.boolean()),
  /** Set when the builder refused this same key at the last comparison, for this design system: the screen shows that refusal rather than ask again (Check again or another key asks). */
  keyRefused: z.optional(z.boolean()),
});
export type SyncOverview = z.infer<typeof syncOverviewSchema>;

export const syncComparisonSchema = z.object({
  items: z.array(syncItemSchema),
  /** Count per kind, `unchanged` included. */
  counts: z.record(z.string(), z.number()),
  /** The server time the comparison was built on. */
  serverTime: z.string(),
  readOnlyReason: z.nullable(z.string()),
  /** Set when the file's sync state could not be read (damaged): why, and that this compares as a first sync. */
  stateProblem: z.optional(z.string()),
  /**
   * Replaced components (src/sync/replacements.ts): a row deleted here and a row added here,
   * shown as one "replaced" row. Both rows stay in `items` with their own choices. Paired by the
   * same name or, when the names differ, by the same description and nearly the same content:
   * the names say which rule applied. A pair the designer keeps apart (`sync/keep-apart`) is not
   * listed.
   */
  replacements: z.optional(z.array(z.object({ oldKey: z.string(), newKey: z.string() }))),
});
export type SyncComparison = z.infer<typeof syncComparisonSchema>;

/** One property that differs between two versions of a component, in words. */
export const propertyChangeSchema = z.object({
  /** Readable place, e.g. `Button / Type=Primary › Label`. */
  path: z.string(),
  /** The property, e.g. `fill`, `padding left`, `characters`. */
  property: z.string(),
  before: z.nullable(z.string()),
  after: z.nullable(z.string()),
  /** Colours as `#rrggbb[aa]` for swatches, where the values are colours. */
  beforeColor: z.optional(z.string()),
  afterColor: z.optional(z.string()),
  /** A conflict's: who changed it since the last sync (this file, the design system, or both), when that version was kept. */
  side: z.optional(z.enum(['here', 'there', 'both'])),
});
export type PropertyChange = z.infer<typeof propertyChangeSchema>;

/** A picture of one side: a data URL of a PNG, or an https URL (remote thumbnails). */
const pictureSchema = z.nullable(z.string());
/** What a picture shows, in Figma units (the root node's box grown by its effects), so two pictures can be drawn at one scale. */
const pictureSizeSchema = z.object({ width: z.number(), height: z.number() });
export type PictureSize = z.infer<typeof pictureSizeSchema>;

export const syncDetailSchema = z.object({
  item: syncItemSchema,
  /** What is compared, in words: "Last sync → this file", "This file → design system", "Mine ↔ theirs". */
  beforeLabel: z.string(),
  afterLabel: z.string(),
  /** False when the "before" payload is not known (not kept since the last sync). */
  beforeKnown: z.boolean(),
  changes: z.array(propertyChangeSchema),
  /** A conflict's: whether the version last synced was kept, so each change says which side made it (absent: no last sync, or not a conflict). */
  sidesKnown: z.optional(z.boolean()),
  beforePicture: pictureSchema,
  afterPicture: pictureSchema,
  /** The size of the version each picture shows; absent when not known (a component set, a version not kept). */
  beforeSize: z.optional(pictureSizeSchema),
  afterSize: z.optional(pictureSizeSchema),
  /** For "take theirs": what Envelope cannot apply and must be changed by hand, in words. */
  manualSteps: z.array(z.string()),
});
export type SyncDetail = z.infer<typeof syncDetailSchema>;

/** What a sync left to do by hand, or could not do, for one component, in words. */
export const syncManualStepsSchema = z.object({
  key: z.string(),
  name: z.string(),
  steps: z.array(z.string()),
  /** Its version was taken in part and recorded so: the steps hold while the list shows the row taken in part (not after ⌘Z of the take). */
  takenInPart: z.optional(z.literal(true)),
});
export type SyncManualSteps = z.infer<typeof syncManualStepsSchema>;

export const syncOutcomeSchema = z.object({
  pushed: z.number(),
  deleted: z.number(),
  taken: z.number(),
  /** Rows left for later (skipped); components only in the design system, which cannot be taken, are not counted. */
  skipped: z.number(),
  /** Conflicts the server returned during the push: they are in `comparison` now. */
  newConflicts: z.number(),
  /** What "take theirs" could not apply, per component, in words. */
  manualSteps: z.array(syncManualStepsSchema),
  comparison: syncComparisonSchema,
});
export type SyncOutcome = z.infer<typeof syncOutcomeSchema>;

// ---- Library references on the canvas (src/canvas/) ---------------------------------------

/** A reference frame found in the file (src/canvas/reference-finder.ts): where it is and what it shows. */
export const foundReferenceSchema = z.object({
  nodeId: z.string(),
  /** The frame's layer name. */
  name: z.string(),
  pageId: z.string(),
  pageName: z.string(),
  /** Its top-left corner on the canvas (absolute), rounded to pixels. */
  x: z.number(),
  y: z.number(),
  /**
   * The layer at the top of its page that holds it, as a designer finds it (a section, a journey
   * board, a frame…), or null when it sits on the canvas itself: where it is, in words, not coordinates.
   */
  within: z.nullable(z.object({ kind: z.enum(['section', 'board', 'frame', 'group', 'component', 'instance']), name: z.string() })),
  emailId: z.number(),
  brandName: z.string(),
  subject: z.string(),
});
export type FoundReference = z.infer<typeof foundReferenceSchema>;

export const referenceRemovalSchema = z.object({
  removed: z.number(),
  /** References that stayed, each with the reason in words. */
  failures: z.array(z.object({ nodeId: z.string(), name: z.string(), pageName: z.string(), reason: z.string() })),
  /** Journey boards the removal emptied, removed with their last reference in the same undo step (absent: none). */
  boards: z.optional(z.array(z.object({ name: z.string(), pageName: z.string() }))),
  /**
   * References removed whose frame stays, because it holds layers the designer added: only its
   * screenshot, caption and record went (absent: none). Counted in `removed`.
   */
  framesKept: z.optional(z.array(z.object({ nodeId: z.string(), name: z.string(), pageName: z.string() }))),
});
export type ReferenceRemoval = z.infer<typeof referenceRemovalSchema>;

// ---- Templates ------------------------------------------------------------------------------

/** Where a template's frame is in this file. */
export const linkedFrameSchema = z.object({ id: z.string(), name: z.string(), pageName: z.string() });
export type LinkedFrame = z.infer<typeof linkedFrameSchema>;

/** One template of the workspace as the Templates screen lists it. */
export const templateRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Server time of the last change. */
  updatedAt: z.string(),
  /** Server time it was made: the list tells one made since it read page 1 from one changed (template-list-state.ts). */
  createdAt: z.optional(z.string()),
  thumbnailUrl: z.nullable(z.string()),
  /** The frame of this file linked to the template, or null. */
  linkedFrame: z.nullable(linkedFrameSchema),
});
export type TemplateRow = z.infer<typeof templateRowSchema>;

export const templatePageSchema = z.object({
  templates: z.array(templateRowSchema),
  page: z.number(),
  /** Templates in the workspace, when the server said. */
  total: z.nullable(z.number()),
  hasMore: z.boolean(),
});
export type TemplatePage = z.infer<typeof templatePageSchema>;

/**
 * What is selected, for "Save selection as template": one top-level frame, or why not
 * (`none`, `many`, `other`: a layer that is not a top-level frame, said in `what`).
 */
export const templateSelectionSchema = z.object({
  kind: z.enum(['none', 'many', 'other', 'frame']),
  /** The selection in words when it is not one frame ("“Title” is a text layer inside “Cover”"). */
  what: z.string(),
  frame: z.nullable(z.object({ id: z.string(), name: z.string() })),
  /** The template this frame is linked to, as last saved from here. */
  link: z.nullable(z.object({ templateId: z.string(), templateName: z.string(), savedAt: z.string() })),
  /**
   * The frame's template was deleted from here: its link was removed just now (said once), or,
   * read for a change to the frame itself rather than a new selection, is removed when it is next selected.
   */
  lostLink: z.nullable(z.object({ templateName: z.string() })),
  /** A frame copied from another file: the template its link names there (that file's, never a candidate for this frame here). */
  otherFileTemplateId: z.nullable(z.string()),
  /**
   * A frame whose last save made (or updated) this template, no longer linked to it: undo took the
   * link back (a duplicate frame back to the link it was copied with, too), or this file is a copy
   * made before that save. It can be linked again.
   */
  undoneSave: z.nullable(z.object({ templateId: z.string(), templateName: z.string() })),
});
export type TemplateSelection = z.infer<typeof templateSelectionSchema>;

export const templateSaveOutcomeSchema = z.object({
  /** `unchanged`: the frame is as last saved; nothing was sent. */
  outcome: z.enum(['created', 'updated', 'unchanged']),
  /** The template as the builder holds it now; null when nothing was sent. */
  template: z.nullable(templateRowSchema),
  /** What changed since the last save, as chips ("text", "fill"…); empty when not known. */
  changes: z.array(syncChangeChipSchema),
  /** The preview's size in pixels, when one was sent. */
  previewSize: z.nullable(z.object({ width: z.number(), height: z.number() })),
  selection: templateSelectionSchema,
});
export type TemplateSaveOutcome = z.infer<typeof templateSaveOutcomeSchema>;

/**
 * A save whose answer was not read (error `answer_lost`, in its details as `lostSave`): what its
 * words are made of (src/shared/lost-save-words.ts), so the window can say them otherwise while the
 * list below cannot be read, without editing the sandbox's sentence. `answer`: the builder client's
 * code for what became of the answer; `typedAddress`: none came at an address typed in Settings
 * that never answered (the address is said beside the connection).
 */
export const lostSaveFactsSchema = z.object({
  templateName: z.string(),
  answer: z.enum(['network_error', 'timeout', 'malformed_response', 'not_json']),
  typedAddress: z.optional(z.boolean()),
});
export type LostSaveFacts = z.infer<typeof lostSaveFactsSchema>;

export const templateOpenOutcomeSchema = z.object({
  /** True when its frame is in this file and was selected and zoomed to. */
  opened: z.boolean(),
  frame: z.nullable(linkedFrameSchema),
  /** The template's details, read from the builder when its frame is not here (else null). */
  template: z.nullable(templateRowSchema),
  /** Layers in its content, when it has figma-node-tree content. */
  layerCount: z.nullable(z.number()),
  createdAt: z.nullable(z.string()),
});
export type TemplateOpenOutcome = z.infer<typeof templateOpenOutcomeSchema>;

/** A frame linked to a template already in the builder (templates/link): the template's row and the selection after. */
export const templateLinkOutcomeSchema = z.object({ template: templateRowSchema, selection: templateSelectionSchema });
export type TemplateLinkOutcome = z.infer<typeof templateLinkOutcomeSchema>;

// ---- Library references on the canvas -------------------------------------------------------

/** What a reference says about the library email it shows (its caption and plugin data). */
export const referenceSourceSchema = z.object({
  emailId: z.number(),
  brandSlug: z.string(),
  brandName: z.string(),
  subject: z.string(),
  /** The email's public page on the library service (the caption's link). */
  url: z.string(),
  capturedDate: z.string(),
  /** The service's name, from the library's `meta.attribution.source`. */
  service: z.string(),
  /** The service's public site, from `meta.attribution.url` (linked when the email has no page). */
  serviceUrl: z.string(),
});
export type ReferenceSource = z.infer<typeof referenceSourceSchema>;

// Checked by tag, not instanceof: the bytes may come from another realm (a cloned message).
const bytesSchema = z.custom<Uint8Array>((value) => Object.prototype.toString.call(value) === '[object Uint8Array]', 'PNG bytes (a Uint8Array)');

/** One PNG tile of a screenshot and where it sits in it (src/shared/canvas/tile-plan.ts). */
export const screenshotTileSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number(), bytes: bytesSchema });
export type ScreenshotTile = z.infer<typeof screenshotTileSchema>;

/** How a batch of references is arranged when it ends: a tidy grid, or a board with a column per journey stage. */
export const insertLayoutSchema = z.enum(['grid', 'board']);
export type InsertLayout = z.infer<typeof insertLayoutSchema>;

export const canvasInsertSchema = z.object({
  reference: referenceSourceSchema,
  /** The screenshot's size in px; the tiles cover it exactly. */
  width: z.number(),
  height: z.number(),
  tiles: z.array(screenshotTileSchema),
  /** Part of a batch (`canvas/insert-begin`): placed when the batch ends, in one undo step. */
  batchId: z.optional(z.string()),
  /** The journey stage it belongs to (a board's column). */
  stage: z.optional(z.string()),
  /** Placed where this drag was dropped (`canvas/insert-dropped`). */
  dropId: z.optional(z.string()),
});
export type CanvasInsert = z.infer<typeof canvasInsertSchema>;

/** The most references a placed-watch follows: the sandbox keeps this many placed frames, and a bar's placing is far fewer. */
export const PLACED_WATCH_MAX = 500;
/**
 * How often the UI says it is still at work on a batch of references (its emails may wait out
 * several of the library's "slow down"s, or download slowly): well within the sandbox's
 * ABANDONED_BATCH_MS (src/canvas/canvas-handlers.ts), after which a silent batch counts as abandoned.
 */
export const BATCH_ALIVE_MS = 60_000;

/** Requests the UI sends and the sandbox answers. */
export const sandboxRequests = {
  /**
   * First call of the UI: which screen the menu command asked for, the screen this person used
   * last (null before any), and the settings.
   */
  'app/init': defineRequest(
    empty,
    z.object({
      command: z.nullable(commandSchema),
      /** A relaunch button's action to run on opening (its screen is `command`), or null. */
      action: z.nullable(launchActionSchema),
      /** For `open-email`: the library email of the selected reference, or null when none is selected. */
      emailId: z.nullable(z.number()),
      lastScreen: z.nullable(screenSchema),
      settings: settingsViewSchema,
      fileName: z.string(),
      userName: z.nullable(z.string()),
    }),
  ),
  /** Keeps the screen the person opened (per user, in clientStorage) for the next launch. */
  'app/remember-screen': defineRequest(z.object({ screen: screenSchema }), empty),
  'settings/get': defineRequest(empty, settingsViewSchema),
  /** Stores an API's base URL and, when given, its key (in clientStorage only). */
  'settings/save-api': defineRequest(
    z.object({ api: apiNameSchema, baseUrl: z.string(), key: z.optional(z.string()) }),
    settingsViewSchema,
  ),
  'settings/forget-key': defineRequest(z.object({ api: apiNameSchema }), settingsViewSchema),
  /** One cheap authenticated call with the saved key; the result in words. */
  'settings/test-connection': defineRequest(z.object({ api: apiNameSchema }), connectionResultSchema),
  'settings/set-design-system': defineRequest(z.object({ id: z.nullable(z.string()) }), settingsViewSchema),
  /** Asks the builder, with the saved key, whether it knows this design-system id (one cheap call). */
  'settings/check-design-system': defineRequest(z.object({ id: z.string() }), designSystemCheckSchema),
  /** The library key and host, for the UI's own calls to the library API. */
  'library/credentials': defineRequest(empty, z.object({ baseUrl: z.string(), key: z.nullable(z.string()) })),
  /** Resizes the plugin window; `save` (at the end of a resize) keeps the size for the next launch. */
  'ui/resize': defineRequest(z.object({ width: z.number(), height: z.number(), save: z.optional(z.boolean()) }), empty),
  /** Shows a Figma toast. */
  'ui/notify': defineRequest(z.object({ message: z.string(), error: z.optional(z.boolean()) }), empty),
  /** Whether the file can sync, its last sync and history. Cheap: no network. */
  'sync/overview': defineRequest(empty, syncOverviewSchema),
  /**
   * Reads the file's components and the design system's changes and classifies every
   * component (long: reports progress). The choices made before are kept.
   */
  'sync/compare': defineRequest(z.object({ full: z.optional(z.boolean()) }), syncComparisonSchema),
  /** One component's property diff and pictures, from the last comparison. */
  'sync/detail': defineRequest(
    z.object({
      key: z.string(),
      /** A replaced row: the deleted component's key; the detail compares it with `key`'s (the new one). */
      replaces: z.optional(z.string()),
    }),
    syncDetailSchema,
  ),
  /**
   * Shows a replaced pair as two rows, each with its own choice (the choices are kept as they
   * are): kept (per user) for that same pair until either key is synced. The comparison as it is
   * now, without that pair in `replacements`.
   */
  'sync/keep-apart': defineRequest(z.object({ oldKey: z.string(), newKey: z.string() }), syncComparisonSchema),
  /** Changes the choice of some components; kept (per user) until the sync runs. */
  'sync/choose': defineRequest(z.object({ choices: z.record(z.string(), syncChoiceSchema) }), z.object({ items: z.array(syncItemSchema) })),
  /**
   * Runs the sync as chosen: takes what was chosen from the remote into the file (one undo
   * step), pushes the rest in batches (long: reports progress, can be cancelled; each
   * acknowledged batch is recorded, so an interrupted push resumes).
   */
  'sync/run': defineRequest(empty, syncOutcomeSchema),
  /**
   * The last comparison against the sync state as recorded now, without a request: after a sync
   * that failed part-way, what its acknowledged batches sent no longer counts as left to sync.
   */
  'sync/current': defineRequest(empty, syncComparisonSchema),
  /**
   * The list rows' thumbnails (≤ 256 px), for the rows on screen, in one batch: a data URL of a
   * PNG for components in this file, the remote thumbnail's URL for the others, null when there
   * is none. Keys not in the comparison are null too.
   */
  'sync/pictures': defineRequest(z.object({ keys: z.array(z.string()) }), z.object({ pictures: z.record(z.string(), pictureSchema) })),
  /**
   * Every library reference in the file, on every page (loads all pages first). `unreadable`
   * counts frames whose stored record cannot be read (left alone).
   */
  'canvas/references-find': defineRequest(empty, z.object({ references: z.array(foundReferenceSchema), unreadable: z.number() })),
  /**
   * Removes these reference frames in one undo step. Only frames that are still references to one
   * of `goneEmailIds` (the emails the library removed) are touched; the others stay as they are.
   */
  'canvas/references-remove': defineRequest(z.object({ nodeIds: z.array(z.string()), goneEmailIds: z.array(z.number()) }), referenceRemovalSchema),
  /**
   * Goes to a reference: its page, selected, zoomed into view. `hidden` when it is hidden, or
   * inside a hidden layer (`layerName`): selected, yet nothing shows on the canvas.
   */
  'canvas/references-show': defineRequest(z.object({ nodeId: z.string() }), z.object({ hidden: z.optional(z.object({ itself: z.boolean(), layerNames: z.array(z.string()) })) })),

  /** One page of the workspace's templates, newest change first, with the frames linked here. */
  'templates/list': defineRequest(z.object({ page: z.number() }), templatePageSchema),
  /** The selection as "Save selection as template" sees it (also pushed on selectionchange). */
  'templates/selection': defineRequest(empty, templateSelectionSchema),
  /**
   * The selected top-level frame (`frameId`: that frame instead, the one the form was filled for)
   * becomes a template (content and preview); the frame is linked to it.
   */
  'templates/create': defineRequest(z.object({ name: z.string(), description: z.string(), frameId: z.optional(z.string()) }), templateSaveOutcomeSchema),
  /**
   * Sends the selected linked frame's content and preview again (`frameId`: that frame instead);
   * nothing is sent when it is unchanged since the last save. A version saved elsewhere since
   * then is refused (`template_changed`) unless `replaceChanges`.
   */
  'templates/update': defineRequest(z.object({ frameId: z.optional(z.string()), replaceChanges: z.optional(z.boolean()) }), templateSaveOutcomeSchema),
  /** Renames a template and sets its description. */
  'templates/rename': defineRequest(z.object({ id: z.string(), name: z.string(), description: z.string() }), templateRowSchema),
  /**
   * Deletes a template; its frame here loses the link (said when next selected). `alreadyGone`:
   * it had been deleted elsewhere (done all the same). `name`: the template's name as the list shows
   * it, for the words of a failure (this file knows it only for a template linked to a frame here).
   */
  'templates/delete': defineRequest(z.object({ id: z.string(), name: z.optional(z.string()) }), z.object({ alreadyGone: z.boolean() })),
  /** Selects and zooms to the template's frame when it is in this file, else gives its details. */
  'templates/open': defineRequest(z.object({ id: z.string() }), templateOpenOutcomeSchema),
  /** Removes a frame's link to its template (one deleted elsewhere, say). */
  'templates/unlink': defineRequest(z.object({ frameId: z.string() }), templateSelectionSchema),
  /**
   * Links an unlinked top-level frame to a template already in the builder (one a save made whose
   * answer was lost), only when the template holds the frame's content as it is now; else refused
   * (`other_content`) and nothing is written. Or to the template its own save made (`undoneSave`),
   * still as sent, as that save left the link. One undo step, as a save's link.
   */
  'templates/link': defineRequest(z.object({ frameId: z.string(), templateId: z.string() }), templateLinkOutcomeSchema),
  /**
   * Places one library screenshot on the canvas as an attributed reference: a frame of its size
   * holding its tiles (locked), a caption with a link beneath, its record in plugin data. Alone it
   * is one undo step, selected and scrolled into view; in a batch it waits for the batch's end.
   * Fails in words: `image_failed`, `font_unavailable`, `read_only` (Dev Mode), `edit_refused`
   * (Figma refused the edit, in its words), `invalid_input`, `busy` (a batch is open).
   */
  /** `pageName` when the reference went on a page other than the one the person has open (a drop's, or a batch's). */
  'canvas/insert': defineRequest(canvasInsertSchema, z.object({ nodeId: z.string(), name: z.string(), pageName: z.optional(z.string()) })),
  /** Starts a batch of references (a grid, or a journey board titled `title`). */
  'canvas/insert-begin': defineRequest(z.object({ layout: insertLayoutSchema, title: z.string() }), z.object({ batchId: z.string() })),
  /**
   * The UI is still at work on a batch (waiting out the library's "slow down", a slow download):
   * sent every BATCH_ALIVE_MS, so the batch is not taken for abandoned (the sandbox's ABANDONED_BATCH_MS) between
   * two references. `invalid_input` once the batch has ended or was forgotten.
   */
  'canvas/insert-alive': defineRequest(z.object({ batchId: z.string() }), z.object({})),
  /**
   * Ends a batch: arranges what was placed (a board gets a labelled column for each of `stages`,
   * in that order), selects it and scrolls to it, as one undo step. Ending a cancelled batch keeps
   * what was placed so far. A board that cannot be built leaves its references as a grid: an
   * answer, with `problem` saying so in words.
   */
  'canvas/insert-end': defineRequest(
    z.object({ batchId: z.string(), stages: z.optional(z.array(z.string())) }),
    // `emailIds`: the email of each of `nodeIds` (absent: none placed). An insert whose answer the
    // UI let go of (Cancel, a timeout) may have landed all the same: counted from here.
    z.object({ placed: z.number(), nodeIds: z.array(z.string()), pageName: z.optional(z.string()), emailIds: z.optional(z.array(z.number())), problem: z.optional(z.string()) }),
  ),
  /**
   * How many of `nodeIds` (at most PLACED_WATCH_MAX, references this run placed) have left the canvas (⌘Z, a delete), answered
   * once that is not `gone`, the number the window knows: it then asks again with the new one, and
   * cancels when its bar's words no longer speak of them. Ids this run did not place are not counted.
   */
  'canvas/placed-watch': defineRequest(z.object({ nodeIds: z.array(z.string()).check(z.maxLength(PLACED_WATCH_MAX)), gone: z.number() }), z.object({ gone: z.number() })),
};
export type SandboxRequests = typeof sandboxRequests;

/** The Sync tab's badge (see sandboxEvents). */
export const syncBadgeSchema = z.object({ rows: z.number() });
export type SyncBadge = z.infer<typeof syncBadgeSchema>;

/**
 * A 429's wait too long to sit through that one realm's library client met, for these credentials
 * (as `library/credentials` gives them; another key or address is another allowance): the other
 * realm's clients of that allowance refuse their requests too until it ends, rather than earn
 * another 429. `waitMs` from now, not an end: one realm's clock may not be the other's.
 */
export const libraryRefusalSchema = z.object({ baseUrl: z.string(), key: z.nullable(z.string()), waitMs: z.number() });
export type LibraryRefusal = z.infer<typeof libraryRefusalSchema>;

/** Requests the sandbox sends and the UI answers. */
export const uiRequests = {};
export type UiRequests = typeof uiRequests;

/** Events the sandbox pushes to the UI. */
export const sandboxEvents = {
  /**
   * The Sync tab's badge: the rows the Sync list shows under "All" (listed-rows.ts), as of the
   * last check (updated live from documentchange in between; the design system every few minutes).
   */
  'sync/badge': syncBadgeSchema,
  /** The selection changed: what "Save selection as template" sees now. */
  'templates/selection': templateSelectionSchema,
  /**
   * A drag from the plugin window landed on the canvas (figma.on('drop')): the UI now sends the
   * reference with this `dropId` and it is placed where it was dropped.
   */
  'canvas/insert-dropped': z.object({ dropId: z.string(), emailId: z.number() }),
  /** The file's design-system id changed other than by this window's Save (⌘Z, ⌘⇧Z, a collaborator): what it is now. */
  'settings/design-system': z.object({ designSystemId: z.nullable(z.string()) }),
  /**
   * The sandbox's Test connection of the library met a 429 whose wait is too long to sit through
   * (libraryRefusalSchema): the window's Browse sends nothing with those credentials until it ends,
   * and says the wait as it says its own.
   */
  'library/refused': libraryRefusalSchema,
};
export type SandboxEvents = typeof sandboxEvents;

/** Events the UI pushes to the sandbox. */
export const uiEvents = {
  /**
   * The window's library client (Browse) met a 429 whose wait is too long to sit through
   * (libraryRefusalSchema): the sandbox's clients of that allowance (Test connection) refuse their
   * requests too until it ends.
   */
  'library/refused': libraryRefusalSchema,
};
export type UiEvents = typeof uiEvents;
