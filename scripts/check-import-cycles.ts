// Fails on a value import cycle anywhere in the tree (`npm run lint`, npm test's lint step). A
// cycle of value imports makes one module of the ring run before the other has defined its
// exports (a `const` read then throws, a function may be undefined), and it ties the two rooms
// together so neither can be read or tested alone. Type-only imports (`import type`, `export
// type`) are erased before the code runs, so they are allowed; an `import { type A }` still loads
// its module at run time and counts. `import()` counts too: it is a dependency all the same.
// A script rather than eslint-plugin-import-x's no-cycle, which finds the same rings but makes the
// lint much slower and brings a resolver with its dependencies (docs/testing.md).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOTS = ['server', 'app', 'contract', 'scripts', 'bench', 'e2e'];
const CODE = /\.(ts|tsx|mts)$/;

function walk(dir: string, out: string[] = []): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(full, out);
    } else if (CODE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

type Edge = { to: string; line: number };

const isFile = (file: string) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** The file a relative specifier names (the tree writes extensions; a bare folder means its index). */
function resolve(from: string, specifier: string, exists: (file: string) => boolean): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((f) => CODE.test(f) && exists(f));
}

/** The value imports of one file: every import or re-export that is not type-only, and import(). */
export function valueImports(file: string, text: string, exists = isFile): Edge[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const edges: Edge[] = [];
  const add = (specifier: ts.Expression, node: ts.Node) => {
    if (!ts.isStringLiteralLike(specifier)) return;
    const to = resolve(file, specifier.text, exists);
    if (to) edges.push({ to, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      if (!node.importClause?.isTypeOnly) add(node.moduleSpecifier, node);
    } else if (ts.isExportDeclaration(node)) {
      if (node.moduleSpecifier && !node.isTypeOnly) add(node.moduleSpecifier, node);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0]) {
      add(node.arguments[0], node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** The groups of files that reach each other through imports (Tarjan's strongly connected components). */
export function tangledGroups(graph: Map<string, Edge[]>): string[][] {
  // Iterative, so a deep tree cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const to = edges[frame.next++].to;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        const selfImport = (graph.get(frame.node) ?? []).some((e) => e.to === frame.node);
        if (group.length > 1 || selfImport) groups.push(group.sort());
      }
    }
  }
  return groups.sort((a, b) => a[0].localeCompare(b[0]));
}

/** Every ring of value imports: one shortest cycle per tangled group, from its first file. */
export function findCycles(graph: Map<string, Edge[]>): { file: string; line: number }[][] {
  return tangledGroups(graph).map((group) => {
    const inGroup = new Set(group);
    const from = group[0];
    const previous = new Map<string, { file: string; line: number }>();
    const queue = [from];
    let closing: { file: string; line: number } | undefined;
    while (queue.length && !closing) {
      const file = queue.shift()!;
      for (const edge of graph.get(file) ?? []) {
        if (!inGroup.has(edge.to)) continue;
        if (edge.to === from) {
          closing = { file, line: edge.line };
          break;
        }
        if (!previous.has(edge.to)) {
          previous.set(edge.to, { file, line: edge.line });
          queue.push(edge.to);
        }
      }
    }
    const ring = [closing!];
    while (ring[0].file !== from) ring.unshift(previous.get(ring[0].file)!);
    return ring;
  });
}

function main() {
  const root = process.cwd();
  const graph = new Map<string, Edge[]>();
  for (const file of ROOTS.flatMap((dir) => walk(path.join(root, dir))))
    graph.set(file, valueImports(file, readFileSync(file, 'utf8')));
  const cycles = findCycles(graph);
  if (cycles.length === 0) return;
  console.error(`${cycles.length} value import cycle(s): break each ring (a type-only import, or move the shared part out):`);
  for (const ring of cycles) {
    console.error('');
    for (const step of ring) console.error(`  ${path.relative(root, step.file)}:${step.line} imports`);
    console.error(`  ${path.relative(root, ring[0].file)}`);
  }
  process.exitCode = 1;
}

if (import.meta.main) main();
