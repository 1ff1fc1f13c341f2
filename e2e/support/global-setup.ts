// Starts the real site once for the whole e2e run: production build, PostgreSQL database made
// for this run (dropped after), demo content, a known admin; and an SMTP server on loopback that the
// site mails through, whose mails the test files read from a small JSON address (mailUrl).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildIfStale, root, serverBundle } from '../../scripts/build-if-stale.ts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPgDatabase, freePort } from '../../server/test/resources.ts';
import { startSmtpServer } from '../../server/test/smtp.ts';

export const ADMIN = { username: 'chief', password: 'chief-secret-1' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    admin: { username: string; password: string };
    /** GET ?to=<address>: the mails the site sent there, `{ subject, text, html }[]` (e2e/support/mail.ts). */
    mailUrl: string;
  }
}

export default async function setup(project: TestProject) {
  await buildIfStale();
  const database = await createPgDatabase('e2e');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'news-e2e-'));
  const port = await freePort();
  const smtp = await startSmtpServer();
  const mailbox = createServer((request, response) => {
    const to = new URL(request.url ?? '/', 'http://x').searchParams.get('to') ?? '';
    const mails = smtp.to(to).map((m) => ({ subject: m.subject ?? '', text: m.text ?? '', html: m.html || '' }));
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(mails));
  });
  await new Promise<void>((resolve) => mailbox.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${port}`;
  // The compiled server, as `npm start` runs it.
  const child: ChildProcess = spawn(process.execPath, [serverBundle], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      PUBLIC_URL: baseUrl,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: '1',
      // Every test file signs in from 127.0.0.1; the limit itself is tested in server/auth.
      AUTH_RATE_LIMIT: '10000',
      // The most-read list follows counted views within a second instead of two minutes.
      MOST_READ_REFRESH_SECONDS: '1',
      LOG_LEVEL: 'warn',
      SMTP_URL: smtp.url,
      MAIL_RATE: '1000',
      // A deprecation warning in the log names the line that caused it.
      NODE_OPTIONS: [process.env.NODE_OPTIONS, '--trace-deprecation'].filter(Boolean).join(' '),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('databaseUrl', database.url);
  project.provide('admin', ADMIN);
  project.provide('mailUrl', `http://127.0.0.1:${(mailbox.address() as AddressInfo).port}/`);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    // The server logs warnings and errors only: when a browser test fails on CI, the server's
    // side of it (a 500's stack, a refused request) is here.
    if (output.trim()) console.error(`e2e server log (warnings and errors):\n${output.slice(-30_000)}`);
    mailbox.close();
    await smtp.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
