// `npm run import:wordpress -- <export.xml> [--uploads <dir>] [--dry-run]`: imports a WordPress
// export into DATA_DIR / DATABASE_URL. The rules live in server/import/; this is the terminal side.
// On the embedded database the server must be stopped first (one process per data directory).
import { parseArgs } from 'node:util';
import { ConfigError, ensureDataDir, loadConfig } from '../server/config.ts';
import { DataDirInUseError, openDatabase } from '../server/db/client.ts';
import { openForReading } from '../server/db/copy.ts';
import { createServices } from '../server/services.ts';
import { createWordpressImporter, type ImportReport } from '../server/import/service.ts';
import { WxrFormatError } from '../server/import/wxr.ts';

const USAGE = 'Usage: npm run import:wordpress -- <export.xml> [--uploads <wp-content/uploads copy>] [--dry-run]';

function formatDuration(seconds: number) {
  if (!Number.isFinite(seconds)) return '--:--';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

function progressPrinter() {
  const started = Date.now();
  const tty = process.stdout.isTTY === true;
  let lastPrint = 0;
  return {
    update({ done, total }: { done: number; total: number }) {
      const now = Date.now();
      // On a terminal a bar redrawn in place; in a log a line at most every second.
      if (now - lastPrint < (tty ? 100 : 1000) && done < total) return;
      lastPrint = now;
      const elapsed = (now - started) / 1000;
      const rate = elapsed > 0 ? done / elapsed : 0;
      const eta = rate > 0 ? (total - done) / rate : Number.POSITIVE_INFINITY;
      const text = `${done}/${total} posts  ${rate.toFixed(1)} posts/s  ETA ${formatDuration(eta)}`;
      if (tty) {
        const width = 30;
        const filled = total > 0 ? Math.round((done / total) * width) : width;
        process.stdout.write(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${text}\x1b[K`);
      } else {
        console.log(`progress: ${text}`);
      }
    },
    end() {
      if (tty) process.stdout.write('\n');
    },
  };
}

function printReport(report: ImportReport) {
  const lines: string[] = [];
  const verb = report.dryRun ? 'Would import' : 'Imported';
  lines.push(
    report.dryRun
      ? 'Dry run: nothing was written.'
      : report.stopped
        ? 'Stopped: run the same command again to resume.'
        : 'Import finished.',
  );
  lines.push(
    `${verb}: ${report.imported.approved + report.imported.pending} posts (${report.imported.approved} approved, ${report.imported.pending} pending)`,
  );
  lines.push(`Already imported (skipped): ${report.alreadyImported}`);
  const skipped = Object.entries(report.skipped).sort((a, b) => b[1] - a[1]);
  lines.push(
    `Skipped: ${skipped.reduce((n, [, c]) => n + c, 0)}${skipped.length ? ` (${skipped.map(([r, c]) => `${r}: ${c}`).join(', ')})` : ''}`,
  );
  lines.push(`Images missing: ${report.imagesMissing.length}`);
  for (const m of report.imagesMissing.slice(0, 50)) lines.push(`  ${m.post}: ${m.url} (${m.reason})`);
  if (report.imagesMissing.length > 50) lines.push(`  ... and ${report.imagesMissing.length - 50} more`);
  lines.push(`Generated covers (no readable picture): ${report.generatedCovers.length}`);
  for (const c of report.generatedCovers) lines.push(`  ${c.articleId ? `/article/${c.articleId}` : '(dry run)'} ${c.post}`);
  if (report.categoriesCreated.length)
    lines.push(`Categories ${report.dryRun ? 'to create' : 'created'}: ${report.categoriesCreated.join(', ')}`);
  const created = report.reporters.filter((r) => !r.existing);
  if (created.length) {
    lines.push(
      report.dryRun
        ? `Reporter accounts to create: ${created.map((r) => r.username).join(', ')}`
        : 'Reporter accounts created (give each their password; they can change it after signing in):',
    );
    if (!report.dryRun) for (const r of created) lines.push(`  ${r.username}  password: ${r.password}`);
  }
  if (report.failed.length) {
    lines.push(`Failed: ${report.failed.length}`);
    for (const f of report.failed) lines.push(`  line ${f.line} "${f.title}": ${f.message}`);
  }
  console.log(lines.join('\n'));
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { uploads: { type: 'string' }, 'dry-run': { type: 'boolean' }, help: { type: 'boolean' } },
  });
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (parsed.values.help || parsed.positionals.length !== 1) {
  console.error(USAGE);
  process.exit(parsed.values.help ? 0 : 2);
}

let stop = false;
process.on('SIGINT', () => {
  // The post being written finishes; the next run resumes after it.
  if (stop) process.exit(130);
  stop = true;
});
process.on('SIGTERM', () => {
  stop = true;
});

try {
  const config = loadConfig();
  const dryRun = parsed.values['dry-run'] === true;
  // A dry run leaves DATA_DIR exactly as it was: it reads a copy (server/db/copy.ts).
  if (!dryRun && !config.databaseUrl) await ensureDataDir(config.dataDir);
  const database = dryRun
    ? await openForReading(config)
    : await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const services = createServices({ config, database });
    // Running servers on the same PostgreSQL drop their cached pages when the import ends.
    if (database.engine === 'postgres') await services.changes.subscribe();
    const progress = progressPrinter();
    const report = await createWordpressImporter(services).run({
      file: parsed.positionals[0],
      uploadsDir: parsed.values.uploads,
      dryRun,
      onProgress: (p) => progress.update(p),
      shouldStop: () => stop,
    });
    progress.end();
    printReport(report);
    if (report.stopped) process.exitCode = 130;
    else if (report.failed.length) process.exitCode = 1;
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof WxrFormatError) console.error(`The export cannot be read: ${error.message}`);
  else if (error instanceof DataDirInUseError)
    console.error(
      `${error.message}\nThe embedded database allows one process: stop the server, run the import, start the server again (or import into PostgreSQL with DATABASE_URL while it serves).`,
    );
  else if (error instanceof ConfigError) console.error(error.message);
  else if ((error as NodeJS.ErrnoException).code === 'ENOENT')
    console.error(`No such file: ${(error as NodeJS.ErrnoException).path}`);
  else console.error(error);
  process.exitCode = 1;
}
