// The builder design system this file syncs to. Stored in the file, so everyone who opens
// it syncs to the same design system.
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { SettingsView } from '../../src/shared/bridge/messages';
import { readDesignSystemId } from '../../src/shared/settings/design-system-id';
import { Button } from '../components/button';
import type { LiveMessage } from '../components/notice';
import { TextField } from '../components/text-field';
import { useRequest } from '../hooks/use-request';
import { fieldErrorFrom } from '../messages/error-text';
import { answerWithWaitText, designSystemChangedText, designSystemSavedText } from './api-form';
import { takeSettingsFocus } from './settings-focus';
import type { SettingsRequester } from './settings-requester';
import { SettingsSection } from './settings-section';

/** The sandbox's check waits at most 12 s a try, twice, and a short 429 wait between. */
const CHECK_TIMEOUT_MS = 30_000;

export interface DesignSystemSectionProps {
  view: SettingsView;
  onView: (view: SettingsView) => void;
  requester: SettingsRequester;
}

export function DesignSystemSection({ view, onView, requester }: DesignSystemSectionProps) {
  const [value, setValue] = useState(view.designSystemId ?? '');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<LiveMessage | null>(null);
  const request = useRequest<SettingsView, 'save'>({ whilePending: 'ignore' });
  const inputRef = useRef<HTMLInputElement>(null);
  /** Counts saves and outside changes: a check's answer is shown only while its save's message is. */
  const checkRun = useRef(0);
  // The id the file holds as this section last knew it. When the view brings another one that is
  // not this section's own save (⌘Z, a collaborator), the field follows it unless it holds an id
  // typed and not saved, which stays, with the change said.
  // A layout effect, so the field and the words change before the screen is painted.
  const fileId = useRef(view.designSystemId);
  useLayoutEffect(() => {
    const before = fileId.current;
    if (view.designSystemId === before) return;
    fileId.current = view.designSystemId;
    checkRun.current++;
    const typedKept = value !== (before ?? '');
    if (!typedKept) {
      setValue(view.designSystemId ?? '');
      setError(null);
    }
    setResult({ tone: 'info', text: designSystemChangedText(view.designSystemId, typedKept) });
  }, [view.designSystemId, value]);
  // Opened from a step about the design system (Sync unlinked, the welcome screen): its field.
  useLayoutEffect(() => {
    if (takeSettingsFocus('design-system', inputRef.current)) inputRef.current?.focus();
  });

  /**
   * Asks the builder whether it knows the id just saved, without holding the form: the saved
   * message says what it answered (an id it does not know stays saved: the key may come later,
   * or be of another workspace).
   */
  function checkWithBuilder(id: string, saved: string) {
    const run = ++checkRun.current;
    setResult({ tone: 'success', text: `${saved} Checking it with the builder…` });
    const show = (next: LiveMessage) => {
      if (run === checkRun.current) setResult(next);
    };
    requester.checkDesignSystemAsync(id, CHECK_TIMEOUT_MS).then(
      (check) => show({ tone: check.known === false ? 'error' : check.known ? 'success' : 'info', text: `${saved} ${answerWithWaitText(check)}` }),
      // The plugin did not answer (busy, closed): saved all the same, said as the offline case says it.
      () => show({ tone: 'info', text: `${saved} Envelope could not check the id with the builder just now: the check did not finish. Sync checks it when it compares.` }),
    );
  }

  function save() {
    checkRun.current++;
    setFailure(null);
    setResult(null);
    const reading = readDesignSystemId(value);
    if (!reading.ok) {
      setError(reading.problem);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    const wasLinked = fileId.current !== null;
    void request.run(
      'save',
      async () => {
        const next = await requester.setDesignSystemAsync(reading.id);
        fileId.current = next.designSystemId; // before the view arrives: known as this save's
        onView(next); // the app learns of the change even if this screen is gone by then
        return next;
      },
      {
        onResult: (next) => {
          setValue(next.designSystemId ?? '');
          const saved = designSystemSavedText(next.designSystemId, reading.fromAddress, wasLinked);
          // Without a builder key there is nothing to ask with: Sync asks once one is saved.
          if (next.designSystemId !== null && next.builder.keyHint !== null) checkWithBuilder(next.designSystemId, saved);
          // A file that was linked to none and still is: nothing done, something still to do.
          else setResult({ tone: next.designSystemId === null && !wasLinked ? 'info' : 'success', text: saved });
        },
        onError: (caught, message) => {
          const fieldError = fieldErrorFrom(caught, ['designSystemId'] as const);
          if (fieldError) {
            setError(fieldError.message);
            inputRef.current?.focus();
          } else {
            setFailure(message);
          }
        },
      },
    );
  }

  return (
    <SettingsSection
      idPrefix="settings-design-system"
      title="Design system for this file"
      about="Saved in this Figma file and shared with everyone who opens it, unlike the keys."
      onSubmit={save}
      failure={failure}
      result={result}
    >
      <TextField
        id="settings-design-system-id"
        testId="settings-design-system-id"
        label="Design system id"
        value={value}
        onValue={(next) => {
          setValue(next);
          if (error) setError(null);
        }}
        error={error}
        // Where the builder shows the id is not documented; that its key's workspace must hold it is.
        // (An address whose path is the id alone is read too; others are refused with words saying so.)
        hint="The id your email builder gives the design system, which must be in your builder API key’s workspace. Ask whoever set it up if you cannot find it. Leave empty and save to unlink this file. Escape restores the saved id."
        inputRef={inputRef}
        onKeyDown={(event) => {
          const saved = view.designSystemId ?? '';
          if (event.key === 'Escape' && value !== saved) {
            event.preventDefault();
            setValue(saved);
            setError(null);
          }
        }}
      />
      <div class="button-row">
        <Button variant="primary" type="submit" busy={request.pending === 'save'} testId="settings-design-system-save">
          Save for this file
        </Button>
      </div>
    </SettingsSection>
  );
}
