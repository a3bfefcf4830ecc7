/**
 * The server of a soak run, started from source as `npm start` starts it, killed with SIGKILL and started
 * again. While it is down, `whenUp()` is a promise the traffic waits on.
 */
import { createServer } from 'node:net';
import { startProcess, type RunningProcess } from '../fixtures/processes.js';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerLife {
  origin: string;
  /** Resolves when the server serves (at once while it does). */
  whenUp(): Promise<void>;
  isUp(): boolean;
  /** SIGKILL, then a new start; resolves when it serves again. */
  killAndRestart(): Promise<void>;
  restarts(): number;
  /** Everything the current process printed. */
  output(): string;
  /** A graceful stop (SIGTERM) at the end of the run. */
  stop(): Promise<void>;
}

export async function startServerLife(env: Record<string, string>): Promise<ServerLife> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const fullEnv = { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin };
  let current: RunningProcess;
  let up = false;
  let upPromise: Promise<void>;
  let restarts = 0;

  const boot = async () => {
    up = false;
    current = startProcess('main', [], fullEnv);
    upPromise = current.waitFor(/Adloom is serving/, 180_000).then(() => {
      up = true;
    });
    await upPromise;
  };
  await boot();

  return {
    origin,
    whenUp: () => upPromise,
    isUp: () => up,
    restarts: () => restarts,
    output: () => current.output(),
    async killAndRestart() {
      up = false;
      // Requests that fail while the server is down wait for this, not for the old process.
      const booting = (async () => {
        current.child.kill('SIGKILL');
        await current.exited;
        restarts += 1;
        await boot();
      })();
      upPromise = booting;
      await booting;
    },
    async stop() {
      current.child.kill('SIGTERM');
      const timer = setTimeout(() => current.child.kill('SIGKILL'), 15_000);
      await current.exited;
      clearTimeout(timer);
    },
  };
}
