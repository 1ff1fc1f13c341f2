// Builds the web app (production) and precompresses its assets; `buildIfStale` skips the work
// when the build is newer than every source file.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';

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

/** The compiled server that `npm start` runs (bundled from its entry point, so new files come along). */
export const serverBundle = path.join(buildDir, 'server-app/main.js');

/**
 * The server and everything it imports, bundled into one ES module ahead of time: production
 * starts from plain JavaScript instead of stripping the types of ~200 files at every start.
 * Packages stay in node_modules (native sharp, PGlite's WebAssembly).
 */
export function buildServer() {
  esbuild.buildSync({
    entryPoints: [path.join(root, 'server/main.ts')],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    define: { __APP_ROOT__: JSON.stringify(path.relative(path.dirname(serverBundle), root)) },
  });
}

const latestOf = (names: string[]) =>
  Math.max(
    ...names
      .map((d) => path.join(root, d))
      .filter(existsSync)
      .map((s) => (statSync(s).isDirectory() ? newest(s) : statSync(s).mtimeMs)),
  );
const olderThan = (file: string, time: number) => !existsSync(file) || statSync(file).mtimeMs < time;

export function buildIfStale() {
  let built = false;
  const web = latestOf(['app', 'contract', 'public', 'vite.config.ts', 'react-router.config.ts']);
  if (olderThan(path.join(buildDir, 'server/index.js'), web)) {
    console.log('Building the web app...');
    build();
    built = true;
  }
  if (olderThan(serverBundle, latestOf(['server', 'scripts', 'contract', 'app', 'package.json']))) {
    buildServer();
    built = true;
  }
  return built;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  build();
  buildServer();
}
