// Builds the service worker (app/sw/service-worker.ts) to /sw.js beside the client bundles, with
// a version made from the build's file names: a new deploy is a new worker with new caches.
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

export const SW_ENTRY = 'app/sw/service-worker.ts';
export const SW_FILE = 'sw.js';
const PLACEHOLDER = '__SW_BUILD_VERSION__';

export function serviceWorker(): Plugin {
  return {
    name: 'service-worker',
    apply: 'build',
    buildStart() {
      if (this.environment.name !== 'client') return;
      // A fixed name at the site's root: a worker controls only the paths under its own.
      this.emitFile({ type: 'chunk', id: SW_ENTRY, fileName: SW_FILE });
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const worker = bundle[SW_FILE];
      if (!worker || worker.type !== 'chunk') return;
      const names = Object.keys(bundle)
        .filter((name) => name !== SW_FILE)
        .sort();
      const version = createHash('sha256').update(names.join('\n')).digest('base64url').slice(0, 12);
      if (!worker.code.includes(PLACEHOLDER)) this.error(`${SW_ENTRY} lost its version placeholder`);
      worker.code = worker.code.replaceAll(PLACEHOLDER, version);
    },
  };
}
