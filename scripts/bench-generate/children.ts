/**
 * Starting and talking to the child processes of `npm run bench:generate` (worker.ts), with the
 * renderer's RENDER_WORKER_ENV under the caller's variables, as `npm run worker` starts its process.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RENDER_WORKER_ENV } from '../../packages/renderer/src/server/worker-env.js';
import type { ChildCommand, ChildReport } from './worker.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Child {
  process: ChildProcess;
  send(command: ChildCommand): void;
  /** The next report of this type; an error report, an exit or `timeoutMs` of silence rejects. */
  next<T extends ChildReport['type']>(type: T, timeoutMs: number): Promise<Extract<ChildReport, { type: T }>>;
  /** Kills the process (SIGKILL) unless it has exited. */
  kill(): void;
}

/** Forks worker.ts with `--import tsx` (one process, so killing it leaves nothing behind). */
export function startChild(env: Record<string, string>): Child {
  const child = fork(path.join(root, 'scripts/bench-generate/worker.ts'), [], {
    cwd: root,
    // BENCH_CPU_PROF=<dir>: each child writes a CPU profile there when it exits (where the time goes).
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: { ...RENDER_WORKER_ENV, ...process.env, ...env },
    serialization: 'advanced',
    // The child's output (the server's warnings) goes to stderr: stdout keeps the table and the JSON line.
    stdio: ['ignore', 2, 2, 'ipc'],
  });
  return {
    process: child,
    send: (command) => child.send(command),
    next: (type, timeoutMs) =>
      new Promise((resolve, reject) => {
        const finish = (settle: () => void): void => {
          clearTimeout(timer);
          child.off('message', onMessage);
          child.off('exit', onExit);
          child.off('error', onError);
          settle();
        };
        const onMessage = (report: ChildReport): void => {
          if (report.type === 'error')
            finish(() => reject(new Error(`bench child failed: ${report.message}`)));
          else if (report.type === type)
            finish(() => resolve(report as Extract<ChildReport, { type: typeof type }>));
        };
        const onExit = (code: number | null): void =>
          finish(() => reject(new Error(`bench child exited (code ${code}) before sending '${type}'`)));
        const onError = (error: Error): void => finish(() => reject(error));
        const timer = setTimeout(
          () => finish(() => reject(new Error(`bench child sent no '${type}' within ${timeoutMs} ms`))),
          timeoutMs,
        );
        child.on('message', onMessage);
        child.on('exit', onExit);
        child.on('error', onError);
      }),
    kill: () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (!process.env.BENCH_CPU_PROF || !child.connected) {
        child.kill('SIGKILL');
        return;
      }
      // A profile is written only on a normal exit: ask for one ('stop' ends a child of either role).
      child.send({ type: 'stop' });
      setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 20_000).unref();
    },
  };
}
