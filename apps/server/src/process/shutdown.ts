/**
 * How a long-running process (the web server, a worker) ends on SIGTERM or SIGINT: the steps run in
 * order (stop taking work, hand back or finish running jobs, close the database), and the process exits 0
 * when they are done. A deadline bounds it (process managers wait 10 s before SIGKILL): past it the
 * process exits 1 and what was still running is picked up again as after a crash. A second signal more
 * than a second later (a user pressing Ctrl-C again) exits at once; one within a second is the same
 * request reaching the process twice (a terminal signals the whole group, launchers forward it too).
 */
export interface ShutdownLog {
  info(message: string): void;
  warn(message: string): void;
  error(obj: unknown, message: string): void;
}

export interface ShutdownOptions {
  /** The steps, in order; each is awaited, and one that fails does not stop the next. */
  steps: { name: string; run: () => Promise<unknown> }[];
  /** Exit 1 after this long (default 8000 ms, within the usual 10 s grace). */
  deadlineMs?: number;
  /**
   * Run when the deadline passes, before exiting (given 1 s at most): what must not outlive the process
   * even then (the embedded database's server).
   */
  lastResort?: () => Promise<unknown>;
  log: ShutdownLog;
  /** Also shut down when the launcher's IPC channel closes (the launcher died). */
  followParent?: boolean;
}

export const SHUTDOWN_DEADLINE_MS = 8000;

/**
 * Installs the handlers; returns a function that starts the shutdown as a signal would, exiting with
 * `exitCode` once done (a process that failed to start cleans up the same way).
 */
export function handleShutdown(options: ShutdownOptions): (reason: string, exitCode?: number) => void {
  let since = 0;
  const deadlineMs = options.deadlineMs ?? SHUTDOWN_DEADLINE_MS;
  const begin = (reason: string, exitCode = 0) => {
    if (since) {
      if (Date.now() - since < 1000) return;
      options.log.warn(`${reason} again: exiting without waiting`);
      process.exit(1);
    }
    since = Date.now();
    options.log.info(`${reason}: shutting down`);
    const deadline = setTimeout(() => {
      options.log.warn(
        `shutdown took longer than ${deadlineMs} ms: exiting; unfinished jobs run again later`,
      );
      const last = options.lastResort?.().catch(() => undefined) ?? Promise.resolve();
      void Promise.race([last, new Promise((resolve) => setTimeout(resolve, 1000))]).then(() =>
        process.exit(1),
      );
    }, deadlineMs);
    deadline.unref();
    void (async () => {
      for (const step of options.steps) {
        try {
          await step.run();
        } catch (err) {
          options.log.error({ err }, `shutdown: ${step.name} failed`);
        }
      }
      process.exit(exitCode);
    })();
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => begin(signal));
  if (options.followParent && process.send) process.on('disconnect', () => begin('launcher gone'));
  return begin;
}
