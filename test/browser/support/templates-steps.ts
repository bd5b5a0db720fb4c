// Steps shared by the Templates browser tests.
import type { Frame } from 'playwright-core';
import { expect } from 'vitest';
import type { Harness } from './playground-harness';

/** Which row of the templates' list has the keyboard (its first button), or what else has it ("the page"). */
export function focusedTemplatePlaceAsync(ui: Frame): Promise<string> {
  return ui.evaluate(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) return 'the page';
    const row = active.closest('li');
    const list = row?.parentElement;
    if (row && list && active === row.querySelector('button')) return `row ${Array.prototype.indexOf.call(list.children, row)}`;
    return `${active.tagName} ${active.getAttribute('aria-label') ?? active.textContent ?? ''}`;
  });
}

/**
 * A teammate renames the template named `from` in the builder, through its API with the emulator's
 * demo key (as their integration would); resolves to the template's id.
 */
export async function renameInBuilderAsync(h: Harness, from: string, to: string): Promise<string> {
  const state = (await (await fetch(`${h.emulator.builderUrl}/_emulator/state`)).json()) as { builder: { keys: { demo: string } } };
  const call = (path: string, init: RequestInit = {}) => fetch(`${h.emulator.builderUrl}/api${path}`, { ...init, headers: { authorization: `Bearer ${state.builder.keys.demo}`, 'content-type': 'application/json' } });
  const templates = ((await (await call('/templates')).json()) as { data: Array<{ id: string; name: string }> }).data;
  const id = templates.find((template) => template.name === from)!.id;
  expect((await call(`/templates/${id}`, { method: 'PUT', body: JSON.stringify({ name: to }) })).status).toBe(200);
  return id;
}
