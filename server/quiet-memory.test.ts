import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { releaseMemoryWhenQuiet } from './quiet-memory.ts';

const QUIET_MS = 30_000;
const MEMORY_REDUCING = { type: 'major', execution: 'sync', flavor: 'last-resort' };

describe('memory given back when quiet', () => {
  let server: Server;
  let timer: NodeJS.Timeout | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    server = createServer();
  });
  afterEach(() => {
    clearInterval(timer);
    vi.useRealTimers();
  });
  // The server's own 'request' event, as node:http emits it for each request.
  const ask = (url: string) => server.emit('request', { url } as IncomingMessage);

  it('collects once a quiet spell after readers, never while they read; probes are not readers', () => {
    const collections: object[] = [];
    timer = releaseMemoryWhenQuiet(server, (options) => collections.push(options), QUIET_MS);
    // Started quiet: nothing grew yet, nothing to give back.
    vi.advanceTimersByTime(QUIET_MS * 3);
    expect(collections).toEqual([]);

    // A reader every 10 s for ten minutes: no collection while they come.
    for (let i = 0; i < 60; i++) {
      ask(`/public/articles/${i}`);
      vi.advanceTimersByTime(10_000);
    }
    expect(collections).toEqual([]);

    // Quiet but for a load balancer's probes and a scrape: one collection, however long it lasts.
    for (let i = 0; i < 60; i++) {
      ask('/readyz');
      ask('/healthz');
      ask('/metrics?format=prometheus');
      vi.advanceTimersByTime(5_000);
    }
    expect(collections).toEqual([MEMORY_REDUCING]);

    // The next reader earns the next collection, a quiet spell after it.
    ask('/');
    vi.advanceTimersByTime(QUIET_MS - 1);
    expect(collections).toHaveLength(1);
    vi.advanceTimersByTime(QUIET_MS);
    expect(collections).toEqual([MEMORY_REDUCING, MEMORY_REDUCING]);
  });

  it('does nothing where the process has no collector exposed', () => {
    expect(releaseMemoryWhenQuiet(server, undefined)).toBeUndefined();
    expect(server.listenerCount('request')).toBe(0);
  });
});
