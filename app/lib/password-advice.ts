// Whether the signed-in staff account's password is below the staff password rule, as the server
// said at sign-in (contract/staff-password.ts). The server sees the password only then, so the
// browser keeps the advice for this tab until the password is changed or the person signs out.
import { useSyncExternalStore } from 'react';

const KEY = 'staff-password-change-advised';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function setPasswordChangeAdvised(advised: boolean) {
  try {
    if (advised) sessionStorage.setItem(KEY, '1');
    else sessionStorage.removeItem(KEY);
  } catch {
    // No storage (private mode): the advice is not kept.
  }
  for (const listener of listeners) listener();
}

export function usePasswordChangeAdvised(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => false,
  );
}
