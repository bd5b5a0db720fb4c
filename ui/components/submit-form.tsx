// A form Enter submits without the browser's own checks or a page load: the screen checks what
// was typed and says what is wrong in words, beside the field.
import type { ComponentChildren, JSX } from 'preact';

export interface SubmitFormProps {
  onSubmit: () => void;
  class?: string;
  labelledBy?: string;
  /** Names the form where no heading does (several alike on a screen: a rename per row). */
  label?: string;
  onKeyDown?: (event: JSX.TargetedKeyboardEvent<HTMLFormElement>) => void;
  children: ComponentChildren;
}

export function SubmitForm({ onSubmit, class: className = 'settings-form', labelledBy, label, onKeyDown, children }: SubmitFormProps) {
  return (
    <form
      class={className}
      aria-labelledby={labelledBy}
      aria-label={label}
      noValidate
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
