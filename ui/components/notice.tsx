// Messages in words. Errors use role="alert" (read out at once); results and progress go in a
// polite live region that is always in the page, so changes to it are announced.
import type { Ref } from 'preact';

/**
 * Never given the keyboard: an alert is read out as it comes, and read again on taking the focus.
 * A screen whose focus falls as it shows puts it on the notice's action (sync-detail.tsx: Try again).
 */
export function ErrorNotice({ message, testId }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <p role="alert" class="notice notice-error" data-testid={testId}>
      {message}
    </p>
  );
}

export interface LiveMessage {
  tone: 'success' | 'error' | 'info';
  text: string;
}

/** `noticeRef`: the screen may put the keyboard on the words (never in the Tab order). */
export function LiveNotice({ message, testId, noticeRef }: { message: LiveMessage | null; testId?: string; noticeRef?: Ref<HTMLParagraphElement> }) {
  return (
    <p aria-live="polite" role="status" class={`notice notice-${message?.tone ?? 'info'}`} data-testid={testId} data-tone={message?.tone} ref={noticeRef} tabIndex={noticeRef ? -1 : undefined}>
      {message?.text ?? ''}
    </p>
  );
}
