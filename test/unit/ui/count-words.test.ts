// Words after a count: one helper for the whole window (ui/; Sync formats its numbers,
// ui/sync/sync-rows.ts, and takes the noun from here), strings as they were.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { countWord, plural } from '../../../ui/components/count-words';

const root = resolve(import.meta.dirname, '../../..');

function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => join(folder, name));
}

describe('count words', () => {
  it('says the singular for exactly one and the plural otherwise, the count as written', () => {
    expect(plural(1, 'email')).toBe('1 email');
    expect(plural(0, 'email')).toBe('0 emails');
    expect(plural(1234, 'email')).toBe('1234 emails');
    expect(plural(2, 'liked email')).toBe('2 liked emails');
    expect(countWord(1, 'was', 'were')).toBe('was');
    expect(countWord(3, 'this email', 'these emails')).toBe('these emails');
  });

  it('is the one way the window words a count (no inline “n === 1 ? … : …” left there)', () => {
    const inline = sources('ui')
      .filter((file) => !file.endsWith('count-words.ts'))
      .flatMap((file) =>
        readFileSync(join(root, file), 'utf8')
          .split('\n')
          .flatMap((line, index) => (/[=!]== 1 \? ['"`]/.test(line) ? [`${relative('.', file)}:${index + 1}`] : [])),
      );
    expect(inline).toEqual([]);
  });
});
