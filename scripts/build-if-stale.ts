// Builds the web app when there is no build yet or a source file is newer than it.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

export function buildIfStale() {
  const marker = path.join(buildDir, 'server/index.js');
  const sources = ['app', 'contract', 'public', 'vite.config.ts', 'react-router.config.ts']
    .map((d) => path.join(root, d))
    .filter(existsSync);
  const latest = Math.max(...sources.map((s) => (statSync(s).isDirectory() ? newest(s) : statSync(s).mtimeMs)));
  if (existsSync(marker) && latest <= statSync(marker).mtimeMs) return false;
  console.log('Building the web app...');
  execFileSync(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.cjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  return true;
}
