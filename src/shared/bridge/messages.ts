// Every message between the sandbox and the UI, in one place. Both sides import these
// definitions; the endpoint validates each message against them before acting on it.
import { defineRequest } from './protocol';
import * as z from '../zod';

export const apiNameSchema = z.enum(['library', 'builder']);
export const commandSchema = z.enum(['sync', 'browse', 'templates', 'settings']);
export type Command = z.infer<typeof commandSchema>;

const apiSettingsSchema = z.object({
  baseUrl: z.string(),
  defaultBaseUrl: z.string(),
  /** The saved key, masked (`ef_••••1a2b`), or null when none is saved. */
  keyHint: z.nullable(z.string()),
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
});
export type ConnectionResult = z.infer<typeof connectionResultSchema>;

const empty = z.object({});

/** Requests the UI sends and the sandbox answers. */
export const sandboxRequests = {
  /** First call of the UI: which screen the menu command asked for, and the settings. */
  'app/init': defineRequest(
    empty,
    z.object({
      command: z.nullable(commandSchema),
      settings: settingsViewSchema,
      fileName: z.string(),
      userName: z.nullable(z.string()),
    }),
  ),
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
  /** The library key and host, for the UI's own calls to the library API. */
  'library/credentials': defineRequest(empty, z.object({ baseUrl: z.string(), key: z.nullable(z.string()) })),
  /** Resizes the plugin window; `save` (at the end of a resize) keeps the size for the next launch. */
  'ui/resize': defineRequest(z.object({ width: z.number(), height: z.number(), save: z.optional(z.boolean()) }), empty),
  /** Shows a Figma toast. */
  'ui/notify': defineRequest(z.object({ message: z.string(), error: z.optional(z.boolean()) }), empty),
};
export type SandboxRequests = typeof sandboxRequests;

/** Requests the sandbox sends and the UI answers. */
export const uiRequests = {};
export type UiRequests = typeof uiRequests;

/** Events the sandbox pushes to the UI. */
export const sandboxEvents = {
  /** The open file's components changed (a re-snapshot would find something new). */
  'document/components-changed': z.object({ pageCount: z.number() }),
};
export type SandboxEvents = typeof sandboxEvents;

/** Events the UI pushes to the sandbox. */
export const uiEvents = {};
export type UiEvents = typeof uiEvents;
