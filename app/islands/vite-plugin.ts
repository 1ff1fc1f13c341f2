// Builds the islands entry (app/islands/entry.client.tsx) beside React Router's client and tells
// the server build its file name through `virtual:islands-script` (see app/islands/Island.tsx).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const ISLANDS_ENTRY = 'app/islands/entry.client.tsx';
const VIRTUAL_ID = 'virtual:islands-script';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

type ManifestChunk = { file: string };

export function islands(): Plugin {
  let command: 'build' | 'serve' = 'serve';
  return {
    name: 'islands',
    config(_config, env) {
      command = env.command;
      return { environments: { client: { build: { rollupOptions: { input: [ISLANDS_ENTRY] } } } } };
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      // The browser never needs the file names, and the dev server hydrates every page in full.
      if (command !== 'build' || this.environment.name === 'client') return 'export default null;';
      // React Router builds the client first and keeps its Vite manifest until the server build ends.
      const clientOutDir = this.environment.getTopLevelConfig().environments.client.build.outDir;
      const manifest = JSON.parse(readFileSync(path.join(clientOutDir, '.vite/manifest.json'), 'utf8')) as Record<
        string,
        ManifestChunk
      >;
      const entry = manifest[ISLANDS_ENTRY];
      if (!entry) throw new Error(`${ISLANDS_ENTRY} is missing from the client build`);
      // No modulepreload list: entry.server.tsx leaves such links out of every page.
      return `export default ${JSON.stringify({ src: this.environment.config.base + entry.file })};`;
    },
  };
}
