// No cache tag is written as free text: loaders and handlers name what they show with the
// vocabulary (contract/cache-tags.ts), so a tag no change drops cannot slip in.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

describe('cache tags in code', () => {
  it('every cacheTags call and tagged store names its tags with the builders', () => {
    const calls = /(cacheTags\(\w+, |\.set\([^;]*, \w*[vV]ersion, )\[[^\]]*['"`][^\]]*\]/g;
    const found = ['app', 'server']
      .flatMap(sources)
      .flatMap((file) => [...readFileSync(path.join(root, file), 'utf8').matchAll(calls)].map((m) => `${file}: ${m[0]}`));
    expect(found).toEqual([]);
  });
});
