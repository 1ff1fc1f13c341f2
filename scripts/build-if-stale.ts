// Builds the web app (production) and precompresses its assets; `buildIfStale` skips the work
// when the build is newer than every source file.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
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

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli at quality 11 and gzip at level 9, once at build time: on-the-fly compression uses
 * brotli quality 4 to stay cheap per request, which sends phones more JavaScript. On libuv's
 * thread pool, every core at once: one after another slowed a fresh clone's first start
 * (docs/performance.md).
 */
export async function precompress(dir = path.join(buildDir, 'client/assets')) {
  const files = readdirSync(dir)
    .filter((name) => /\.(js|css|svg|json)$/.test(name))
    .map((name) => path.join(dir, name));
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip(data, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    }),
  );
}

export async function build() {
  // Always a production build: under vitest NODE_ENV is 'test', which would bundle development React.
  execFileSync(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.cjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  await precompress();
}

/** The compiled server that `npm start` runs (bundled from its entry point, so new files come along). */
export const serverBundle = path.join(buildDir, 'server-app/main.js');

/**
 * Packages left out of the bundle: native code (sharp, argon2), PGlite's WebAssembly and its
 * files, React and React Router (the web app's build imports them too, and both must share one
 * copy), what else the web app's build loads, Swagger UI's static files, and what only
 * development or optional paths load.
 */
const serverExternals = [
  'sharp',
  '@node-rs/argon2',
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  'react',
  'react-dom',
  'react-dom/*',
  'react-router',
  '@react-router/*',
  '@fastify/swagger-ui',
  // The web app's server build loads these from node_modules too: one copy in memory, not two.
  'zod',
  'zod/*',
  'diff',
  'pg',
  'pg-native',
  'vite',
  'esbuild',
];

/**
 * The server and the packages it uses, bundled into ES modules ahead of time. Loading
 * drizzle-orm file by file made Node parse its large package.json once per module: garbage and
 * CPU at every start (docs/performance.md). Split at the code's dynamic imports, so that what one
 * start does not use stays on disk: the other database's driver (PGlite or pg, each slow to
 * load), development mode, the importers.
 */
export async function buildServer() {
  // Imported here: `npm start` on a built checkout never needs esbuild, nor the time it takes to load.
  const esbuild = await import('esbuild');
  const outdir = path.dirname(serverBundle);
  // No chunk of an older build left behind. A server still running from this folder has loaded its
  // chunks at start (the driver, the migrator, the cookie parser); a chunk imported only later
  // would be gone after a rebuild beside it.
  rmSync(outdir, { recursive: true, force: true });
  const { metafile } = await esbuild.build({
    // The child processes' scripts (server/idle-child.ts) are entry points beside the server's.
    entryPoints: {
      [path.basename(serverBundle, '.js')]: path.join(root, 'server/main.ts'),
      'image-worker': path.join(root, 'server/media/image-worker.ts'),
      'password-worker': path.join(root, 'server/auth/password-worker.ts'),
    },
    outdir,
    absWorkingDir: root,
    // In the entry's own folder: server/paths.ts finds the checkout from import.meta.url.
    chunkNames: '[name]-[hash]',
    splitting: true,
    metafile: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    external: serverExternals,
    // CommonJS packages inside an ES module bundle still call require() for Node's built-ins.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    // Whitespace and comments out (names kept): the source stays in the heap as long as the code
    // runs, and one non-Latin-1 character in a comment made V8 hold all of it in UTF-16, 11 MB.
    // Errors map back to the sources through the linked source map (node --enable-source-maps).
    minifyWhitespace: true,
    minifySyntax: true,
    charset: 'ascii',
    legalComments: 'linked',
    sourcemap: 'linked',
    logLevel: 'warning',
    define: { __APP_ROOT__: JSON.stringify(path.relative(outdir, root)) },
  });
  // esbuild escapes strings but not regular expression literals: one Telugu character in a regex
  // doubled the bundle's 3 MB of source in the heap. Caught here rather than found in a profile.
  for (const file of Object.keys(metafile.outputs).filter((name) => name.endsWith('.js'))) {
    const source = readFileSync(path.resolve(root, file));
    const at = source.findIndex((byte) => byte > 0x7f);
    if (at >= 0) {
      const around = source.subarray(Math.max(0, at - 60), at + 20).toString('utf8');
      throw new Error(`The server bundle must be ASCII; write this character as a \\u escape: ...${around}...`);
    }
  }
}

/**
 * V8 flags of the production server (`npm start`, the bench); docs/performance.md has the figures.
 * - `--liftoff-only`: PGlite's PostgreSQL runs on V8's baseline WebAssembly compiler. Optimising it
 *   tiers up the expression interpreter, one large function that TurboFan compiles with hundreds of
 *   MB of memory: that alone broke the memory budget. Queries cost a little more CPU.
 * - `--max-semi-space-size=8`: the young generation otherwise grew to its largest semi-spaces;
 *   smaller ones made scavenges a large share of a full render's CPU, larger ones were no faster.
 * - `--max-old-space-size=128`: V8 otherwise lets the old generation grow to several times what
 *   is live before collecting, and the peak under full renders with it. Imports run in their own
 *   process (scripts/import-wordpress.ts); page bodies are off-heap.
 * - `--expose-gc`: one memory-reducing collection when start-up is done (server/main.ts), less
 *   resident memory from the first request on.
 */
export const serverNodeArgs = ['--liftoff-only', '--max-semi-space-size=8', '--max-old-space-size=128', '--expose-gc'];

/** V8's compiled code for the bundle, kept between starts so that loading it costs less CPU. */
export const compileCacheDir = path.join(buildDir, 'compile-cache');

const latestOf = (names: string[]) =>
  Math.max(
    ...names
      .map((d) => path.join(root, d))
      .filter(existsSync)
      .map((s) => (statSync(s).isDirectory() ? newest(s) : statSync(s).mtimeMs)),
  );
const olderThan = (file: string, time: number) => !existsSync(file) || statSync(file).mtimeMs < time;

export async function buildIfStale() {
  let webBuilt: Promise<void> | undefined;
  const web = latestOf(['app', 'contract', 'public', 'vite.config.ts', 'react-router.config.ts']);
  if (olderThan(path.join(buildDir, 'server/index.js'), web)) {
    console.log('Building the web app...');
    // Not awaited yet: Vite runs now, and its assets are compressed on the thread pool while
    // esbuild bundles the server below.
    webBuilt = build();
  }
  const serverStale = olderThan(
    serverBundle,
    latestOf(['server', 'scripts', 'contract', 'app', 'package.json', 'package-lock.json']),
  );
  try {
    if (serverStale) await buildServer();
  } finally {
    // Awaited even when the bundle failed: a failed web build is never left as an unhandled rejection.
    await webBuilt;
  }
  return webBuilt !== undefined || serverStale;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await build();
  await buildServer();
}
