// `npm start`: build the web app and the server if either is missing or stale, then run the
// compiled server with NODE_ENV=production (React's production build; no type stripping).
import type * as Server from '../server/main.ts';

process.env.NODE_ENV = 'production';
const { buildIfStale, serverBundle } = await import('./build-if-stale.ts');
buildIfStale();
const server = (await import(serverBundle)) as typeof Server;

let config;
try {
  config = server.loadConfig();
} catch (error) {
  if (error instanceof server.ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
try {
  await server.start(config);
} catch (error) {
  if (!(error instanceof server.DataDirInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
}
