// Builds the web app (production) and precompresses its assets; `buildIfStale` skips the work
// when the build is newer than every source file.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where the web app is built (BUILD_DIR, for parallel test runs; default build/). */
export const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

/**
 * Brotli at quality 11 and gzip at level 9, once at build time: on-the-fly compression uses
 * brotli quality 4 to stay cheap per request, which sends ~12% more JavaScript to phones.
 */
export function precompress(dir = path.join(buildDir, 'client/assets')) {
  for (const name of readdirSync(dir)) {
    if (!/\.(js|css|svg|json)$/.test(name)) continue;
    const file = path.join(dir, name);
    const data = readFileSync(file);
    writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  }
}

export function build() {
  // Always a production build: under vitest NODE_ENV is 'test', which would bundle development React.
  execFileSync(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.cjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  precompress();
}

export function buildIfStale() {
  const marker = path.join(buildDir, 'server/index.js');
  const sources = ['app', 'contract', 'public', 'vite.config.ts', 'react-router.config.ts']
    .map((d) => path.join(root, d))
    .filter(existsSync);
  const latest = Math.max(...sources.map((s) => (statSync(s).isDirectory() ? newest(s) : statSync(s).mtimeMs)));
  if (existsSync(marker) && latest <= statSync(marker).mtimeMs) return false;
  console.log('Building the web app...');
  build();
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) build();
