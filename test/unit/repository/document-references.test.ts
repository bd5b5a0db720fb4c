// The API documents live in docs/api/: every Markdown or TypeScript file that cites one must
// name a path that resolves inside the repository, since a clone has nothing beside it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const thisFile = relative(root, import.meta.filename);

// A path-like token that mentions one of the API documents.
const documentMention = /[\w./-]*(?:seeds\/|api-assumptions|(?:library|builder)-api\.md)[\w./-]*/g;

/** Problems with one file's document references, in words; `exists` is given a repository-relative path. */
function documentReferenceProblems(file: string, text: string, exists: (path: string) => boolean): string[] {
  const problems: string[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    // The copies' first line names their source outside the repository, by design.
    if (index === 0 && file.startsWith('docs/api/')) return;
    for (const match of line.matchAll(documentMention)) {
      const token = match[0].replace(/[.,]+$/, '');
      const where = `${file}:${index + 1}: "${token}"`;
      if (!token.endsWith('.md')) {
        problems.push(`${where} names a document without its path (docs/api/...)`);
        continue;
      }
      const candidates = [token, join(dirname(file), token)].map((path) => relative('.', join('.', path)));
      const inside = candidates.filter((path) => !path.startsWith('..'));
      if (!inside.some(exists)) problems.push(`${where} does not resolve to a file inside the repository`);
    }
  });
  return problems;
}

describe('references to the API documents', () => {
  it('flags paths outside the repository and names without a path', () => {
    const exists = (path: string) => path === 'docs/api/api-assumptions.md';
    expect(documentReferenceProblems('src/a.ts', '// see docs/api/api-assumptions.md, "CORS"', exists)).toEqual([]);
    expect(documentReferenceProblems('test/x/README.md', '[x](../../docs/api/api-assumptions.md)', exists)).toEqual([]);
    expect(documentReferenceProblems('src/a.ts', '// (api-assumptions "CORS")', exists)).toEqual([
      'src/a.ts:1: "api-assumptions" names a document without its path (docs/api/...)',
    ]);
    expect(documentReferenceProblems('README.md', 'one\n`../shared/api-assumptions.md` and `seeds/builder-api.md`', exists)).toEqual([
      'README.md:2: "../shared/api-assumptions.md" does not resolve to a file inside the repository',
      'README.md:2: "seeds/builder-api.md" does not resolve to a file inside the repository',
    ]);
    expect(documentReferenceProblems('docs/api/library-api.md', '<!-- from ../shared/seeds/library-api.md -->', exists)).toEqual([]);
  });

  it('every Markdown and TypeScript file names documents that resolve inside the repository', () => {
    const files = execFileSync('git', ['ls-files', '--', '*.md', '*.ts', '*.tsx'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((file) => file !== '' && file !== thisFile && existsSync(join(root, file)));
    expect(files.length).toBeGreaterThan(100);
    const problems = files.flatMap((file) =>
      documentReferenceProblems(file, readFileSync(join(root, file), 'utf8'), (path) => existsSync(join(root, path))),
    );
    expect(problems).toEqual([]);
  });
});
