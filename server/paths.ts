// Where the checkout is, both when this file runs from source and when it is bundled into
// build/server-app/main.js (scripts/build-if-stale.ts defines __APP_ROOT__ there, relative to
// the bundle, so a moved checkout keeps working).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

declare const __APP_ROOT__: string | undefined;

const here = path.dirname(fileURLToPath(import.meta.url));
export const appRoot = typeof __APP_ROOT__ === 'string' ? path.resolve(here, __APP_ROOT__) : path.resolve(here, '..');

/** True when running from the bundle (`npm start`), false from TypeScript sources. */
export const compiled = typeof __APP_ROOT__ === 'string';
