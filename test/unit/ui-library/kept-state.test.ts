// @vitest-environment happy-dom
// useKeptState drawn by Preact in a DOM without a browser: what a section shows when it comes
// back, and when an answer from its earlier drawing lands after it came back.
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { beforeEach, expect, it } from 'vitest';
import { useDomRoot } from '../../support/dom-root';
import { keepState, useKeptState } from '../../../ui/library/kept-state';

type Setter = (next: string | ((current: string) => string)) => void;

/** Every value the section drew, and its setter, newest last. */
function Section({ stateKey, drawn, setters }: { stateKey: string; drawn: string[]; setters: Setter[] }) {
  const [value, setValue] = useKeptState(stateKey, 'empty');
  drawn.push(value);
  setters.push(setValue);
  return null;
}

const rootOf = useDomRoot();
let keyCount = 0;
let key: string;
beforeEach(() => {
  // Kept state lives for the plugin's session: each test its own key.
  key = `kept-state test ${(keyCount += 1)}`;
});

async function drawAsync(stateKey: string, drawn: string[], setters: Setter[]): Promise<void> {
  await act(async () => {
    render(h(Section, { stateKey, drawn, setters }), rootOf());
  });
}

async function leaveAsync(): Promise<void> {
  await act(async () => {
    render(null, rootOf());
  });
}

it('comes back with what was set before it was left', async () => {
  const first: string[] = [];
  const setters: Setter[] = [];
  await drawAsync(key, first, setters);
  await act(async () => setters.at(-1)!('typed'));
  expect(first.at(-1)).toBe('typed');
  await leaveAsync();

  const back: string[] = [];
  await drawAsync(key, back, []);
  expect(back.at(-1)).toBe('typed');
});

it('shows an update from its earlier drawing that lands after it came back (an answer on its way when it was left)', async () => {
  const first: string[] = [];
  const firstSetters: Setter[] = [];
  await drawAsync(key, first, firstSetters);
  const earlier = firstSetters.at(-1)!;
  await leaveAsync();

  const back: string[] = [];
  await drawAsync(key, back, []);
  expect(back.at(-1)).toBe('empty');
  await act(async () => earlier((current) => `${current}, answered`));
  expect(back.at(-1)).toBe('empty, answered');
});

it('shows what is kept from outside the section while it shows', async () => {
  const drawn: string[] = [];
  await drawAsync(key, drawn, []);
  await act(async () => keepState<string>(key, (current) => `${current ?? 'nothing'} from Brands`));
  expect(drawn.at(-1)).toBe('nothing from Brands');
});

it('reads the new key’s value when its key changes while drawn', async () => {
  const other = `${key} other`;
  const drawn: string[] = [];
  const setters: Setter[] = [];
  await drawAsync(other, drawn, setters);
  await act(async () => setters.at(-1)!('said to the old key'));
  await drawAsync(key, drawn, setters);
  expect(drawn.at(-1)).toBe('empty');
});

it('gives one setter per key: effects that use it do not run again at each drawing', async () => {
  const setters: Setter[] = [];
  await drawAsync(key, [], setters);
  await act(async () => setters.at(-1)!('once'));
  expect(new Set(setters).size).toBe(1);
});
