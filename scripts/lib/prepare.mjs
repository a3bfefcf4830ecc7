// Shared by `npm start` and `npm run worker`: install what is missing, build what is stale, and run a
// built entry point in a child process that follows this one's signals.
// Uses only Node built-ins, because it runs before dependencies are installed.
import { execSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });
const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);

function newest(dir) {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return latest;
}

/** npm ci on a fresh clone, npm install when the lock file changed since. */
export function installIfNeeded(label) {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(installed)) {
    console.log(`${label}: installing dependencies (npm ci)…`);
    run('npm ci --no-audit --no-fund');
  } else if (mtime(path.join(root, 'package-lock.json')) > mtime(installed)) {
    console.log(`${label}: package-lock.json changed, installing…`);
    run('npm install --no-audit --no-fund');
  }
}

/** Runs `command` when any of `outputs` is older than the newest file under `sourceDirs` (or the lock file). */
export function buildIfStale(label, { sourceDirs, outputs, command }) {
  const sources = Math.max(
    ...sourceDirs.map((dir) => newest(path.join(root, dir))),
    mtime(path.join(root, 'package-lock.json')),
  );
  const built = Math.min(...outputs.map((file) => mtime(path.join(root, file))));
  if (built < sources) {
    console.log(`${label}: building…`);
    run(command);
  }
}

/**
 * Runs a built script as a child with `env` added, forwarding SIGINT, SIGTERM and SIGHUP; exits with it.
 * An IPC channel ties the child to this process: should this one die without forwarding a signal (a
 * SIGKILL), the channel closes and the child shuts down as on SIGTERM, instead of serving on unwatched.
 */
export function runChild(script, env) {
  const child = spawn(process.execPath, ['--enable-source-maps', script], {
    cwd: root,
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...env, ...process.env },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  // npm runs this through `exec` (package.json), so a signal to `npm start` reaches this process. Should
  // the process that started this one die without passing a signal on (killed outright, or a shell that
  // does not forward), this one is adopted by another: stop the child as if told to.
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(watch);
      child.kill('SIGTERM');
    }
  }, 500);
  watch.unref();
}
