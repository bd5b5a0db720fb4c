// Browse: the library's emails. Connects with the key the sandbox hands over, then shows the
// search (kept in the page, with its place, while an email is open) or one email's detail.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { UiEndpoint } from '../bridge/ui-endpoint';
import { Button } from '../components/button';
import { ErrorNotice } from '../components/notice';
import { Spinner } from '../components/spinner';
import { errorText } from '../messages/error-text';
import { EmailDetailView } from './email/email-detail';
import { connectLibraryAsync, type LibraryConnection } from './library-connection';
import type { GridPlace } from './search/email-grid';
import { SearchScreen } from './search/search-screen';
import { useEmailSearch } from './search/use-email-search';

export interface LibraryScreenProps {
  endpoint: Pick<UiEndpoint, 'request'>;
  onOpenSettings: () => void;
}

export function LibraryScreen({ endpoint, onOpenSettings }: LibraryScreenProps) {
  const [connection, setConnection] = useState<LibraryConnection | { failed: string } | null>(null);
  const connect = useCallback(() => {
    setConnection(null);
    connectLibraryAsync(endpoint).then(setConnection, (error: unknown) => setConnection({ failed: `The library settings could not be read: ${errorText(error)}` }));
  }, [endpoint]);
  useEffect(connect, [connect]);

  if (connection === null) {
    return (
      <p class="library-status" role="status">
        <Spinner /> Opening the library…
      </p>
    );
  }
  if ('failed' in connection) {
    return (
      <div class="library-problem">
        <ErrorNotice message={connection.failed} />
        <Button onClick={connect}>Try again</Button>
      </div>
    );
  }
  return <LibraryBrowser connection={connection} onOpenSettings={onOpenSettings} />;
}

function LibraryBrowser({ connection, onOpenSettings }: { connection: LibraryConnection; onOpenSettings: () => void }) {
  const { client, baseUrl } = connection;
  const search = useEmailSearch(client);
  const [savedPlace, setSavedPlace] = useState<GridPlace & { generation: number }>({ generation: 0, scrollTop: 0, focused: 0 });
  const [open, setOpen] = useState<number | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const searchField = useRef<HTMLInputElement>(null);
  const { emails, generation } = search;
  // A new search starts at its top.
  const place = savedPlace.generation === generation ? savedPlace : { generation, scrollTop: 0, focused: 0 };
  const setPlace = (next: GridPlace | ((current: GridPlace) => GridPlace)) =>
    setSavedPlace((current) => ({ ...(typeof next === 'function' ? next(current.generation === generation ? current : { scrollTop: 0, focused: 0 }) : next), generation }));

  const back = () => {
    if (open !== null) setPlace((current) => ({ ...current, focused: open }));
    setOpen(null);
    setFocusRequest((n) => n + 1);
  };
  const previous = open !== null && open > 0 ? () => setOpen(open - 1) : null;
  const next = open !== null && open < emails.length - 1 ? () => setOpen(open + 1) : null;

  // On the document, so the keys work wherever the focus is (even while an email loads): `/`
  // finds, and in an email the arrows go through the results and Escape goes back.
  const keys = useRef<(event: KeyboardEvent) => void>(() => undefined);
  keys.current = (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target instanceof Element && event.target.closest('input, select, textarea')) return;
    const action =
      open === null ? (event.key === '/' ? () => searchField.current?.focus() : null)
      : event.key === 'Escape' ? back
      : event.key === 'ArrowLeft' ? previous
      : event.key === 'ArrowRight' ? next
      : null;
    if (!action) return;
    event.preventDefault();
    action();
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keys.current(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  return (
    <div class="library" data-testid="screen-browse">
      <SearchScreen
        client={client}
        search={search}
        place={place}
        onPlace={setPlace}
        onOpen={setOpen}
        onOpenSettings={onOpenSettings}
        onFocusGrid={() => setFocusRequest((n) => n + 1)}
        hidden={open !== null}
        focusRequest={focusRequest}
        searchRef={searchField}
      />
      {open !== null && emails[open] ? (
        <EmailDetailView
          client={client}
          libraryUrl={baseUrl}
          emailId={emails[open].id}
          position={{ index: open, count: emails.length }}
          onPrevious={previous}
          onNext={next}
          onBack={back}
          onCategory={(category) => {
            search.setForm({ ...search.form, category });
            setOpen(null);
          }}
          onOpenSettings={onOpenSettings}
        />
      ) : null}
    </div>
  );
}
