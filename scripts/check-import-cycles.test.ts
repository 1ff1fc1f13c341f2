import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, valueImports } from './check-import-cycles.ts';

const at = (file: string) => path.resolve('/tree', file);
function graphOf(files: Record<string, string>) {
  const exists = (file: string) => Object.keys(files).some((name) => at(name) === file);
  return new Map(Object.entries(files).map(([name, text]) => [at(name), valueImports(at(name), text, exists)]));
}
const rings = (files: Record<string, string>) =>
  findCycles(graphOf(files)).map((ring) => ring.map((step) => `${path.relative('/tree', step.file)}:${step.line}`));

describe('the import cycle check', () => {
  it('names each ring of value imports with the line of every import in it', () => {
    expect(
      rings({
        'a.ts': "import { b } from './b.ts';",
        'b.ts': "// the other half\nexport { c } from './c.ts';",
        'c.ts': "import x from 'node:fs';\nconst a = await import('./a.ts');",
        'd.ts': "import { a } from './a.ts';",
      }),
    ).toEqual([['a.ts:1', 'b.ts:2', 'c.ts:2']]);
  });

  it('allows a ring closed only by type imports, and counts an inline type import as the load it is', () => {
    const typeOnly = {
      'a.ts': "import { b } from './b.ts';",
      'b.ts': "import type { A } from './a.ts';\nexport type { B } from './a.ts';",
    };
    expect(rings(typeOnly)).toEqual([]);
    expect(rings({ ...typeOnly, 'b.ts': "import { type A } from './a.ts';" })).toEqual([['a.ts:1', 'b.ts:1']]);
  });

  it('finds a module that imports itself, and one ring per tangle', () => {
    expect(
      rings({
        'self.ts': "import './self.ts';",
        'x.ts': "import './y.ts';",
        'y.ts': "import './x.ts';\nimport './z.ts';",
        'z.ts': "import './x.ts';",
      }),
    ).toEqual([['self.ts:1'], ['x.ts:1', 'y.ts:1']]);
  });
});
