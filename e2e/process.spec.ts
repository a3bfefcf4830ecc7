/**
 * Issue 14, item 2: `npm start` as a process manager (systemd, Docker, a closing terminal) runs it: a
 * SIGTERM or SIGINT to the top process stops everything it started (the launcher, the server and its
 * embedded database) within 10 s. No browser: the product's processes themselves, on the build the
 * browser tests made.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  test(`${signal} to \`npm start\` stops the launcher, the server and its database within 10 s`, async () => {
    test.setTimeout(180_000);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'adloom-npm-start-'));
    const port = await freePort();
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so that whatever it leaves behind can be ended at the end of the test.
      detached: true,
    });
    let output = '';
    npm.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    npm.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
    try {
      await expect.poll(() => output, { timeout: 120_000, intervals: [250] }).toContain('Adloom is serving');
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      // The demo sign-in is printed once on the empty database.
      expect(output).toMatch(/e-mail: +admin@adloom\.local/);
      const lock = JSON.parse(readFileSync(path.join(dataDir, 'adloom.lock'), 'utf8')) as { pid: number };
      const postmaster = Number(
        readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
      );

      const signalled = Date.now();
      npm.kill(signal);
      await exited;
      await expect
        .poll(() => alive(lock.pid) || alive(postmaster), { timeout: 10_000, intervals: [100] })
        .toBe(false);
      expect(Date.now() - signalled).toBeLessThan(10_000);
      expect(existsSync(path.join(dataDir, 'adloom.lock'))).toBe(false);
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    } finally {
      try {
        process.kill(-npm.pid!, 'SIGKILL');
      } catch {
        // The whole group has ended.
      }
      await rm(dataDir, { recursive: true, force: true });
    }
  });
}
