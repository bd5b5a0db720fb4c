// The playground's link to the emulator: read its demo keys from the control surface and put
// them where the plugin's settings code keeps them, so a person can try the plugin at once.
import type { ClientStorageLike } from '../../../src/platform/client-storage';
import { storageKeys } from '../../../src/settings/key-store';
import type { SharedDataHolder } from '../../../src/platform/shared-data';
import { createDocumentSettings } from '../../../src/settings/document-settings';
import type { EmulatorUrls } from '../page-config';

export interface EmulatorDemoState {
  library: { baseUrl: string; keys: { demo: string; other: string | null; revoked: string | null } };
  builder: { baseUrl: string; keys: { demo: string; other: string | null }; designSystems: string[] };
}

function record(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${where} is not an object.`);
  return value as Record<string, unknown>;
}

function text(value: unknown, where: string): string {
  if (typeof value !== 'string' || value === '') throw new Error(`${where} is missing.`);
  return value;
}

function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Reads `GET /_emulator/state`'s body; a body of another shape is reported in words. */
export function parseEmulatorState(body: unknown): EmulatorDemoState {
  const root = record(body, 'The emulator state');
  const library = record(root.library, 'state.library');
  const builder = record(root.builder, 'state.builder');
  const libraryKeys = record(library.keys, 'state.library.keys');
  const builderKeys = record(builder.keys, 'state.builder.keys');
  const designSystems = Array.isArray(builder.design_systems) ? builder.design_systems.filter((id): id is string => typeof id === 'string') : [];
  return {
    library: {
      baseUrl: text(library.base_url, 'state.library.base_url'),
      keys: { demo: text(libraryKeys.demo, 'state.library.keys.demo'), other: optionalText(libraryKeys.other), revoked: optionalText(libraryKeys.revoked) },
    },
    builder: {
      baseUrl: text(builder.base_url, 'state.builder.base_url'),
      keys: { demo: text(builderKeys.demo, 'state.builder.keys.demo'), other: optionalText(builderKeys.other) },
      designSystems,
    },
  };
}

export async function fetchEmulatorStateAsync(emulator: EmulatorUrls, fetchFn: typeof fetch = fetch): Promise<EmulatorDemoState> {
  let response: Response;
  try {
    response = await fetchFn(`${emulator.libraryUrl}/_emulator/state`);
  } catch (error) {
    throw new Error(`The emulator at ${emulator.libraryUrl} did not answer: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (!response.ok) throw new Error(`The emulator answered ${response.status} to GET /_emulator/state.`);
  return parseEmulatorState(await response.json());
}

export async function resetEmulatorAsync(emulator: EmulatorUrls, fetchFn: typeof fetch = fetch): Promise<void> {
  const response = await fetchFn(`${emulator.libraryUrl}/_emulator/reset`, { method: 'POST' });
  if (!response.ok) throw new Error(`The emulator answered ${response.status} to POST /_emulator/reset.`);
}

/**
 * Stores the emulator's base URLs and demo keys in the same clientStorage entries the settings
 * code reads, and links the document to the first demo design system.
 */
export async function seedDemoSettingsAsync(
  storage: ClientStorageLike,
  root: SharedDataHolder,
  state: EmulatorDemoState,
): Promise<void> {
  const library = storageKeys('library');
  const builder = storageKeys('builder');
  await storage.setAsync(library.baseUrl, state.library.baseUrl);
  await storage.setAsync(library.key, state.library.keys.demo);
  await storage.setAsync(builder.baseUrl, state.builder.baseUrl);
  await storage.setAsync(builder.key, state.builder.keys.demo);
  const designSystem = state.builder.designSystems[0];
  if (designSystem !== undefined) createDocumentSettings(root).setDesignSystemId(designSystem);
}
