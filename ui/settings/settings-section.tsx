// One section of the Settings screen: its heading, a form (Enter saves), and the outcome of its
// last action in words — an error, or a message screen readers announce.
import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';
import { useNoticeInSight } from '../hooks/use-notice-in-sight';
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
  /** A wait counted down beside the result ("Test again in 12 seconds."): seen ticking, not announced every second. */
  countdown?: string | null;
  children: ComponentChildren;
}

export function SettingsSection({ idPrefix, title, about, onSubmit, failure, result, countdown = null, children }: SettingsSectionProps) {
  const sectionRef = useRef<HTMLElement>(null);
  // A new outcome comes into sight (not each second of a countdown, whose tone stays).
  useNoticeInSight(sectionRef, failure, result?.tone);
  return (
    <section class="settings-section" aria-labelledby={`${idPrefix}-title`} data-testid={`${idPrefix}-section`} ref={sectionRef}>
      <div>
        <h2 id={`${idPrefix}-title`}>{title}</h2>
        <p class="muted">{about}</p>
      </div>
      <SubmitForm onSubmit={onSubmit}>{children}</SubmitForm>
      <ErrorNotice message={failure} testId={`${idPrefix}-error`} />
      <LiveNotice message={result} testId={`${idPrefix}-result`} />
      {countdown === null ? null : (
        <p class="muted notice-more" data-testid={`${idPrefix}-countdown`}>
          {countdown}
        </p>
      )}
    </section>
  );
}
