/**
 * `npm run worker` on a machine: WORKER_PROCESSES worker processes (default one per core), each what
 * runWorkerProcess runs, so that N cores render N ads at once (a render takes one core: resvg draws on
 * the calling thread, and RENDER_WORKER_ENV keeps sharp and libuv to the threads one render needs).
 *
 * This process (the fleet) starts them with the renderer's RENDER_WORKER_ENV under the caller's
 * variables (read once at a process's start, so only a launcher can set them), and:
 * - passes SIGTERM, SIGINT and SIGHUP on to them, waits for them to end (each hands its running jobs
 *   back, see shutdown.ts) and exits 0 when they all did; it does the same when its own launcher's IPC
 *   channel closes, and its workers do the same when the fleet itself dies (their IPC channel closes);
 * - starts again a worker that died after it had started (a crash, the kernel's OOM killer, a SIGKILL),
 *   a second later, waiting longer each time one dies young (up to 30 s); the jobs it held run again
 *   within seconds on the others (liveness.ts);
 * - starts the first worker alone, the others once it works jobs (it has migrated the database);
 * - stops every worker and exits 1 when one could not start at all (no database, a bad setting): each
 *   would fail the same way.
 * Its own work is small: it loads neither the services nor the renderer's image libraries.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { RENDER_WORKER_ENV } from '@adloom/renderer/worker-env';
import { loadConfig } from '../config.js';

/** Set in a worker's environment by the fleet: the worker's number (1 to WORKER_PROCESSES). */
export const FLEET_WORKER_VARIABLE = 'ADLOOM_FLEET_WORKER';

/** What a worker tells the fleet once it works jobs. */
const READY = 'adloom-worker-ready';

/** How long a worker must have run for its death not to count as dying young. */
const YOUNG_MS = 60_000;
const FIRST_RESTART_DELAY_MS = 1000;
const MAX_RESTART_DELAY_MS = 30_000;

interface Slot {
  number: number;
  child?: ChildProcess;
  ready: boolean;
  startedAt: number;
  /** Deaths in a row of workers that had run less than YOUNG_MS. */
  youngDeaths: number;
  restart?: NodeJS.Timeout;
}

/** Runs this process as the fleet, or as one of its workers when the fleet started it. */
export async function runWorkerFleet(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (env[FLEET_WORKER_VARIABLE]) return runFleetWorker();
  let count: number;
  try {
    count = loadConfig(env).workerProcesses;
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
    return;
  }
  superviseWorkers(count, { ...RENDER_WORKER_ENV, ...env });
}

async function runFleetWorker(): Promise<void> {
  const { runWorkerProcess } = await import('./worker-process.js');
  await runWorkerProcess();
  if (!process.exitCode) process.send?.(READY);
  // It could not start (it said why): the IPC channel would keep the process alive, and the fleet waiting.
  else process.disconnect?.();
}

function superviseWorkers(count: number, env: NodeJS.ProcessEnv): void {
  const slots: Slot[] = Array.from({ length: count }, (_, i) => ({
    number: i + 1,
    ready: false,
    startedAt: 0,
    youngDeaths: 0,
  }));
  let stopping = false;
  let exitCode = 0;

  const running = () => slots.filter((slot) => slot.child);

  const finishIfDone = () => {
    if (stopping && running().length === 0) process.exit(exitCode);
  };

  const stop = (signal: NodeJS.Signals, reason: string) => {
    if (!stopping) console.log(`Adloom worker fleet ${process.pid}: ${reason}: stopping its workers`);
    stopping = true;
    for (const slot of slots) clearTimeout(slot.restart);
    // Every signal goes on (a second one makes a worker exit without waiting, see shutdown.ts).
    for (const slot of running()) slot.child!.kill(signal);
    finishIfDone();
  };

  const start = (slot: Slot) => {
    slot.restart = undefined;
    slot.ready = false;
    slot.startedAt = Date.now();
    const child = fork(process.argv[1]!, process.argv.slice(2), {
      env: { ...env, [FLEET_WORKER_VARIABLE]: String(slot.number) },
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    slot.child = child;
    child.on('message', (message) => {
      if (message !== READY || slot.ready) return;
      slot.ready = true;
      // The first worker has migrated the database: the others start now (see below).
      if (slot.number === 1 && !stopping) for (const other of slots.slice(1)) if (!other.child) start(other);
    });
    child.on('exit', (code, signal) => {
      slot.child = undefined;
      const how = signal ? `was killed (${signal})` : `exited with code ${code}`;
      if (stopping) {
        // Killed by the signal passed on (one still starting has no handler yet) is a clean stop too.
        if (code !== null && code !== 0) exitCode = 1;
        finishIfDone();
        return;
      }
      if (!slot.ready) {
        console.error(`Adloom worker fleet ${process.pid}: worker ${slot.number} ${how} before it started`);
        exitCode = 1;
        stop('SIGTERM', 'a worker could not start');
        return;
      }
      slot.youngDeaths = Date.now() - slot.startedAt < YOUNG_MS ? slot.youngDeaths + 1 : 0;
      const delay = Math.min(
        MAX_RESTART_DELAY_MS,
        FIRST_RESTART_DELAY_MS * 2 ** Math.max(0, slot.youngDeaths - 1),
      );
      console.error(
        `Adloom worker fleet ${process.pid}: worker ${slot.number} (${child.pid}) ${how}; ` +
          `starting another in ${Math.round(delay / 1000)} s`,
      );
      slot.restart = setTimeout(() => start(slot), delay);
    });
  };

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => stop(signal, signal));
  // The launcher (scripts/worker.mjs) is gone without passing a signal on.
  if (process.send) process.on('disconnect', () => stop('SIGTERM', 'launcher gone'));

  console.log(
    `Adloom worker fleet ${process.pid}: starting ${count} worker process${count === 1 ? '' : 'es'} ` +
      `(WORKER_PROCESSES; one per core unless set)`,
  );
  // The first worker alone, until it has started: it migrates the database, and the migrations of two
  // processes at once on a fresh database collide (one of them fails creating the same table).
  start(slots[0]!);
}
