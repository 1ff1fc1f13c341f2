// Copies a site's media from one storage to the other (`npm run media:migrate`, scripts/media-migrate.ts).
// Names never change their bytes, so a name already at the target with the same length is done:
// running it again copies only what is missing or was cut short, and an interrupted run resumes.
import type { MediaStorage } from './storage.ts';

export type MigrationReport = {
  /** Files at the source. */
  total: number;
  copied: number;
  /** Already at the target with the same length. */
  alreadyThere: number;
  /** Could not be copied, or the target's length differed afterwards: name and reason. */
  failed: { name: string; reason: string }[];
  bytes: number;
};

export async function migrateMedia(
  from: MediaStorage,
  to: MediaStorage,
  opts: { concurrency?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<MigrationReport> {
  const source = await from.list();
  const present = await to.list();
  const report: MigrationReport = { total: source.size, copied: 0, alreadyThere: 0, failed: [], bytes: 0 };
  const queue = [...source].sort(([a], [b]) => a.localeCompare(b));
  let done = 0;
  const copied = new Set<string>();
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [name, size] = next;
      try {
        if (present.get(name) === size) report.alreadyThere++;
        else {
          const data = await from.get(name);
          if (!data) throw new Error('gone from the source while copying');
          if (data.length !== size) throw new Error(`read ${data.length} bytes, the source lists ${size}`);
          await to.put(name, data);
          copied.add(name);
          report.copied++;
          report.bytes += data.length;
        }
      } catch (error) {
        report.failed.push({ name, reason: (error as Error).message });
      }
      opts.onProgress?.(++done, source.size);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 8 }, worker));
  // Verified by listing the target afresh, not by trusting the writes.
  const after = await to.list();
  const failed = new Set(report.failed.map((f) => f.name));
  for (const [name, size] of source) {
    if (failed.has(name) || after.get(name) === size) continue;
    report.failed.push({ name, reason: `the target holds ${after.get(name) ?? 'no'} bytes, not ${size}` });
    if (copied.has(name)) report.copied--;
    else report.alreadyThere--;
  }
  report.failed.sort((a, b) => a.name.localeCompare(b.name));
  return report;
}
