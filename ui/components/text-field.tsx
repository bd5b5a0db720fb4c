import type { Ref } from 'preact';
import { afterPointerRelease } from './after-pointer-release';

export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  type?: 'text' | 'password' | 'url';
  /** A problem with the value in words; marks the field invalid and is read with it. */
  error?: string | null;
  hint?: string;
  placeholder?: string;
  testId?: string;
  inputRef?: Ref<HTMLInputElement>;
  onKeyDown?: (event: KeyboardEvent) => void;
  /** Runs on leaving the field; during a press elsewhere, once the press is released (see after-pointer-release). */
  onBlur?: () => void;
  disabled?: boolean;
}

export function TextField({ id, label, value, onValue, type = 'text', error, hint, placeholder, testId, inputRef, onKeyDown, onBlur, disabled }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  const describedBy = [errorId, hintId].filter((part): part is string => part !== null).join(' ');
  return (
    <div class="field">
      <label class="field-label" for={id}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        class="field-input"
        type={type}
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        spellcheck={false}
        autoComplete="off"
        autoCapitalize="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        data-testid={testId}
        onInput={(event) => onValue(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onBlur={onBlur ? () => afterPointerRelease(onBlur) : undefined}
      />
      {error ? (
        <p id={errorId ?? undefined} class="field-error" data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId ?? undefined} class="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
