// The staff password rule (contract/staff-password.ts) on the server, checked in a child process
// (./password-worker.ts) that ends when no check has come for a while. zxcvbn's dictionaries are
// tens of MB of JavaScript heap once loaded, and a server that loaded them for one staff sign-in
// kept them for good (docs/performance.md, "What the memory is"). A check while the child runs
// costs milliseconds; the first after an idle spell also the child's start.
import { childScript, createIdleChild } from '../idle-child.ts';
import type { PasswordVerdict } from '../../contract/staff-password.ts';

export type PasswordCheck = { password: string; userInputs: string[] };

export const CHECKER_FAILED = 'The password checker stopped before answering.';

export function createPasswordChecker({ idleMs }: { idleMs?: number } = {}) {
  const child = createIdleChild<PasswordCheck, PasswordVerdict>({
    script: childScript(import.meta.url, 'password-worker'),
    idleMs,
    failure: CHECKER_FAILED,
  });
  return {
    /** The rule's verdict, as checkStaffPassword gives it in the browser. */
    check: (password: string, userInputs: string[] = []) => child.ask({ password, userInputs: userInputs.filter(Boolean) }),
    get pid() {
      return child.pid;
    },
    stop: child.stop,
  };
}

/** The server's checker. */
export const passwordChecker = createPasswordChecker();
