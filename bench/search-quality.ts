// Recall and precision of searches typed in English letters (bench/search-quality-measure.ts) over the
// demo newsroom and the quality stories, on a fresh embedded database.
//   `npm run bench -- --search-quality` runs only this; `npm run bench` runs it first.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { createServices } from '../server/services.ts';
import { describeQuality, loadQualityCorpus, measureSearchQuality, type QualityReport } from './search-quality-measure.ts';

export async function runSearchQuality(log: (line: string) => void): Promise<QualityReport> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'search-quality-'));
  const database = await openDatabase({ dataDir });
  try {
    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', SEED_DEMO: '0' });
    const services = createServices({ config, database, log: { ...console, info() {}, debug() {} } as unknown as Console });
    await loadQualityCorpus(services);
    const report = await measureSearchQuality(services);
    for (const line of describeQuality(report)) log(line);
    return report;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
