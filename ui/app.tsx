// The UI's root: asks the sandbox what to open (app/init), then shows the shell with the
// screen for the menu command.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Screen, SettingsView } from '../src/shared/bridge/messages';
import type { ApiName } from '../src/shared/settings/validate-settings';
import { onSandboxEvent, sandbox, type UiEndpoint } from './bridge/ui-endpoint';
import { Button } from './components/button';
import { ErrorNotice } from './components/notice';
import { Spinner } from './components/spinner';
import { noteSandboxRefusal } from './library/library-connection';
import { LibraryScreen } from './library/library-screen';
import type { RefusedKey } from './library/refused-key';
import { errorText } from './messages/error-text';
import { requestSettingsFocus } from './settings/settings-focus';
import { createSettingsRequester } from './settings/settings-requester';
import { changesOfRead } from './settings/settings-reread';
import { SettingsScreen } from './settings/settings-screen';
import { AppShell } from './shell/app-shell';
import { initialScreen, screenOfCommand, type ScreenId } from './shell/screens';
import { StartScreen } from './start/start-screen';
import { createSyncRequester } from './sync/sync-requester';
import { SyncScreen } from './sync/sync-screen';
import { TemplatesScreen } from './templates/templates-screen';
import { isStandInAddress } from '../src/shared/config/stand-in-address';

type AppState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | {
      status: 'ready';
      fileName: string;
      userName: string | null;
      view: SettingsView;
      screen: ScreenId;
      /** Set by the "Check email references" command: Browse opens on its References view. */
      checkReferences: boolean;
      /** Set by the "Update template" relaunch button: Templates updates the selected frame on opening. */
      updateTemplate: boolean;
      /** Set by a reference's "Open email" relaunch button: Browse opens on that library email. */
      openEmailId: number | null;
    };

export interface AppProps {
  endpoint?: Pick<UiEndpoint, 'request' | 'emit'>;
  /** Where the sandbox's events come from (the plugin's endpoint unless a test gives its own). */
  subscribe?: typeof onSandboxEvent;
}

/** Kept for the next launch without a menu command; a lost write only costs that convenience. */
function rememberScreen(endpoint: Pick<UiEndpoint, 'request'>, screen: Screen): void {
  void endpoint.request('app/remember-screen', { screen }).catch(() => undefined);
}

export function App({ endpoint = sandbox, subscribe = onSandboxEvent }: AppProps) {
  const [state, setState] = useState<AppState>({ status: 'loading' });
  // Null until the sandbox first says it.
  const [syncBadge, setSyncBadge] = useState<number | null>(null);
  const [syncOpened, setSyncOpened] = useState(false);
  const [browseOpened, setBrowseOpened] = useState(false);
  const [settingsOpened, setSettingsOpened] = useState(false);
  const [templatesOpened, setTemplatesOpened] = useState(false);
  // Counts saves of the library's address or key: each reconnects Browse (what it showed came
  // from the old one), even a new key whose masked hint reads like the old one's.
  const [libraryEpoch, setLibraryEpoch] = useState(0);
  // The library key Browse heard refused (Browse holds it, with its connection): Settings says so by the key field.
  const [refusedLibraryKey, setRefusedLibraryKey] = useState<RefusedKey | null>(null);
  // The same for the builder's address or key: Templates reads its list again with the new one.
  const [builderEpoch, setBuilderEpoch] = useState(0);
  // Set by the boot error's Try again: the window that replaces that button takes the focus.
  const retried = useRef(false);
  // Or, failed again, the new Try again does: its button went with the loading view, and the keyboard with it (to the page).
  const retryButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (state.status === 'failed' && retried.current) retryButton.current?.focus();
  }, [state]);
  // Counts the views applied: a read of the settings started before another landed is stale.
  const viewVersion = useRef(0);
  const shownView = useRef<SettingsView | null>(null);
  shownView.current = state.status === 'ready' ? state.view : null;
  // Saves on their way: a re-read answered meanwhile may carry what a save wrote, and would read as
  // a change made elsewhere ("not saved" beside what was just saved); one answered after is stale (viewVersion).
  const savesPending = useRef(0);
  const requester = useMemo(() => {
    const requests = createSettingsRequester(endpoint);
    const saving = <T,>(save: Promise<T>): Promise<T> => {
      savesPending.current += 1;
      return save.finally(() => (savesPending.current -= 1));
    };
    return {
      ...requests,
      saveApiAsync: (request: Parameters<typeof requests.saveApiAsync>[0]) => saving(requests.saveApiAsync(request)),
      forgetKeyAsync: (api: ApiName) => saving(requests.forgetKeyAsync(api)),
      setDesignSystemAsync: (id: string | null) => saving(requests.setDesignSystemAsync(id)),
    };
  }, [endpoint]);
  const syncRequester = useMemo(() => createSyncRequester(endpoint), [endpoint]);

  useEffect(
    () =>
      subscribe((type, payload) => {
        if (type === 'sync/badge') setSyncBadge(payload.rows);
        // Settings' Test connection met the library's long wait: Browse, open or not yet, keeps it too.
        if (type === 'library/refused') noteSandboxRefusal(payload);
        // ⌘Z of a save, or a collaborator: what Settings (and its Save) start from is what the file holds now.
        if (type === 'settings/design-system') {
          setState((current) => (current.status === 'ready' ? { ...current, view: { ...current.view, designSystemId: payload.designSystemId } } : current));
        }
      }),
    [subscribe],
  );

  const load = useCallback(() => {
    setState({ status: 'loading' });
    endpoint.request('app/init', {}).then(
      (init) => {
        // A menu command's screen counts as used, as a tab clicked does.
        const commanded = init.command === null ? null : screenOfCommand(init.command);
        if (commanded !== null && commanded !== init.lastScreen) rememberScreen(endpoint, commanded);
        setState({
          status: 'ready',
          fileName: init.fileName,
          userName: init.userName,
          view: init.settings,
          checkReferences: init.command === 'references',
          updateTemplate: init.action === 'update-template',
          openEmailId: init.action === 'open-email' ? init.emailId : null,
          screen: initialScreen({
            command: init.command,
            lastScreen: init.lastScreen,
            hasAnyKey: init.settings.builder.keyHint !== null || init.settings.library.keyHint !== null,
          }),
        });
      },
      (error: unknown) => setState({ status: 'failed', message: `Envelope could not start: ${errorText(error)}` }),
    );
  }, [endpoint]);

  useEffect(load, [load]);

  /** `apis`: those whose address or key changed. */
  const setView = useCallback((view: SettingsView, ...apis: Array<ApiName | undefined>) => {
    viewVersion.current += 1;
    if (apis.includes('library')) setLibraryEpoch((epoch) => epoch + 1);
    if (apis.includes('builder')) setBuilderEpoch((epoch) => epoch + 1);
    // Without a builder key nothing can be reviewed; forgetting one is no document change, so the sandbox would only say so at its next check.
    if (view.builder.keyHint === null) setSyncBadge(0);
    setState((current) => (current.status === 'ready' ? { ...current, view } : current));
  }, []);

  // Keys and addresses are the person's, shared by their Envelope windows in other files: coming
  // back to this window reads them again (a read overtaken by a save here is not applied). The
  // file's name too (renamed in Figma's toolbar meanwhile): app/init, read-only, answers both.
  const ready = state.status === 'ready';
  useEffect(() => {
    if (!ready) return;
    const refresh = () => {
      const version = viewVersion.current;
      endpoint.request('app/init', {}).then(({ settings: view, fileName }) => {
        setState((current) => (current.status === 'ready' && current.fileName !== fileName ? { ...current, fileName } : current));
        const before = shownView.current;
        const changes = viewVersion.current !== version || savesPending.current > 0 || before === null ? null : changesOfRead(before, view);
        if (changes !== null) setView(view, ...changes);
      }, () => undefined);
    };
    addEventListener('focus', refresh);
    return () => removeEventListener('focus', refresh);
  }, [ready, endpoint, setView]);

  if (state.status === 'loading') {
    return (
      <div class="boot" role="status" aria-live="polite" data-testid="app-loading">
        <span class="boot-loading">
          <Spinner />
          Opening Envelope…
        </span>
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div class="boot">
        <ErrorNotice message={state.message} testId="app-error" />
        <Button
          variant="primary"
          onClick={() => {
            retried.current = true;
            load();
          }}
          testId="app-retry"
          buttonRef={retryButton}
        >
          Try again
        </Button>
      </div>
    );
  }

  const setScreen = (screen: ScreenId) => {
    if (state.screen === 'sync') setSyncOpened(true);
    if (state.screen === 'browse') setBrowseOpened(true);
    if (state.screen === 'settings') setSettingsOpened(true);
    if (state.screen === 'templates') setTemplatesOpened(true);
    // The reference check and the relaunch button's update run once, on opening.
    setState({ ...state, screen, checkReferences: false, updateTemplate: false, openEmailId: null });
    if (screen !== 'start') rememberScreen(endpoint, screen);
  };
  // Sync sends to Settings for what it lacks: the builder's address (the stand-in), then the key,
  // then the file's design system. The address first, as its notice says ("enter it there first"),
  // with a key saved or not.
  const builderAddressMissing = isStandInAddress('builder', state.view.builder.baseUrl);
  const openSettingsForSync = () => {
    if (builderAddressMissing) requestSettingsFocus('builder-address');
    else if (state.view.builder.keyHint === null) requestSettingsFocus('builder');
    else if (state.view.designSystemId === null) requestSettingsFocus('design-system');
    setScreen('settings');
  };
  // Templates sends to Settings for a builder key that is missing, refused or of another workspace;
  // at the stand-in address, to the address first (nothing is sent there, whatever the key).
  const openSettingsForTemplates = () => {
    requestSettingsFocus(builderAddressMissing ? 'builder-address' : 'builder');
    setScreen('settings');
  };
  // The sandbox only refuses sizes that are not numbers, which the handle never sends.
  const resize = (width: number, height: number, save: boolean) => void endpoint.request('ui/resize', { width, height, save }).catch(() => undefined);
  return (
    <AppShell fileName={state.fileName} userName={state.userName} screen={state.screen} onScreen={setScreen} onResize={resize} badges={{ sync: syncBadge ?? 0 }} replacesFocus={retried.current}>
      {state.screen === 'sync' || syncOpened ? (
        // Kept while another screen shows, so a running sync, the list and its scroll survive a look at Settings.
        <SyncScreen requester={syncRequester} fileName={state.fileName} designSystemId={state.view.designSystemId} badgeRows={syncBadge} addressMissing={builderAddressMissing} onOpenSettings={openSettingsForSync} hidden={state.screen !== 'sync'} />
      ) : null}
      {state.screen === 'browse' || browseOpened ? (
        // Kept too, so the search, its filters, the scroll place and an open email survive a look elsewhere;
        // a changed library address or key reads them again with the new one (what it showed came from the old one).
        <LibraryScreen
          epoch={libraryEpoch}
          endpoint={endpoint}
          onOpenSettings={() => setScreen('settings')}
          initialSection={state.checkReferences ? 'references' : undefined}
          initialEmailId={state.openEmailId}
          hidden={state.screen !== 'browse'}
          onKeyRefused={setRefusedLibraryKey}
        />
      ) : null}
      {state.screen === 'settings' || settingsOpened ? (
        // Kept too, so a key or an address typed and not saved yet survives a look elsewhere.
        <SettingsScreen view={state.view} onView={setView} requester={requester} onShowStart={() => setScreen('start')} hidden={state.screen !== 'settings'} refusedLibraryKey={refusedLibraryKey} />
      ) : null}
      {state.screen === 'templates' || templatesOpened ? (
        // Kept too, so a name, a filter or a rename being typed, and the answer to a save on its way, survive a look elsewhere.
        <TemplatesScreen
          endpoint={endpoint}
          subscribe={subscribe}
          onOpenSettings={openSettingsForTemplates}
          addressMissing={builderAddressMissing}
          updateNow={state.updateTemplate}
          epoch={builderEpoch}
          hidden={state.screen !== 'templates'}
        />
      ) : null}
      {state.screen === 'start' ? <StartScreen onScreen={setScreen} view={state.view} /> : null}
    </AppShell>
  );
}
