// `npm run media:migrate -- --to s3` copies DATA_DIR/media into the bucket the S3_* settings name;
// `--to local` copies the bucket back into DATA_DIR/media. Safe to run again: it copies only what is
// missing at the target, checks every length afterwards, and deletes nothing at either end.
import { ConfigError, loadConfig } from '../server/config.ts';
import { createLocalMediaStorage, localMediaDir } from '../server/media/local-storage.ts';
import { createS3MediaStorage } from '../server/media/s3.ts';
import { migrateMedia } from '../server/media/migrate.ts';

const args = process.argv.slice(2);
const to = args[0] === '--to' ? args[1] : undefined;
if (args.length !== 2 || (to !== 's3' && to !== 'local')) {
  console.error('Usage: npm run media:migrate -- --to s3|local');
  process.exit(2);
}
try {
  const config = loadConfig();
  if (!config.media.s3)
    throw new ConfigError(
      'Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE as the bucket needs) first.',
    );
  const local = createLocalMediaStorage(localMediaDir(config));
  const bucket = createS3MediaStorage(config.media.s3);
  const [from, into] = to === 's3' ? [local, bucket] : [bucket, local];
  console.log(`Copying media from ${from.where} to ${into.where} ...`);
  let shown = 0;
  const report = await migrateMedia(from, into, {
    onProgress(done, total) {
      if (done - shown >= 1000 || done === total) {
        shown = done;
        console.log(`  ${done} of ${total}`);
      }
    },
  });
  bucket.close();
  console.log(
    `${report.total} files at the source: ${report.copied} copied (${(report.bytes / 1048576).toFixed(1)} MiB), ${report.alreadyThere} already there, ${report.failed.length} failed.`,
  );
  for (const f of report.failed.slice(0, 20)) console.log(`  failed: ${f.name}: ${f.reason}`);
  if (report.failed.length) {
    console.log('Run the same command again to retry the failed files (what is done is kept).');
    process.exitCode = 1;
  } else if (to === 's3') {
    console.log(
      'Every file is in the bucket with its length checked. Next: set MEDIA_STORAGE=s3 (and MEDIA_PUBLIC_URL if a CDN serves the bucket) on every instance and restart them. Uploads made before the restart: run this again right after it (it copies only what is new). Keep DATA_DIR/media until the site shows its pictures from the bucket; then it can go.',
    );
  } else {
    console.log(
      'Every file is in DATA_DIR/media with its length checked. Next: set MEDIA_STORAGE=local (or remove it) and restart; run this again right after to pick up uploads made meanwhile.',
    );
  }
} catch (error) {
  console.error(error instanceof ConfigError || (error as { status?: number }).status === 503 ? (error as Error).message : error);
  process.exitCode = 1;
}
