// Top-level declarations of a bundle that nothing reads. esbuild drops an unused export only when
// its initializer has no side effects: a schema (`z.object(…)`) is a call, so one no code reads
// still ships. Here every declaration counts as free of side effects; what the rest of the
// bundle (its top-level statements, and the declarations they reach) never names is dead weight.
import ts from 'typescript';

export interface UnreadDeclaration {
  name: string;
  /** The file it came from, from esbuild's `// path` comment before it (unminified output). */
  file: string;
}

/** Names the code in `node` reads (not property names, nor the names it declares). */
function namesRead(node: ts.Node, into: Set<string>): void {
  const visit = (child: ts.Node): void => {
    if (ts.isIdentifier(child)) {
      const parent = child.parent;
      const isPropertyName =
        (ts.isPropertyAccessExpression(parent) && parent.name === child) ||
        (ts.isPropertyAssignment(parent) && parent.name === child) ||
        (ts.isMethodDeclaration(parent) && parent.name === child) ||
        (ts.isPropertyDeclaration(parent) && parent.name === child);
      if (!isPropertyName) into.add(child.text);
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
}

export function unreadDeclarations(bundle: string): UnreadDeclaration[] {
  const source = ts.createSourceFile('bundle.js', bundle, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const declared = new Map<string, { node: ts.Node; file: string }>();
  const roots: ts.Node[] = [];
  let file = '';
  const fileOf = (node: ts.Node): string => {
    for (const range of ts.getLeadingCommentRanges(bundle, node.pos) ?? []) {
      const comment = bundle.slice(range.pos, range.end);
      if (comment.startsWith('// ') && !comment.includes(' ', 3)) file = comment.slice(3);
    }
    return file;
  };
  for (const statement of source.statements) {
    const from = fileOf(statement);
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) declared.set(declaration.name.text, { node: declaration, file: from });
        else roots.push(declaration);
      }
    } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
      declared.set(statement.name.text, { node: statement, file: from });
    } else {
      roots.push(statement);
    }
  }
  const reached = new Set<string>();
  const queue: string[] = [];
  const reach = (node: ts.Node): void => {
    const names = new Set<string>();
    namesRead(node, names);
    for (const name of names) {
      if (declared.has(name) && !reached.has(name)) {
        reached.add(name);
        queue.push(name);
      }
    }
  };
  roots.forEach(reach);
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    const entry = declared.get(name);
    if (entry) reach(entry.node);
  }
  return [...declared]
    .filter(([name]) => !reached.has(name))
    .map(([name, { file: from }]) => ({ name, file: from }));
}
