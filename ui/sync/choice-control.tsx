// How a component's choice is made: a tick (push or take, else skip) or, for a conflict, one of
// keep mine / take theirs / skip for now (for a teammate's deletion: add it back / delete it here /
// skip). The list's controls sit in a grid that has one tab stop (Space on the row ticks), so they
// are reached by pointer; the detail's are in tab order.
import type { SyncChoice, SyncItem } from '../../src/shared/bridge/messages';
import { choiceMode, threeChoices } from './sync-kinds';

export interface ChoiceProps {
  item: SyncItem;
  disabled: boolean;
  onChoose: (choice: SyncChoice) => void;
  /** The tick's words, when not the kind's own (a replaced row). */
  label?: string;
  /** A replaced row whose two keys have different choices: neither ticked nor unticked (a tick pushes both). */
  mixed?: boolean;
}

/** Where a tick deletes the component (a deletion's tick says so), else null. */
function deletesFrom(item: SyncItem): string | null {
  return item.kind === 'local-delete' ? 'the design system' : null;
}

export function ChoiceCell({ item, disabled, onChoose, mixed = false }: ChoiceProps) {
  const mode = choiceMode(item.kind);
  if (mode === 'none') return null;
  if (mode === 'conflict' || mode === 'deletion') {
    return (
      <select
        class="sync-select"
        tabIndex={-1}
        aria-label={`Choice for ${item.name}`}
        value={item.choice}
        disabled={disabled}
        onChange={(event) => onChoose(event.currentTarget.value as SyncChoice)}
      >
        {threeChoices(item, true).map((option) => (
          <option key={option.choice} value={option.choice}>
            {option.label}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      type="checkbox"
      class="sync-check"
      tabIndex={-1}
      aria-label={deletesFrom(item) === null ? `${mode === 'push' ? 'Push' : 'Take'} ${item.name}` : `Delete ${item.name} from ${deletesFrom(item)}`}
      checked={!mixed && item.choice !== 'skip'}
      indeterminate={mixed}
      disabled={disabled}
      onChange={(event) => onChoose(event.currentTarget.checked ? mode : 'skip')}
    />
  );
}

export function DetailChoice({ item, disabled, onChoose, label, mixed = false }: ChoiceProps) {
  const mode = choiceMode(item.kind);
  if (mode === 'none') return null;
  if (mode === 'conflict' || mode === 'deletion') {
    return (
      <fieldset class="sync-choice" disabled={disabled}>
        <legend>{mode === 'conflict' ? 'What to do with this conflict' : 'What to do with this deletion'}</legend>
        {threeChoices(item).map((option) => (
          <label key={option.choice} class="sync-choice-option">
            <input type="radio" name="sync-conflict-choice" value={option.choice} checked={item.choice === option.choice} onChange={() => onChoose(option.choice)} />
            {option.label}
          </label>
        ))}
      </fieldset>
    );
  }
  return (
    <label class="sync-choice-option">
      <input type="checkbox" checked={!mixed && item.choice !== 'skip'} indeterminate={mixed} disabled={disabled} onChange={(event) => onChoose(event.currentTarget.checked ? mode : 'skip')} />
      {label ??
        (deletesFrom(item) !== null
          ? `Delete it from ${deletesFrom(item)} with the next sync`
          : mode === 'push'
            ? 'Push this change with the next sync'
            : 'Take this change into the file with the next sync')}
    </label>
  );
}
