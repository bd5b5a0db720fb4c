import type { ComponentChildren, Ref } from 'preact';
import { Spinner } from './spinner';

export interface ButtonProps {
  children: ComponentChildren;
  /** primary: the screen's main action; secondary: outlined; ghost: a quiet row action; destructive: the confirming step of something that cannot be undone; link. */
  variant?: 'primary' | 'secondary' | 'ghost' | 'destructive' | 'link';
  type?: 'button' | 'submit';
  onClick?: () => void;
  disabled?: boolean;
  /** Shows a spinner and blocks clicks while the action runs. */
  busy?: boolean;
  /** Blocks clicks, focusable, without a spinner: the action cannot work yet (a service's wait), said beside it. */
  held?: boolean;
  testId?: string;
  buttonRef?: Ref<HTMLButtonElement>;
  describedBy?: string;
  ariaLabel?: string;
}

export function Button({ children, variant = 'secondary', type = 'button', onClick, disabled, busy, held, testId, buttonRef, describedBy, ariaLabel }: ButtonProps) {
  return (
    <button
      ref={buttonRef}
      type={type}
      class={`button button-${variant}`}
      // Stays focusable while busy (focus is not lost mid-action); clicks are ignored instead.
      disabled={disabled}
      aria-disabled={busy || held ? true : undefined}
      aria-busy={busy ? true : undefined}
      aria-describedby={describedBy}
      aria-label={ariaLabel}
      data-testid={testId}
      onClick={(event) => {
        if (busy || held) {
          event.preventDefault();
          return;
        }
        onClick?.();
      }}
    >
      {busy ? <Spinner /> : null}
      {children}
    </button>
  );
}
