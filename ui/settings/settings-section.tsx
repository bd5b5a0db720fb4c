// One section of the Settings screen: its heading, a form (Enter saves), and the outcome of its
// last action in words — an error, or a message screen readers announce.
import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { ErrorNotice, LiveNotice, type LiveMessage } from '../components/notice';
import { SubmitForm } from '../components/submit-form';

export interface SettingsSectionProps {
  /** Prefix of the section's ids and test ids: `settings-builder` → `settings-builder-title`, … */
  idPrefix: string;
  title: string;
  about: string;
  onSubmit: () => void;
  failure: string | null;
  result: LiveMessage | null;
  children: ComponentChildren;
}

export function SettingsSection({ idPrefix, title, about, onSubmit, failure, result, children }: SettingsSectionProps) {
  const sectionRef = useRef<HTMLElement>(null);
  // The outcome shows below the buttons, out of sight in a short window: a new one scrolls the
  // screen up into sight (not each second of a countdown, whose tone stays). The screen alone
  // scrolls, never what holds the plugin's window.
  useLayoutEffect(() => {
    const shown = [...(sectionRef.current?.querySelectorAll('.notice') ?? [])].filter((element) => element.textContent !== '');
    const notice = shown[shown.length - 1];
    const screen = notice?.closest('main');
    if (!notice || !screen) return;
    const below = notice.getBoundingClientRect().bottom - screen.getBoundingClientRect().bottom;
    if (below > 0) screen.scrollTop += below;
  }, [failure, result?.tone]);
  return (
    <section class="settings-section" aria-labelledby={`${idPrefix}-title`} data-testid={`${idPrefix}-section`} ref={sectionRef}>
      <div>
        <h2 id={`${idPrefix}-title`}>{title}</h2>
        <p class="muted">{about}</p>
      </div>
      <SubmitForm onSubmit={onSubmit}>{children}</SubmitForm>
      <ErrorNotice message={failure} testId={`${idPrefix}-error`} />
      <LiveNotice message={result} testId={`${idPrefix}-result`} />
    </section>
  );
}
