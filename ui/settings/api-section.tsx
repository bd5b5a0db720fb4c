// One API's settings: base URL, key (masked once saved), Save, Test connection, Forget key.
import { useSecondsLeft } from '../hooks/use-seconds-left';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ConnectionResult, SettingsView } from '../../src/shared/bridge/messages';
import { sameOrigin, type ApiName } from '../../src/shared/settings/validate-settings';
import { Button } from '../components/button';
import type { LiveMessage } from '../components/notice';
import { TextField } from '../components/text-field';
import { useRequest } from '../hooks/use-request';
import { fieldErrorFrom } from '../messages/error-text';
import { takeSettingsFocus } from './settings-focus';
import { isStandInAddress } from '../../src/shared/config/stand-in-address';
import type { SettingsRequester } from './settings-requester';
import { isRefusedKey, type RefusedKey } from '../library/refused-key';
import { SettingsSection } from './settings-section';
import { API_TEXT, checkApiForm, answerWithWaitText, savedText, testAnswerText, testCountdownText, type ApiField, type FieldErrors } from './api-form';

const API_FIELDS: readonly ApiField[] = ['baseUrl', 'key'];
const TEST_TIMEOUT_MS = 30_000;

export interface ApiSectionProps {
  api: ApiName;
  view: SettingsView;
  /** `api`: the API whose address or key this save changed. */
  onView: (view: SettingsView, api?: ApiName) => void;
  requester: SettingsRequester;
  /** The key Browse heard the library refuse (the library's section only): said by the key field while it is the one saved. */
  refusedKey?: RefusedKey | null;
}

export function ApiSection({ api, view, onView, requester, refusedKey = null }: ApiSectionProps) {
  const saved = view[api];
  const text = API_TEXT[api];
  const [baseUrl, setBaseUrl] = useState(saved.baseUrl);
  const [key, setKey] = useState('');
  const [replacing, setReplacing] = useState(false);
  // The saved address and key as this section last knew them. Saved in another window meanwhile:
  // the address field follows unless an address is typed there, and a key being typed stays in sight.
  const [known, setKnown] = useState(saved);
  if (saved.baseUrl !== known.baseUrl || saved.keyHint !== known.keyHint) {
    setKnown(saved);
    if (baseUrl === known.baseUrl) setBaseUrl(saved.baseUrl);
    if (key !== '' && saved.keyHint !== null) setReplacing(true);
  }
  const [confirmingForget, setConfirmingForget] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<LiveMessage | null>(null);
  // A 429 on the test: its wait counted down beside the result, so "Try again in 30 seconds" never
  // stands stale; the result itself changes once, when the wait is over (a live region is announced at each change).
  // `over`: the result once the wait is over ("You can test again now." after the answer, before a key not used).
  const [testWait, setTestWait] = useState<{ over: string; until: number } | null>(null);
  const waitLeft = useSecondsLeft(testWait?.until ?? null);
  const waitOver = testWait !== null && waitLeft === 0;
  useEffect(() => {
    if (testWait !== null && waitOver) setResult({ tone: 'error', text: testWait.over });
  }, [testWait, waitOver]);
  /** Any other result ends a countdown. */
  const showResult = (next: LiveMessage | null) => {
    setTestWait(null);
    setResult(next);
  };
  // One request at a time: a second click while one is pending is not sent (except that a test
  // still waiting gives way to Save and Forget: giveWayToTest).
  const request = useRequest<SettingsView | ConnectionResult, 'save' | 'test' | 'forget'>({ whilePending: 'ignore' });
  const busy = request.pending;
  // "Test connection" pressed while a save or forget is on its way: the test is of what they
  // store, so it runs once they have (and not at all when they failed).
  const testAfterwards = useRef(false);
  // What that save or forget said: the test's "Testing…" replaced it in the same render, before
  // anyone saw or heard it, so the test says it first.
  const justSaid = useRef('');
  // The key field was opened by the sandbox for a new host, not by the person: putting the saved
  // address back (Escape) takes that request back too.
  const keyAskedForAddress = useRef(false);
  // Save pressed while Forget key runs: it saves once the key is gone, with what is typed then.
  // A test asked meanwhile waits for that Save too (it ran between the two, of neither), and
  // otherwise runs once the key is gone.
  const [saveAfterForget, setSaveAfterForget] = useState(false);
  useEffect(() => {
    if (busy) return;
    if (saveAfterForget) {
      setSaveAfterForget(false);
      save(false);
    } else runTestAskedMeanwhile();
    // This render's save: what is typed, and the view, once the key is gone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saveAfterForget, busy]);

  const baseUrlRef = useRef<HTMLInputElement>(null);
  const keyRef = useRef<HTMLInputElement>(null);
  const replaceRef = useRef<HTMLButtonElement>(null);
  const forgetConfirmRef = useRef<HTMLButtonElement>(null);
  const forgetRef = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useRef<'key' | 'replace' | 'forget-confirm' | 'forget' | null>(null);

  const hasSavedKey = saved.keyHint !== null;
  // Browse heard the library refuse the saved key: said by the key field (Browse's Open Settings opens it empty).
  const refusedHere = isRefusedKey(refusedKey, saved);
  const refusedWords = refusedHere ? `The ${text.title.toLowerCase()} did not accept the saved key (${saved.keyHint ?? ''}).` : null;
  const keyFieldShown = !hasSavedKey || replacing;
  const id = (part: string) => `settings-${api}-${part}`;

  // Focus moves only after the elements it targets exist, and in the same commit that adds them:
  // a key pasted straight after "Replace key" must land in the key field, not before it has focus.
  useLayoutEffect(() => {
    const target = focusAfterRender.current;
    if (target === null) return;
    const refs = { key: keyRef, replace: replaceRef, 'forget-confirm': forgetConfirmRef, forget: forgetRef };
    const element: HTMLElement | null = refs[target].current;
    if (element) {
      focusAfterRender.current = null;
      element.focus();
    }
  });

  // Opened from a screen whose key was refused: straight to a new key (the saved one stays until it
  // is saved); from one whose address is missing, to the address, selected: what is pasted replaces the stand-in.
  useLayoutEffect(() => {
    const address = baseUrlRef.current;
    if (takeSettingsFocus(`${api}-address`, address)) {
      address?.focus();
      address?.select();
    }
    else if (takeSettingsFocus(api, address)) {
      if (hasSavedKey) startReplace();
      else keyRef.current?.focus();
    }
  });

  function focusField(field: ApiField) {
    (field === 'baseUrl' ? baseUrlRef : keyRef).current?.focus();
  }

  function showErrors(next: FieldErrors) {
    setErrors(next);
    const first = API_FIELDS.find((field) => next[field]);
    if (first) focusField(first);
  }

  /** On leaving a field: its problem, if it has any text (an empty field is not an error yet). */
  function blurProblem(field: ApiField): string | undefined {
    const value = field === 'baseUrl' ? baseUrl : key;
    if (value.trim() === '') return undefined;
    const check = checkApiForm(api, { baseUrl, key, keyFieldShown, hasSavedKey });
    return check.ok ? undefined : check.errors[field];
  }

  /**
   * Shows the field's problem on leaving it. It only adds: typing clears a message, and the blur
   * may run after a click it waited for (see after-pointer-release), whose outcome (the
   * sandbox's refusal, say) must stay.
   */
  function showBlurProblem(field: ApiField) {
    const problem = blurProblem(field);
    if (problem) setErrors((current) => (current[field] ? current : { ...current, [field]: problem }));
  }

  /** `clearFailure` false: run after Forget key, whose failure stays in sight. */
  function save(clearFailure = true) {
    if (busy === 'forget') {
      setSaveAfterForget(true);
      return;
    }
    if (clearFailure) setFailure(null);
    showResult(null);
    const check = checkApiForm(api, { baseUrl, key, keyFieldShown, hasSavedKey });
    if (!check.ok) {
      showErrors(check.errors);
      return;
    }
    setErrors({});
    giveWayToTest();
    void request.run(
      'save',
      async () => {
        const next = await requester.saveApiAsync(check.request);
        onView(next, api); // the app learns of the save even if this screen is gone by then
        return next;
      },
      {
        onResult: (next) => {
          const sentKey = check.request.key !== undefined;
          setBaseUrl(next[api].baseUrl);
          // Another key typed while this one was on its way stays in its field, to be saved next.
          const typed = keyRef.current?.value.trim();
          if (sentKey && typed && typed !== check.request.key) setReplacing(true);
          else if (sentKey) {
            // The key field gives way to the masked hint; focus goes to what replaced it.
            setKey('');
            setReplacing(false);
            focusAfterRender.current = 'replace';
          } else setKey((now) => (now.trim() ? now : '')); // only spaces: no key, as the message says
          // The address still missing is a thing to do, said as the test says it, not as a success.
          justSaid.current = savedText(api, next, sentKey);
          showResult({ tone: isStandInAddress(api, next[api].baseUrl) ? 'error' : 'success', text: justSaid.current });
          runTestAskedMeanwhile();
        },
        onError: (error, message) => {
          testAfterwards.current = false;
          // The fields keep what was typed; the problem shows next to the field it concerns.
          const fieldError = fieldErrorFrom(error, API_FIELDS);
          if (fieldError?.field === 'key' && !keyFieldShown) {
            // The sandbox wants the key again (say, for a new host): open the field it asks about.
            setReplacing(true);
            keyAskedForAddress.current = true;
            focusAfterRender.current = 'key';
          }
          if (fieldError) showErrors({ [fieldError.field]: fieldError.message });
          else setFailure(message);
        },
      },
    );
  }

  /** `justSaved`: run after a save, whose fields were what it stored. */
  function testConnection(justSaved = false) {
    if (busy === 'save' || busy === 'forget') {
      testAfterwards.current = true;
      return;
    }
    setFailure(null);
    setTestWait(null);
    setResult({ tone: 'info', text: `${justSaved ? `${justSaid.current} ` : ''}Testing the ${text.title.toLowerCase()} connection…` });
    // The test is of what is saved: an answer beside a key just pasted must not read as that key's.
    const keyTyped = !justSaved && key.trim() !== '';
    const form = { keyTyped, edited: keyTyped || (!justSaved && baseUrl.trim() !== saved.baseUrl), hasSavedKey };
    void request.run('test', () => requester.testConnectionAsync(api, TEST_TIMEOUT_MS), {
      onResult: (outcome) => {
        const message = testAnswerText(api, answerWithWaitText(outcome), form);
        setResult({ tone: outcome.ok ? 'success' : 'error', text: message });
        if (outcome.retryAfterSeconds) setTestWait({ over: testAnswerText(api, answerWithWaitText(outcome, true), form), until: Date.now() + outcome.retryAfterSeconds * 1000 });
      },
      onError: (_error, message) => {
        showResult(null);
        setFailure(message);
      },
    });
  }

  function runTestAskedMeanwhile() {
    if (!testAfterwards.current) return;
    testAfterwards.current = false;
    testConnection(true);
  }

  /** A test still waiting would report on what a save or forget replaces: it stops for them (they are not dropped). */
  function giveWayToTest() {
    if (busy === 'test') request.cancel();
  }

  function forgetKey() {
    setFailure(null);
    giveWayToTest();
    void request.run(
      'forget',
      async () => {
        const next = await requester.forgetKeyAsync(api);
        onView(next, api); // the app learns of it even if this screen is gone by then
        return next;
      },
      {
        onResult: () => {
          setConfirmingForget(false);
          setReplacing(false);
          // A key typed meanwhile (after Replace key) is kept.
          focusAfterRender.current = 'key';
          justSaid.current = `The ${text.keyNoun} was removed from this computer.`;
          showResult({ tone: 'success', text: justSaid.current });
        },
        onError: (_error, message) => {
          testAfterwards.current = false;
          setFailure(message);
        },
      },
    );
  }

  function startReplace() {
    keyAskedForAddress.current = false;
    // A new key instead of none: the question about forgetting this one is answered.
    setConfirmingForget(false);
    showResult(null);
    setErrors((current) => ({ ...current, key: undefined }));
    setReplacing(true);
    focusAfterRender.current = 'key';
  }

  function cancelReplace() {
    setReplacing(false);
    setKey('');
    setErrors((current) => ({ ...current, key: undefined }));
    focusAfterRender.current = 'replace';
  }

  // Escape puts the saved key back (as the address and the design system do theirs). With none
  // saved there is nothing to go back to: a pasted key stays (Escape also closes the browser's
  // password suggestions, and it was lost without a word).
  function onKeyFieldKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !(hasSavedKey && replacing)) return;
    event.preventDefault();
    cancelReplace();
  }

  /**
   * The address now typed: back on the saved key's host (Escape, or typed or pasted back), the key
   * asked for the new host is not needed any more.
   */
  function typeBaseUrl(value: string) {
    setBaseUrl(value);
    if (keyAskedForAddress.current && sameOrigin(value, saved.baseUrl)) {
      keyAskedForAddress.current = false;
      // Nothing typed there yet: the field goes, as the saved key does the job again.
      if (key === '') setReplacing(false);
      setErrors({});
    } else if (errors.baseUrl) setErrors((current) => ({ ...current, baseUrl: undefined }));
  }

  function onBaseUrlKeyDown(event: KeyboardEvent) {
    // Escape puts back the saved address.
    if (event.key === 'Escape' && baseUrl !== saved.baseUrl) {
      event.preventDefault();
      typeBaseUrl(saved.baseUrl);
    }
  }

  return (
    <SettingsSection idPrefix={`settings-${api}`} title={text.title} about={text.about} onSubmit={save} failure={failure} result={result} countdown={testWait !== null && !waitOver ? testCountdownText(waitLeft) : null}>
      <TextField
        id={id('base-url')}
        testId={id('base-url')}
        label="API address"
        type="url"
        value={baseUrl}
        onValue={typeBaseUrl}
        error={errors.baseUrl}
        // The built-in stand-in is what the other screens call a missing address: said so here too,
        // and never offered as a default beside a real address.
        hint={isStandInAddress(api, baseUrl.trim()) ? 'A placeholder, not a real address: enter yours.' : baseUrl.trim() === saved.defaultBaseUrl ? 'The default address.' : isStandInAddress(api, saved.defaultBaseUrl) ? undefined : `Default: ${saved.defaultBaseUrl}`}
        inputRef={baseUrlRef}
        onKeyDown={onBaseUrlKeyDown}
        onBlur={() => showBlurProblem('baseUrl')}
      />
      {keyFieldShown ? (
        <TextField
          id={id('key')}
          testId={id('key')}
          label={text.keyLabel}
          type="password"
          value={key}
          onValue={(value) => {
            setKey(value);
            if (errors.key) setErrors((current) => ({ ...current, key: undefined }));
          }}
          error={errors.key}
          hint={`${refusedWords && replacing ? `${refusedWords} Paste a new one. ` : ''}${saved.savedKeyProblem ? `${saved.savedKeyProblem} ` : ''}${text.keyHelp} Stored on this computer only, never in the file.${replacing && hasSavedKey ? ' Escape keeps the saved key.' : ''}`}
          placeholder={text.keyPlaceholder}
          inputRef={keyRef}
          onKeyDown={onKeyFieldKeyDown}
          onBlur={() => showBlurProblem('key')}
        />
      ) : (
        <div class="field">
          <span class="field-label" id={id('key-label')}>
            {text.keyLabel}
          </span>
          <div class="key-saved" role="group" aria-labelledby={id('key-label')}>
            <code class="key-hint" title="The saved key, masked" data-testid={id('key-hint')}>
              {saved.keyHint}
            </code>
            <Button variant="link" onClick={startReplace} buttonRef={replaceRef} testId={id('replace-key')} ariaLabel={`Replace key (${text.keyNoun})`}>
              Replace key
            </Button>
            <Button
              variant="link"
              onClick={() => {
                setConfirmingForget(true);
                focusAfterRender.current = 'forget-confirm';
              }}
              buttonRef={forgetRef}
              testId={id('forget-key')}
              ariaLabel={`Forget key (${text.keyNoun})`}
            >
              Forget key
            </Button>
          </div>
          {refusedWords ? (
            <p class="field-hint" data-testid={id('key-refused')}>
              {refusedWords} Replace it, or forget it to browse without a key.
            </p>
          ) : null}
        </div>
      )}
      {confirmingForget && hasSavedKey ? (
        <div
          class="confirm"
          role="group"
          aria-labelledby={id('forget-question')}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              setConfirmingForget(false);
              focusAfterRender.current = 'forget';
            }
          }}
        >
          <p id={id('forget-question')}>Remove the saved {text.keyNoun} from this computer? {text.withoutKey}</p>
          <div class="button-row">
            <Button variant="destructive" onClick={forgetKey} busy={busy === 'forget'} buttonRef={forgetConfirmRef} testId={id('forget-confirm')}>
              Forget key
            </Button>
            <Button
              onClick={() => {
                setConfirmingForget(false);
                focusAfterRender.current = 'forget';
              }}
              testId={id('forget-cancel')}
            >
              Keep it
            </Button>
          </div>
        </div>
      ) : null}
      <div class="button-row">
        <Button variant="primary" type="submit" busy={busy === 'save' || saveAfterForget} testId={id('save')}>
          Save
        </Button>
        <Button onClick={() => testConnection()} busy={busy === 'test'} testId={id('test')} describedBy={id('test-note')}>
          Test connection
        </Button>
      </div>
      <p id={id('test-note')} class="field-hint">
        The test uses the saved address and key.
      </p>
    </SettingsSection>
  );
}
