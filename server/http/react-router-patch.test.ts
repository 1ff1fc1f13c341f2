// patches/react-router+8.4.0.patch (applied by `npm install`'s postinstall) makes React Router
// encode a page's loader data for the browser only when the page reads it: islands pages never do,
// and the eager encoding was a quarter of their render under load (docs/performance.md). An install
// that skipped the patch (--ignore-scripts) would still work, only slower: this says so.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist');

describe('React Router patch', () => {
  it.each(['production', 'development'])('is applied to the %s build', (mode) => {
    const source = readFileSync(path.join(dist, mode, 'lib/server-runtime/single-fetch.js'), 'utf8');
    expect(source).toContain('function encodeViaTurboStreamNow(');
  });
});
