// `npm run backup [-- --out <file>]`: one archive (database + media + manifest) of the site in
// DATA_DIR / DATABASE_URL, consistent to one moment, while the server keeps serving.
import { ConfigError, loadConfig } from '../server/config.ts';
import { DataDirInUseError } from '../server/db/client.ts';
import { backupSite } from '../server/backup/cli.ts';
import { BackupError } from '../server/backup/service.ts';

const args = process.argv.slice(2);
const at = args.indexOf('--out');
if ((at >= 0 && !args[at + 1]) || args.some((a, i) => a.startsWith('-') && a !== '--out' && i !== at + 1)) {
  console.error('Usage: npm run backup [-- --out <file.tar.gz>]');
  process.exit(2);
}
try {
  const { file, manifest, byServer } = await backupSite(loadConfig(), at >= 0 ? args[at + 1] : undefined);
  const c = manifest.counts;
  console.log(
    `Backup written to ${file}${byServer ? ' by the running server' : ''}: consistent to ${manifest.snapshotAt}, ` +
      `${c.articles} articles (${c.approvedArticles} approved), ${c.users} users, ${c.mediaFiles} media files.`,
  );
  if (manifest.missingMedia.length)
    console.warn(`Warning: ${manifest.missingMedia.length} media files named by the database were already gone.`);
} catch (error) {
  const known = error instanceof ConfigError || error instanceof BackupError || error instanceof DataDirInUseError;
  console.error(known ? (error as Error).message : error);
  process.exitCode = 1;
}
