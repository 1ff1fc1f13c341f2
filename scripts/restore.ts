// `npm run restore -- <file> [--force]`: loads a backup into the empty DATA_DIR / DATABASE_URL
// (stop the server first). A non-empty target is refused unless --force.
import { ConfigError, loadConfig } from '../server/config.ts';
import { DataDirInUseError } from '../server/db/client.ts';
import { restoreSite } from '../server/backup/cli.ts';
import { BackupError } from '../server/backup/service.ts';

const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((a) => a !== '--force');
if (files.length !== 1 || files[0].startsWith('-')) {
  console.error('Usage: npm run restore -- <backup.tar.gz> [--force]');
  process.exit(2);
}
try {
  const manifest = await restoreSite(loadConfig(), files[0], { force });
  const c = manifest.counts;
  console.log(
    `Restored ${files[0]} (moment ${manifest.snapshotAt}, from ${manifest.engine}): ${c.articles} articles, ${c.users} users, ${c.mediaFiles} media files. Users sign in again.`,
  );
} catch (error) {
  const known = error instanceof ConfigError || error instanceof BackupError || error instanceof DataDirInUseError;
  console.error(known ? (error as Error).message : error);
  process.exitCode = 1;
}
