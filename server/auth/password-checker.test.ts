// The staff password rule checked in a child process that ends when idle (./password-checker.ts).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKER_FAILED, createPasswordChecker } from './password-checker.ts';
import { checkStaffPassword } from '../../contract/staff-password.ts';

const checkers: ReturnType<typeof createPasswordChecker>[] = [];
const checker = (idleMs?: number) => {
  const made = createPasswordChecker({ idleMs });
  checkers.push(made);
  return made;
};
afterEach(() => checkers.splice(0).forEach((c) => c.stop()));

const exited = (pid: number) => {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
};
const until = async (test: () => boolean, ms = 5000) => {
  for (const deadline = Date.now() + ms; !test();) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('password checker in a child process', () => {
  it("gives the browser's verdicts, many checks at once on one child", { timeout: 30_000 }, async () => {
    const c = checker();
    const passwords: [string, string[]][] = [
      ['Ab3$x', []],
      ['password1234', []],
      ['ravi-kumar-2026', ['ravi-kumar']],
      ['tera-sun-moon-42', []],
    ];
    const apart = await Promise.all(passwords.map(([p, inputs]) => c.check(p, inputs)));
    const here = await Promise.all(passwords.map(([p, inputs]) => checkStaffPassword(p, inputs)));
    expect(apart).toEqual(here);
    expect(apart[3]).toMatchObject({ problem: null });
    expect(apart[1].problem).toMatch(/too easy to guess/);
  });

  it('ends when idle, and the next check starts another', { timeout: 30_000 }, async () => {
    const c = checker(200);
    await c.check('tera-sun-moon-42');
    const first = c.pid!;
    expect(first).toBeGreaterThan(0);
    await until(() => c.pid === undefined && exited(first));
    expect((await c.check('tera-sun-moon-42')).problem).toBeNull();
    expect(c.pid).not.toBe(first);
  });

  it('a child that dies fails its checks with a clear error; the next check works', { timeout: 30_000 }, async () => {
    const c = checker();
    await c.check('warm-up-password-9');
    const pid = c.pid!;
    // Asked first, then killed at once: the child dies with the check in hand.
    const waiting = c.check('tera-sun-moon-42');
    process.kill(pid, 'SIGKILL');
    await expect(waiting).rejects.toThrow(CHECKER_FAILED);
    expect((await c.check('tera-sun-moon-42')).problem).toBeNull();
    expect(c.pid).not.toBe(pid);
  });

  it('a command with nothing else to wait for runs until the answer, then exits', { timeout: 30_000 }, async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'checker-'));
    try {
      const script = path.join(dir, 'check.ts');
      const checker = new URL('./password-checker.ts', import.meta.url).href;
      await writeFile(
        script,
        `import { passwordChecker } from ${JSON.stringify(checker)};\n` +
          `console.log(JSON.stringify(await passwordChecker.check('tera-sun-moon-42')));\n`,
      );
      const { stdout } = await promisify(execFile)(process.execPath, [script], { timeout: 20_000 });
      expect(JSON.parse(stdout)).toMatchObject({ problem: null });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
