// What each kind of difference is called on screen, in which order the groups come, and
// what choosing means for it. No DOM: shared by the list, the detail and their tests.
import type { SyncChoice, SyncItem, SyncKind } from '../../src/shared/bridge/messages';
import { countWord } from '../components/count-words';

export const KIND_LABEL: Record<SyncKind, string> = {
  'local-change': 'Local changes',
  'local-add': 'Added here',
  'local-delete': 'Deleted here',
  'remote-change': 'Incoming',
  'remote-add': 'Added remotely',
  'remote-delete': 'Deleted remotely',
  conflict: 'Conflicts',
  'both-same': 'Same on both sides',
  'format-update': 'Format updates',
  unchanged: 'Unchanged',
};

/** What one component of a kind is, for its detail ("Conflict", not the group's "Conflicts"). */
export const KIND_ONE: Record<SyncKind, string> = {
  ...KIND_LABEL,
  'local-change': 'Local change',
  'remote-change': 'Incoming change',
  conflict: 'Conflict',
  'format-update': 'Format update',
};

/** The group of replaced components (a deleted and an added one paired: see replacementReason). */
export const REPLACED_LABEL = 'Replaced';

/**
 * Why a deleted and an added component are one replaced row, in words (the rules of
 * src/sync/replacements.ts: the same name, else the same description and nearly the same content).
 */
export function replacementReason(deleted: SyncItem, added: SyncItem): string {
  return deleted.name === added.name
    ? `“${deleted.name}” was deleted here and a component of the same name was added: Envelope shows them as one replacement (same name exactly, one deleted and one added under it).`
    : `“${deleted.name}” was deleted here and “${added.name}” was added: Envelope shows them as one replacement because they have the same description and, apart from the name, differ in at most one kind of change, and neither has another such match.`;
}

/**
 * A what-changed chip in words. "other" alone (opacity, visibility, corner radius…) left a
 * designer reading "Changed: fill, other" unsure what else would be pushed.
 */
export function chipText(chip: string): string {
  return chip === 'other' ? 'other properties' : chip;
}

/**
 * The `other` chip with what it stands for, when the sandbox could name it all ("other properties
 * (opacity, corner radius)"; src/sync/other-properties.ts), so a designer need not open the row.
 */
export function otherChipText(otherProperties: readonly string[] | undefined): string {
  return otherProperties === undefined || otherProperties.length === 0 ? chipText('other') : `${chipText('other')} (${otherProperties.join(', ')})`;
}

/** A row's chips as one list in words ("fill, other properties (opacity)"). */
export const chipsText = (chips: readonly string[], otherProperties?: readonly string[]): string =>
  chips.map((chip) => (chip === 'other' ? otherChipText(otherProperties) : chip)).join(', ');

/**
 * What the row's `other` chip stands for, as its quiet line says it, or null without the chip or
 * the words: "Other: opacity, corner radius", short beside the chip so that at 320 px the names
 * show before the line's end (its title says it in full).
 */
export function otherPropertiesRowText(item: Pick<SyncItem, 'chips' | 'otherProperties'>): string | null {
  if (!item.chips?.includes('other') || item.otherProperties === undefined || item.otherProperties.length === 0) return null;
  return `Other: ${item.otherProperties.join(', ')}`;
}

/**
 * A renamed row's other name in words, or null (see src/sync/other-name.ts): a change made here
 * "was “Divider”" (as last synced); an incoming change or a conflict is "named “Label” in the
 * design system" (the row's name is this file's).
 */
export function otherNameText(item: Pick<SyncItem, 'kind' | 'otherName'>): string | null {
  if (item.otherName === undefined) return null;
  return item.kind === 'local-change' ? `was “${item.otherName}”` : `named “${item.otherName}” in the design system`;
}

/**
 * otherNameText as the row's quiet line says it, short so that more of the line (the choice, who
 * and when) shows after it at 320 px: an incoming change "Renamed “Label”" (its group says it came
 * in), a conflict "Theirs: “Label”" (as its "Take theirs"). The line's title says it in full.
 */
export function otherNameRowText(item: Pick<SyncItem, 'kind' | 'otherName'>): string | null {
  if (item.otherName === undefined) return null;
  if (item.kind === 'remote-change') return `Renamed “${item.otherName}”`;
  if (item.kind === 'conflict') return `Theirs: “${item.otherName}”`;
  return `Was “${item.otherName}”`;
}

/** The replaced row's line in the copied summary: what replaced what, and by which rule. */
export function replacementSummary(deleted: SyncItem, added: SyncItem): string {
  const how = deleted.name === added.name ? 're-created' : `replaces “${deleted.name}”: same description, nearly the same content`;
  const chips = added.chips && added.chips.length > 0 ? ` [${chipsText(added.chips, added.otherProperties)}]` : '';
  return `${added.name}${chips} (${how}: old key ${deleted.key}, new key ${added.key}; ${replacementChoiceText(added, deleted).toLowerCase()})`;
}

/**
 * What a replaced row's choice means. One choice is made for both keys, but they keep the
 * choices made before they were paired (the deletion skipped, then the component re-created).
 */
export function replacementChoiceText(added: SyncItem, deleted: SyncItem): string {
  if (added.choice !== deleted.choice) {
    return added.choice === 'skip' ? 'Only the old key will be deleted; adding the new one is skipped' : 'Only the new key will be added; deleting the old one is skipped';
  }
  return added.choice === 'skip' ? 'Skipped for now' : 'Will be pushed: the old key deleted, the new one added';
}

/** Group order in the list and the counts: what needs a decision first. */
export const KIND_ORDER: readonly SyncKind[] = [
  'conflict',
  'local-change',
  'local-add',
  'local-delete',
  'remote-change',
  'remote-add',
  'remote-delete',
  'both-same',
  'format-update',
];

/**
 * How a row is decided: a push/skip tick, a take/skip tick, three choices (a conflict's, or a
 * deletion there: delete it here, add it back, or skip), or nothing to decide.
 */
export type ChoiceMode = 'push' | 'take' | 'conflict' | 'deletion' | 'none';

export function choiceMode(kind: SyncKind): ChoiceMode {
  if (kind === 'local-change' || kind === 'local-add' || kind === 'local-delete' || kind === 'format-update') return 'push';
  // A remote addition has nothing in this file to be taken into (the sandbox refuses 'take').
  if (kind === 'remote-change') return 'take';
  if (kind === 'remote-delete') return 'deletion';
  if (kind === 'conflict') return 'conflict';
  return 'none';
}

export const CONFLICT_CHOICES: readonly { choice: SyncChoice; label: string }[] = [
  { choice: 'push', label: 'Keep mine' },
  { choice: 'take', label: 'Take theirs' },
  { choice: 'skip', label: 'Skip for now' },
];

/**
 * A teammate's deletion: keep the component (this file's version goes back to the design system),
 * delete it here too, or skip. In full in the detail; short in the list's menu (`short`), under
 * the group "Deleted remotely", so the menu leaves the row its name and who and when.
 */
export const DELETION_CHOICES: readonly { choice: SyncChoice; label: string; short: string }[] = [
  { choice: 'push', label: 'Keep it: add it back to the design system', short: 'Keep it' },
  { choice: 'take', label: 'Delete it from this file', short: 'Delete it' },
  { choice: 'skip', label: 'Skip for now', short: 'Skip for now' },
];

/** The three choices of a row that has them (those its kind allows), worded for it (`short`: for the list's menu). */
export function threeChoices(item: SyncItem, short = false): readonly { choice: SyncChoice; label: string }[] {
  const all = choiceMode(item.kind) === 'deletion' ? DELETION_CHOICES.map((option) => (short ? { choice: option.choice, label: option.short } : option)) : CONFLICT_CHOICES;
  const allowed = item.choices;
  return allowed === undefined ? all : all.filter((option) => allowed.includes(option.choice));
}

/** The choice after Space on a row, or null where Space does not decide (conflicts, nothing to do). */
export function toggledChoice(item: SyncItem): SyncChoice | null {
  const mode = choiceMode(item.kind);
  if (mode === 'push' || mode === 'take') return item.choice === 'skip' ? mode : 'skip';
  return null;
}

/** What the row's choice means, in a few words. */
export function choiceText(item: SyncItem): string {
  const mode = choiceMode(item.kind);
  if (mode === 'none') return item.kind === 'remote-add' ? 'Only in the design system' : 'The same in the design system: recorded as synced with the next sync';
  if (item.choice === 'skip') return mode === 'conflict' ? 'Not decided: skipped for now' : 'Skipped for now';
  if (mode === 'conflict') return item.choice === 'push' ? 'Keep mine' : 'Take theirs';
  // A deletion says so: "Will be taken" read as getting the component, and it deletes it here.
  if (item.kind === 'local-delete') return 'Will be deleted from the design system';
  if (mode === 'deletion') return item.choice === 'push' ? 'Will be added back to the design system' : 'Will be deleted from this file';
  return item.choice === 'push' ? 'Will be pushed' : 'Will be taken into this file';
}

/**
 * A row whose design-system version an earlier sync took only in part: how much is left to do
 * by hand (the detail lists the steps in words). Null for other rows.
 */
export function takenInPartText(item: SyncItem): string | null {
  if (!item.takenInPart) return null;
  const count = item.takenInPart.steps.length;
  return `Taken in part: ${count.toLocaleString('en-US')} ${countWord(count, 'step')} left to do by hand`;
}

/**
 * The same, as short as a row needs it, so who and when still fit at the narrowest window
 * ("Taken in part: 1 step left"; the tooltip and the detail say it in full).
 */
export function takenInPartRowText(item: SyncItem): string | null {
  if (!item.takenInPart) return null;
  const count = item.takenInPart.steps.length;
  return `Taken in part: ${count.toLocaleString('en-US')} ${countWord(count, 'step')} left`;
}

/**
 * What not ticking a row taken in part means: it is not taken again (its choice starts as skip,
 * as taking it again would leave the same steps). Said in full in its tooltip; its row leaves
 * "Skipped for now" out, which read as contradicting "Taken in part".
 */
export const NOT_TAKEN_AGAIN = 'Not taken again unless you choose to take it';

/** Whether running the sync does something with this row. */
export function willRun(item: SyncItem): boolean {
  return choiceMode(item.kind) !== 'none' && item.choice !== 'skip';
}
