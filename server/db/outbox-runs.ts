// The loop both background senders share (push and mail): rows claimed a batch at a time with
// FOR UPDATE SKIP LOCKED by the caller, sent a few at once, one run at a time on this instance,
// again on a poll because another instance may have queued.

/** Sends every row the claims hand out, `parallel` at once; returns how many `sendOne` reported sent. */
export async function sendClaimed<Row>(
  claim: () => Promise<readonly Row[] | undefined | null | false>,
  parallel: number,
  sendOne: (row: Row) => Promise<string>,
): Promise<number> {
  let sent = 0;
  for (let batch = await claim(); batch; batch = await claim()) {
    const queue = [...batch];
    await Promise.all(
      Array.from({ length: Math.min(parallel, queue.length) }, async () => {
        for (let row = queue.shift(); row; row = queue.shift()) if ((await sendOne(row)) === 'sent') sent++;
      }),
    );
  }
  return sent;
}

/**
 * One run of `runOnce` at a time: a kick during a run asks for another after it; once started, a
 * run also follows every poll. A failed run is logged and tried again at the next poll.
 */
export function createRunLoop(
  runOnce: () => Promise<unknown>,
  opts: { pollMs: number; warn: (message: string, detail?: unknown) => void },
) {
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let running: Promise<void> | undefined;
  let again = false;

  function kick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await runOnce();
        } catch (error) {
          opts.warn('sending failed; retrying at the next poll', error);
        }
      } while (again && started);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  function arm() {
    clearTimeout(timer);
    if (!started) return;
    timer = setTimeout(() => void kick().then(arm), opts.pollMs);
    timer.unref();
  }

  return {
    kick,
    /** Starts the runs: one at once, then one every poll. False when already started. */
    start(): boolean {
      if (started) return false;
      started = true;
      void kick().then(arm);
      return true;
    },
    /** Stops the poll and waits for a run under way. */
    async stop() {
      started = false;
      clearTimeout(timer);
      await running;
    },
  };
}
