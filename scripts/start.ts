// `npm start`: build the web app and the server if either is missing or stale, then run the
// compiled server with NODE_ENV=production (React's production build; no type stripping) and
// the production V8 flags. The server replaces this process (same pid, so signals and exit codes
// reach it directly) instead of running beside it: a second Node process would cost its own memory.
import { buildIfStale, compileCacheDir, serverBundle, serverNodeArgs } from './build-if-stale.ts';

process.env.NODE_ENV = 'production';
process.env.NODE_COMPILE_CACHE ??= compileCacheDir;
// glibc gives each thread that allocates its own malloc arena; two are plenty for one JavaScript
// thread and Node's helpers, and less resident (docs/performance.md).
process.env.MALLOC_ARENA_MAX ??= '2';
// Blocks over 32 KB (a rendered page, libvips' pixel buffers) mapped on their own and unmapped when
// freed: glibc otherwise raises this threshold after the first such free and serves them from a
// heap it never gives back: resident memory grew for good after the demo newsroom's pictures, and
// peaked higher under full renders for little CPU saved (docs/performance.md).
process.env.MALLOC_MMAP_THRESHOLD_ ??= '32768';
await buildIfStale();
// A flag the operator set in NODE_OPTIONS (e.g. a larger --max-old-space-size) is theirs: flags
// on the command line would override it.
const operatorOptions = process.env.NODE_OPTIONS ?? '';
const args = [...serverNodeArgs.filter((flag) => !operatorOptions.includes(flag.split('=')[0])), serverBundle];
if (typeof process.execve === 'function') {
  process.execve(process.execPath, [process.execPath, ...args], process.env);
} else {
  // No execve (Windows): a child process with the same flags.
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, args, { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
