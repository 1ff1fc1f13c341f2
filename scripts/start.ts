// `npm start`: build the web app if it is missing or stale, then serve it.
import { ConfigError, loadConfig } from '../server/config.ts';
import { buildIfStale } from './build-if-stale.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
buildIfStale();
const { start } = await import('../server/main.ts');
const { DataDirInUseError } = await import('../server/db/client.ts');
try {
  await start(config);
} catch (error) {
  if (!(error instanceof DataDirInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
}
