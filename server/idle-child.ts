// Work that loads a lot of memory for a moment (image processing with libvips, the password
// checker's dictionaries) runs in a Node process of its own that ends when no request has come for
// a while. Neither glibc nor V8 gives such memory back to the system once the server has touched it,
// and a reader-facing instance is idle for this work almost all day: a child that exits returns all
// of it. A request while the child runs costs the IPC copy; the first after an idle spell also the
// child's start (docs/performance.md, "What the memory is").
//
// Parent: `createIdleChild(script)` gives `ask(request)`; the child starts on the first ask.
// Child (the script's module): `serveParent(handler)` answers each request with the handler's result.
// Scripts are entry points of their own in the server bundle (scripts/build-if-stale.ts), so
// `childScript()` finds them beside the bundle or, from the sources, beside the caller.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** How long a child waits for another request before it exits. */
export const CHILD_IDLE_MS = 60_000;

export class ChildFailedError extends Error {}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Answer = { id: number; value?: unknown; error?: string };

/**
 * The script of a child: `name`.ts beside `callerUrl` when running from the sources, `name`.js in the
 * bundle's folder (every chunk of the bundle sits in one folder) when running the built server.
 */
export function childScript(callerUrl: string, name: string): URL {
  return new URL(callerUrl.endsWith('.ts') ? `./${name}.ts` : `./${name}.js`, callerUrl);
}

export function createIdleChild<Request, Result>({
  script,
  idleMs = CHILD_IDLE_MS,
  failure,
}: {
  script: URL;
  idleMs?: number;
  /** The error's message when the child ends before answering. */
  failure: string;
}) {
  let child: { process: ChildProcess; pending: Map<number, Pending> } | undefined;
  let idle: ReturnType<typeof setTimeout> | undefined;
  let nextId = 0;

  function start() {
    const proc = spawn(process.execPath, [fileURLToPath(script)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // Buffers cross as Buffers (structured clone), not as JSON arrays of numbers.
      serialization: 'advanced',
      // The server's V8 flags (NODE_OPTIONS, a test runner's loaders) are the server's.
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    const mine = { process: proc, pending: new Map<number, Pending>() };
    const fail = () => {
      if (child === mine) child = undefined;
      for (const { reject } of mine.pending.values()) reject(new ChildFailedError(failure));
      mine.pending.clear();
    };
    proc.on('message', ({ id, value, error }: Answer) => {
      const waiting = mine.pending.get(id);
      mine.pending.delete(id);
      if (error !== undefined) waiting?.reject(new Error(error));
      else waiting?.resolve(value);
      if (mine.pending.size === 0) {
        holdOpen(mine.process, false);
        if (child === mine) stopWhenIdle();
      }
    });
    proc.on('exit', fail);
    proc.on('error', fail);
    return mine;
  }

  /**
   * A child with requests in hand keeps its parent running (a command that awaits a picture has
   * nothing else pending); an idle one never does (a server, a test run).
   */
  function holdOpen(proc: ChildProcess, hold: boolean) {
    if (hold) {
      proc.ref();
      proc.channel?.ref();
    } else {
      proc.unref();
      proc.channel?.unref();
    }
  }

  function stopWhenIdle() {
    clearTimeout(idle);
    idle = setTimeout(stop, idleMs);
    idle.unref();
  }

  function stop() {
    clearTimeout(idle);
    const current = child;
    child = undefined;
    if (current?.process.connected) current.process.disconnect();
  }

  return {
    ask(request: Request): Promise<Result> {
      clearTimeout(idle);
      const current = (child ??= start());
      const id = ++nextId;
      return new Promise<Result>((resolve, reject) => {
        current.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        holdOpen(current.process, true);
        current.process.send({ id, request }, (error) => {
          if (!error || !current.pending.has(id)) return;
          current.pending.delete(id);
          reject(new ChildFailedError(failure));
        });
      });
    },
    /** The child's process id while it runs (tests). */
    get pid() {
      return child?.process.pid;
    },
    /** Ends the child now (shutdown, tests); the next request starts another. */
    stop,
  };
}

/**
 * The child's side: answers every request with `handler`'s result, or its error's message. Exits
 * when the parent disconnects (idle, or the server ended).
 */
export function serveParent<Request, Result>(handler: (request: Request) => Promise<Result> | Result) {
  process.on('message', async ({ id, request }: { id: number; request: Request }) => {
    try {
      process.send!({ id, value: await handler(request) });
    } catch (error) {
      process.send!({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
  process.on('disconnect', () => process.exit(0));
}
