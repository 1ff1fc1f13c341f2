import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  // BUILD_DIR lets parallel test runs keep separate builds; the default is build/.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  // Public pages render on the server with their data; dashboards fetch on the client.
  ssr: true,
} satisfies Config;
