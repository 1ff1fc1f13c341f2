// What a busy spell grew, given back when nobody is reading.
import type { IncomingMessage, Server } from 'node:http';

export type Collect = (options: object) => void;

/** V8's collector, where the process runs with --expose-gc (`npm start`); elsewhere undefined. */
export const exposedGc = () => (globalThis as { gc?: Collect }).gc;

/** V8's memory-reducing collection: a full, synchronous one that also shrinks the heap's reserve. */
export const MEMORY_REDUCING = { type: 'major', execution: 'sync', flavor: 'last-resort' } as const;

/** Probes and scrapes come while nobody reads: they do not end a quiet spell. */
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * A busy spell leaves V8's heap grown to its peak, and V8 keeps it while nothing allocates. After
 * `quietMs` without a request (probes aside), one memory-reducing collection, the one start-up
 * ends with; once per quiet spell, so nobody waits on it and a small host has the memory back.
 * Returns the timer to clear on shutdown (none without a collector).
 */
export function releaseMemoryWhenQuiet(server: Server, gc: Collect | undefined, quietMs = 30_000) {
  if (!gc) return undefined;
  let lastRequest = Date.now();
  let released = true;
  server.on('request', (request: IncomingMessage) => {
    if (PROBES.has((request.url ?? '').split('?')[0])) return;
    lastRequest = Date.now();
    released = false;
  });
  const timer = setInterval(() => {
    if (released || Date.now() - lastRequest < quietMs) return;
    released = true;
    gc(MEMORY_REDUCING);
  }, quietMs / 3);
  timer.unref();
  return timer;
}
