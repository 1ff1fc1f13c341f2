// Builds the service worker (app/sw/service-worker.ts) to /sw.js beside the client bundles, with
// a version made from the build's file names: a new deploy is a new worker with new caches.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

export const SW_ENTRY = 'app/sw/service-worker.ts';
export const SW_FILE = 'sw.js';
const PLACEHOLDER = '__SW_BUILD_VERSION__';
const FONT_PLACEHOLDER = '__SW_OFFLINE_FONT__';
/** The offline page and its stylesheet, emitted beside sw.js with the built font's name filled in. */
const OFFLINE_FILES = ['offline.html', 'offline.css'];

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
      // The Telugu face the pages use: a phone without it would show the offline page as boxes.
      const font = Object.keys(bundle).find((name) => /noto-sans-telugu-telugu-400-normal-[^/]*\.woff2$/.test(name));
      if (!font) this.error('the Noto Sans Telugu font is missing from the client build');
      const fontUrl = `/${font}`;
      for (const file of OFFLINE_FILES) {
        const source = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8').replaceAll('__TELUGU_FONT__', fontUrl);
        this.emitFile({ type: 'asset', fileName: file, source });
      }
      const names = [
        ...Object.keys(bundle),
        ...OFFLINE_FILES.map(
          (f) =>
            `${f}:${createHash('sha256')
              .update(readFileSync(new URL(`./${f}`, import.meta.url)))
              .digest('hex')}`,
        ),
      ]
        .filter((name) => name !== SW_FILE)
        .sort();
      const version = createHash('sha256').update(names.join('\n')).digest('base64url').slice(0, 12);
      if (!worker.code.includes(PLACEHOLDER) || !worker.code.includes(FONT_PLACEHOLDER)) {
        this.error(`${SW_ENTRY} lost a build placeholder`);
      }
      worker.code = worker.code.replaceAll(PLACEHOLDER, version).replaceAll(FONT_PLACEHOLDER, fontUrl);
    },
  };
}
