import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BridgeError } from '../../../src/shared/bridge/bridge-error';
import { commandSchema, type Command, type SettingsView } from '../../../src/shared/bridge/messages';
import { API_TEXT, checkApiForm, designSystemSavedText, savedText, testAnswerText, testCountdownText, testWaitOverText } from '../../../ui/settings/api-form';
import { UNEXPECTED_FAILURE, errorText, fieldErrorFrom } from '../../../ui/messages/error-text';
import { initialScreen, SCREENS, screenOfCommand } from '../../../ui/shell/screens';
import { messageProblems } from '../../support/message-rules';

const builderKey = 'ef_0123456789abcdef0123';

describe('Settings form checks (UI, before sending)', () => {
  it('sends the trimmed address and key when both are right', () => {
    expect(checkApiForm('builder', { baseUrl: ' https://b.example ', key: ` ${builderKey} `, keyFieldShown: true, hasSavedKey: false })).toEqual({
      ok: true,
      request: { api: 'builder', baseUrl: 'https://b.example', key: builderKey },
    });
  });

  it('reports both fields at once, in words', () => {
    const check = checkApiForm('builder', { baseUrl: 'http://b.example', key: 'sk_123', keyFieldShown: true, hasSavedKey: false });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors.baseUrl).toMatch(/HTTPS/);
    expect(check.errors.key).toMatch(/start with "ef_"/);
  });

  it('says next to the address that the builder’s /api is added by Envelope', () => {
    const check = checkApiForm('builder', { baseUrl: 'https://b.example/api/', key: '', keyFieldShown: true, hasSavedKey: false });
    expect(check.ok ? null : check.errors.baseUrl).toBe('Leave out “/api” and what follows it: Envelope adds it to each request. Enter https://b.example');
  });

  it('says where a builder key is made: in the email builder’s own Settings, not in Envelope’s Settings where it is read', () => {
    expect(API_TEXT.builder.keyHelp).toBe('Create one in your email builder, under its Settings → API Keys.');
  });

  it('checks library keys against the library pattern', () => {
    const check = checkApiForm('library', { baseUrl: 'https://l.example', key: 'lib_live_short', keyFieldShown: true, hasSavedKey: false });
    expect(check.ok ? null : check.errors.key).toMatch(/_live_/);
  });

  it('saves only the address when no key is typed and none is saved yet', () => {
    expect(checkApiForm('library', { baseUrl: 'http://localhost:4010', key: '', keyFieldShown: true, hasSavedKey: false })).toEqual({
      ok: true,
      request: { api: 'library', baseUrl: 'http://localhost:4010' },
    });
  });

  it('asks for the new key when replacing with an empty field', () => {
    const check = checkApiForm('builder', { baseUrl: 'https://b.example', key: ' ', keyFieldShown: true, hasSavedKey: true });
    expect(check.ok ? null : check.errors.key).toMatch(/Paste the new key, or press Escape/);
  });

  it('does not send the hidden key field while a saved key is shown masked', () => {
    expect(checkApiForm('builder', { baseUrl: 'https://b.example', key: 'left over', keyFieldShown: false, hasSavedKey: true })).toEqual({
      ok: true,
      request: { api: 'builder', baseUrl: 'https://b.example' },
    });
  });
});

describe('answers from the sandbox', () => {
  it('finds the field a refusal names, only among the form’s fields', () => {
    const refusal = new BridgeError('invalid_input', 'Envelope connects over HTTPS only, except to this computer (http://localhost or http://127.0.0.1): use an https:// address.', { field: 'baseUrl' });
    expect(fieldErrorFrom(refusal, ['baseUrl', 'key'] as const)).toEqual({ field: 'baseUrl', message: 'Envelope connects over HTTPS only, except to this computer (http://localhost or http://127.0.0.1): use an https:// address.' });
    expect(fieldErrorFrom(refusal, ['designSystemId'] as const)).toBeNull();
    expect(fieldErrorFrom(new BridgeError('timeout', 'No answer'), ['baseUrl'] as const)).toBeNull();
    expect(fieldErrorFrom('nope', ['baseUrl'] as const)).toBeNull();
  });

  it('turns any failure into words', () => {
    expect(errorText(new BridgeError('timeout', 'Figma did not answer Envelope within 15 seconds.'))).toBe('Figma did not answer Envelope within 15 seconds.');
    expect(errorText({ message: 'plain object' })).toBe('plain object');
    // A raw value is not shown (it would read "[object Object]" or a bare number).
    expect(errorText(42)).toBe(UNEXPECTED_FAILURE);
    expect(errorText({ code: 7 })).toBe(UNEXPECTED_FAILURE);
  });

  it('announces what was saved', () => {
    const view: SettingsView = {
      library: { baseUrl: 'https://l.example', defaultBaseUrl: 'https://l.example', keyHint: null },
      builder: { baseUrl: 'https://b.example', defaultBaseUrl: 'https://b.example', keyHint: 'ef_••••0123' },
      designSystemId: null,
    };
    expect(savedText('builder', view, true)).toMatch(/Email builder settings saved\. .*ef_••••0123\. Test connection checks it with the service\.$/);
    expect(savedText('builder', view, false)).toMatch(/saved key is unchanged/);
    expect(savedText('library', view, false)).toMatch(/No key is saved yet/);
    // The library browses without a key: it said "paste one to connect", as if nothing worked until then.
    expect(savedText('library', view, false)).toBe('Email library address saved. No key is saved yet: browsing works without one, and a key adds HTML previews and your follows, likes and collections.');
    expect(savedText('builder', { ...view, builder: { ...view.builder, keyHint: null } }, false)).toBe('Email builder address saved. No key is saved yet: paste one to connect.');
    // A key saved earlier for another host, removed by this save: said instead of "No key is saved yet", as if there never was one.
    const removed = 'The builder API key saved earlier was removed, as it was saved for http://b.internal.example and a key is only sent to the host it was saved for: paste it again to use it with this address.';
    const said = savedText('builder', { ...view, builder: { ...view.builder, keyHint: null, keyRemoved: removed } }, false);
    expect(said).toBe(`Email builder address saved. ${removed}`);
    expect(messageProblems(said)).toEqual([]);
    expect(designSystemSavedText('ds_demo')).toMatch(/syncs to design system “ds_demo”/);
    expect(designSystemSavedText(null)).toMatch(/no longer linked/);
  });
});

describe('screens', () => {
  it('has one screen per menu command; the reference check’s command opens Browse', () => {
    expect(SCREENS.map((screen) => screen.id)).toEqual(['sync', 'browse', 'templates', 'settings']);
    const manifest = JSON.parse(readFileSync('manifest.json', 'utf8')) as { menu: Array<{ command?: string }> };
    const commands = manifest.menu.flatMap((entry) => (entry.command ? [entry.command] : []));
    expect([...commands].sort()).toEqual([...commandSchema.options].sort());
    expect(commands.map((command) => screenOfCommand(command as Command))).toEqual(['sync', 'browse', 'browse', 'templates', 'settings']);
    expect(initialScreen({ command: 'references', lastScreen: 'settings', hasAnyKey: true })).toBe('browse');
  });

  it('opens the command’s screen, else the last screen used, else Sync once a key is saved, else the getting-started screen', () => {
    expect(initialScreen({ command: 'browse', lastScreen: 'settings', hasAnyKey: false })).toBe('browse');
    expect(initialScreen({ command: 'settings', lastScreen: 'browse', hasAnyKey: true })).toBe('settings');
    expect(initialScreen({ command: null, lastScreen: 'browse', hasAnyKey: true })).toBe('browse');
    expect(initialScreen({ command: null, lastScreen: 'settings', hasAnyKey: false })).toBe('settings');
    expect(initialScreen({ command: null, lastScreen: null, hasAnyKey: true })).toBe('sync');
    expect(initialScreen({ command: null, lastScreen: null, hasAnyKey: false })).toBe('start');
  });
});

describe('testAnswerText', () => {
  it('says a first key typed and not saved was not tried, without asking to paste it again', () => {
    const first = { keyTyped: true, edited: true, hasSavedKey: false };
    expect(testAnswerText('builder', 'No builder API key is saved yet. Paste the key, choose Save, then test again.', first)).toBe(
      'The builder API key typed above is not saved yet, and the test needs a saved key: choose Save, then test again.',
    );
    expect(testAnswerText('library', 'Reached the library: browsing works without a key.', first)).toBe(
      'Reached the library: browsing works without a key. The library API key typed above is not saved yet, so this tested browsing without it: choose Save, then test again.',
    );
  });

  it('beside a replacement key or an address typed, adds that the saved ones were tested; with nothing typed, the answer alone', () => {
    expect(testAnswerText('builder', 'Connected.', { keyTyped: true, edited: true, hasSavedKey: true })).toBe('Connected. This tested the saved address and key; what is typed above is not saved yet.');
    expect(testAnswerText('library', 'Connected.', { keyTyped: false, edited: true, hasSavedKey: true })).toBe('Connected. This tested the saved address and key; what is typed above is not saved yet.');
    expect(testAnswerText('builder', 'Connected.', { keyTyped: false, edited: false, hasSavedKey: true })).toBe('Connected.');
  });
});

describe('testAnswerText with no key saved and only an address typed', () => {
  const addressOnly = { keyTyped: false, edited: true, hasSavedKey: false };

  it('says the library was tested at the saved address without a key, never that a saved key was tested', () => {
    const text = testAnswerText('library', 'Reached the library: browsing works without a key.', addressOnly);
    expect(text).toBe('Reached the library: browsing works without a key. This tested the saved address without a key; the address typed above is not saved yet.');
    expect(text).not.toMatch(/saved address and key/);
  });

  it('says for the builder, which is not tried without a key, only that the address typed is not saved', () => {
    const text = testAnswerText('builder', 'No builder API key is saved yet. Paste the key, choose Save, then test again.', addressOnly);
    expect(text).toBe('No builder API key is saved yet. Paste the key, choose Save, then test again. The address typed above is not saved yet either.');
  });
});

describe('testCountdownText and testWaitOverText', () => {
  it('counts a 429 down on a line of its own, then says with the message that the test can run again', () => {
    expect(testCountdownText(2)).toBe('Test again in 2 seconds.');
    expect(testCountdownText(1)).toBe('Test again in 1 second.');
    expect(testWaitOverText('Limited.')).toBe('Limited. You can test again now.');
  });
});
