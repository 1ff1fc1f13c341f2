// A panel's act in flight: busy while it runs, and its notice after (its text, or the failure's).
import { useState } from 'react';
import { failureText } from './failure.ts';
import type { Notice } from './notice.tsx';

export function useAct() {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  /** Runs `work`; what it answers is the success text. */
  async function act(work: () => Promise<string>) {
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ ok: true, text: await work() });
    } catch (e) {
      setNotice({ ok: false, text: failureText(e) });
    } finally {
      setBusy(false);
    }
  }
  return { busy, notice, setNotice, act };
}
