// The Nu HTML Checker (vnu-jar from npm) on Java from the system (Debian's default-jre-headless,
// installed by .ci/run). It refuses to fetch loopback addresses, so pages are handed to it as files.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export type VnuMessage = { type: string; subType?: string; url?: string; lastLine?: number; message: string; extract?: string };

const jar = String(createRequire(import.meta.url)('vnu-jar'));

function run(command: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Every message the checker has on each named document (HTML text), keyed by name. */
export async function checkHtml(documents: Record<string, string>): Promise<Record<string, VnuMessage[]>> {
  await run('java', ['-version']).catch(() => {
    throw new Error(
      'The Nu HTML Checker needs Java 11 or later as `java` (Debian: apt-get install default-jre-headless; .ci/run does).',
    );
  });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vnu-'));
  try {
    const files = Object.keys(documents).map((name) => path.join(dir, `${name}.html`));
    await Promise.all(Object.values(documents).map((html, i) => writeFile(files[i], html)));
    // One short run: the quick compiler alone halves its CPU time, and its deeper stack frames need
    // more than the default 1 MB thread stack (the checker reports a StackOverflowError otherwise).
    const java = ['-Xss16m', '-XX:TieredStopAtLevel=1', '-jar', jar];
    const { stdout, stderr } = await run('java', [...java, '--format', 'json', '--stdout', ...files]);
    let report: { messages: VnuMessage[] };
    try {
      report = JSON.parse(stdout) as { messages: VnuMessage[] };
    } catch {
      throw new Error(`the Nu HTML Checker gave no report:\n${stdout}\n${stderr}`);
    }
    const byName: Record<string, VnuMessage[]> = Object.fromEntries(Object.keys(documents).map((name) => [name, []]));
    for (const message of report.messages) {
      const name = message.url ? path.basename(decodeURIComponent(new URL(message.url).pathname), '.html') : '';
      (byName[name] ??= []).push(message);
    }
    return byName;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The errors (including fatal ones and documents it could not read), one line each. */
export function errorsOf(messages: Record<string, VnuMessage[]>): string[] {
  return Object.entries(messages).flatMap(([name, list]) =>
    list
      .filter((m) => m.type === 'error' || m.type === 'non-document-error')
      .map((m) => `${name}:${m.lastLine ?? '?'}: ${m.message}${m.extract ? ` (${m.extract.trim().slice(0, 120)})` : ''}`),
  );
}
