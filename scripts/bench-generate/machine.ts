/**
 * How busy the whole machine was over a stretch of time: every process, every core, from /proc/stat
 * (Linux). Other work on the machine (the database server, other programs) shows here and not in a
 * process's own CPU time, so a run can say whether the cores were all taken.
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface MachineTicks {
  busy: number;
  total: number;
}

/** The machine's busy and total CPU time so far, in clock ticks; undefined where /proc/stat is missing. */
export function machineTicks(): MachineTicks | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
    const [label, ...fields] = line.trim().split(/\s+/);
    if (label !== 'cpu') return undefined;
    // user nice system idle iowait irq softirq steal (guest time is already counted in user).
    const values = fields.slice(0, 8).map(Number);
    const total = values.reduce((sum, value) => sum + value, 0);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/** The share (0 to 1) of all cores that was busy between two readings. */
export function busyShare(
  before: MachineTicks | undefined,
  after: MachineTicks | undefined,
): number | undefined {
  if (!before || !after || after.total <= before.total) return undefined;
  return (after.busy - before.busy) / (after.total - before.total);
}

/** Linux's USER_HZ, the unit of /proc's CPU times (100 on every common architecture). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time so far of every process with this command name (e.g. the local PostgreSQL server's
 * `postgres` processes), in ms: each one's own time and its exited children's, so connections that end
 * between two readings still count. Undefined where /proc is missing.
 */
export function processCpuMs(command: string): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return undefined;
  }
  let ticks = 0;
  for (const pid of entries) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // it has exited meanwhile
    }
    // pid (comm) state ppid …: comm may hold spaces, so split after its closing parenthesis.
    const open = stat.indexOf('(');
    const close = stat.lastIndexOf(')');
    if (stat.slice(open + 1, close) !== command) continue;
    const fields = stat.slice(close + 2).split(' ');
    // Fields 14–17 of stat (utime stime cutime cstime) are 11–14 here, counted from the state.
    ticks += [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index] ?? 0), 0);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/**
 * CPU time so far of each of these processes (own time only), in ms, by pid; a pid that has exited is
 * left out. For the backends of one database: the server's other work does not count.
 */
export function pidsCpuMs(pids: readonly number[]): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
    } catch {
      // exited meanwhile
    }
  }
  return cpu;
}
