// `node scripts/openapi.ts [--lint]`: writes the API's OpenAPI document to build/openapi.json from the
// route schemas (an in-memory database, nothing served), and with --lint checks it with Redocly's
// recommended ruleset (redocly.yaml).
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { createServices } from '../server/services.ts';
import { buildApp } from '../server/app.ts';
import { appRoot } from '../server/paths.ts';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'news-openapi-'));
// `servers` names PUBLIC_URL: the deployment's address when given, else the local default.
const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000' });
const database = await openDatabase({ dataDir, inMemory: true });
const services = createServices({ config, database, log: { ...console, info() {}, debug() {} } as unknown as Console });
const app = await buildApp({ services });
await app.ready();
const file = path.join(appRoot, 'build', 'openapi.json');
await mkdir(path.dirname(file), { recursive: true });
await writeFile(file, JSON.stringify(app.swagger(), null, 2));
await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
console.log(`wrote ${path.relative(appRoot, file)}`);

if (process.argv.includes('--lint')) {
  const redocly = path.join(appRoot, 'node_modules/.bin/redocly');
  const run = spawnSync(process.execPath, [redocly, 'lint', file, '--config', path.join(appRoot, 'redocly.yaml')], {
    stdio: 'inherit',
  });
  process.exit(run.status ?? 1);
}
