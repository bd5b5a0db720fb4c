import { describe, expect, it } from 'vitest';
import { asSentence, errorCode, isCancelled } from '../../../ui/sync/sync-failure';
import { answerFinds, taskProgressText, withProgress, type Task } from '../../../ui/sync/sync-task';

const cancel = () => undefined;
const started = (kind: Task['kind']): Task => ({ kind, progress: null, first: null, latest: null, cancel });

describe('a task’s progress', () => {
  it('says what starts before the first report', () => {
    expect(taskProgressText(started('run'))).toBe('Starting the sync…');
    expect(taskProgressText(started('compare'))).toBe('Starting the comparison…');
  });

  it('reckons a sync’s time left from the first report of the phase', () => {
    let task = withProgress(started('run'), { done: 0, total: 500, label: 'Pushing' }, 0);
    expect(taskProgressText(task)).toBe('Pushing 0 of 500');
    task = withProgress(task, { done: 100, total: 500, label: 'Pushing' }, 10_000);
    expect(task.first).toEqual({ done: 0, atMs: 0 });
    expect(taskProgressText(task)).toBe('Pushing 100 of 500 — about 40 s left');
  });

  it('starts the rate again with a new phase', () => {
    let task = withProgress(started('run'), { done: 0, total: 500, label: 'Pushing' }, 0);
    task = withProgress(task, { done: 100, total: 500, label: 'Pushing' }, 10_000);
    task = withProgress(task, { done: 5, total: 50, label: 'Taking' }, 11_000);
    expect(task.first).toEqual({ done: 5, atMs: 11_000 });
    expect(taskProgressText(task)).toBe('Taking 5 of 50');
    task = withProgress(task, { done: 2, total: 50, label: 'Taking' }, 12_000);
    expect(task.first).toEqual({ done: 2, atMs: 12_000 });
  });

  it('keeps the count through a wait, without a time left the wait makes wrong, and brings it back after', () => {
    let task = withProgress(started('run'), { done: 0, total: 500, label: 'Pushing' }, 0);
    task = withProgress(task, { done: 100, total: 500, label: 'Pushing' }, 10_000);
    const waitSaid = 'Pushed 100 of 500. The builder asked Envelope to wait 20 seconds; the sync goes on after that.';
    task = withProgress(task, { done: 100, total: 500, label: waitSaid, waitSeconds: 20 }, 10_500);
    expect(taskProgressText(task)).toBe(waitSaid);
    // The rate goes on from the phase's start, the wait counted in.
    task = withProgress(task, { done: 100, total: 500, label: 'Pushing' }, 30_000);
    expect(task.first).toEqual({ done: 0, atMs: 0 });
    expect(taskProgressText(task)).toBe('Pushing 100 of 500 — about 2 min left');
  });

  it('gives a comparison no time left', () => {
    let task = withProgress(started('compare'), { done: 0, total: 500, label: 'Reading' }, 0);
    task = withProgress(task, { done: 100, total: 500, label: 'Reading' }, 10_000);
    expect(taskProgressText(task)).toBe('Reading 100 of 500');
  });
});

describe('a failure’s words', () => {
  it('end a message as a sentence', () => {
    expect(asSentence('The builder did not answer ')).toBe('The builder did not answer.');
    expect(asSentence('Try again later.')).toBe('Try again later.');
    expect(asSentence('Is it linked?')).toBe('Is it linked?');
  });

  it('read an error’s code, cancelled included', () => {
    expect(errorCode({ code: 'busy' })).toBe('busy');
    expect(errorCode(new Error('x'))).toBeUndefined();
    expect(errorCode(null)).toBeUndefined();
    expect(isCancelled({ code: 'cancelled' })).toBe(true);
    expect(isCancelled({ code: 'busy' })).toBe(false);
  });
});

describe('where an answer asked for after a cancelled sync lands', () => {
  const now = { turn: 3, link: 'ds_demo', comparedWith: 'ds_demo' };
  it('is shown while no check or sync started since and the link is the one the list was compared with', () => {
    expect(answerFinds(3, now)).toBe('current');
  });

  it('is dropped once a check or a sync started since: what it shows is newer, whatever the link', () => {
    expect(answerFinds(2, now)).toBe('newer');
    expect(answerFinds(2, { ...now, link: 'ds_empty' })).toBe('newer');
  });

  it('is dropped once the file links another design system than the list was compared with (the check with it follows)', () => {
    expect(answerFinds(3, { ...now, comparedWith: 'ds_empty' })).toBe('moved');
    expect(answerFinds(3, { ...now, link: null })).toBe('moved');
  });
});
