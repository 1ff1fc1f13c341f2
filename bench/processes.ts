// Child processes of the benchmarks (servers, a static server, Varnish) and what /proc and /metrics
// tell of their memory. Every child started here is stopped by the bench's `finally` or on a signal.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const children = new Set<ChildProcess>();

/** `node args…` (or `command` when given) in `cwd`, its output kept for the error of a failed start. */
export function startChild(args: string[], env: Record<string, string>, cwd = root, command = process.execPath) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  return { child, output: () => output };
}

/** Resident and peak resident memory of a process in MB (Linux /proc; null elsewhere). */
export function memoryOf(pid: number | undefined): { rssMb: number; peakMb: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return null;
  }
}

export async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export async function waitFor(url: string, child: { child: ChildProcess; output(): string }, timeoutMs = 60_000, pollMs = 200) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.child.exitCode !== null) throw new Error(`server exited early:\n${child.output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  throw new Error(`timed out waiting for ${url}:\n${child.output()}`);
}

/** Where the resident memory of a ready server goes, from /proc and its /metrics. */
export async function memoryParts(pid: number | undefined, base: string): Promise<Record<string, number>> {
  const mb = (bytes: number) => Math.round(bytes / 1048576);
  const parts: Record<string, number> = {};
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? NaN);
    parts.fileBackedMb = Math.round((kb('Rss') - kb('Anonymous')) / 1024);
    parts.anonymousMb = Math.round(kb('Anonymous') / 1024);
  } catch {
    // not Linux
  }
  const metrics = await (await fetch(`${base}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1] ?? NaN);
  parts.v8HeapUsedMb = mb(value('nodejs_heap_size_used_bytes'));
  parts.v8HeapTotalMb = mb(value('nodejs_heap_size_total_bytes'));
  parts.externalMb = mb(value('nodejs_external_memory_bytes'));
  const wasm = value('db_engine\\{name="pglite_wasm_heap_bytes"\\}');
  if (Number.isFinite(wasm)) parts.pgliteWasmHeapMb = mb(wasm);
  return parts;
}
