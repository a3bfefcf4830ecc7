/**
 * Fairness between the groups (clients) of a queue (issue 14, item 12): groups take turns, a worker with
 * `perGroup` runs at most that many jobs of one group at once across processes, and a full group holds up
 * no other.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { createJobQueue, type JobLogger, type JobQueue, type JobQueueOptions } from '../src/jobs/queue.js';
import { describeEachDatabase, openTestDatabase } from './harness.js';

const quiet: JobLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: (o, m) => console.error(m, o),
};

async function waitFor(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

let seq = 0;
const queueName = () => `groups-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

describeEachDatabase('job groups on %s', (kind) => {
  let database: Database;
  const queues: JobQueue[] = [];
  const open = (o: JobQueueOptions = {}) => {
    const q = createJobQueue(database, { pollingIntervalMs: 50, log: quiet, ...o });
    queues.push(q);
    return q;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    database.pool?.on('error', () => undefined);
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.stop({ graceful: false })));
  });
  afterAll(async () => {
    await database.close();
  });

  it("takes groups in turn: a group's 3 jobs sent while another's 60 run do not wait for them", async () => {
    const queue = open();
    const name = queueName();
    const ran: string[] = [];
    await queue.work<{ id: string }>(name, { concurrency: 1 }, (job) => {
      ran.push(job.data.id);
    });
    await queue.sendMany(
      name,
      Array.from({ length: 60 }, (_, n) => ({ data: { id: `A${n}` }, options: { group: 'client-a' } })),
    );
    await waitFor(() => ran.length >= 5, 'the first of A');
    await queue.sendMany(
      name,
      ['B0', 'B1', 'B2'].map((id) => ({ data: { id }, options: { group: 'client-b' } })),
    );
    await waitFor(() => ran.length === 63, 'every job');
    // B's jobs alternate with A's: all three ran long before A's last (FIFO ran them after it).
    const lastOfB = Math.max(...['B0', 'B1', 'B2'].map((id) => ran.indexOf(id)));
    expect(lastOfB).toBeLessThan(ran.indexOf('A30'));
    // Each group kept its own order.
    const ofA = ran.filter((id) => id.startsWith('A'));
    expect(ofA).toEqual(Array.from({ length: 60 }, (_, n) => `A${n}`));
  });

  it('runs one job of a group at a time across processes; a busy group holds up no other', async () => {
    const name = queueName();
    // Two processes' queues, each with three slots.
    const first = open();
    const second = open();
    const running = new Map<string, number>();
    let most = 0;
    const release = gate();
    const done: string[] = [];
    const handler = async (job: { data: { group: string; id: string } }) => {
      const { group, id } = job.data;
      const now = (running.get(group) ?? 0) + 1;
      running.set(group, now);
      most = Math.max(most, now);
      if (id === 'A0')
        await release.opened; // A's first job holds its group's only place
      else await new Promise((resolve) => setTimeout(resolve, 5));
      running.set(group, running.get(group)! - 1);
      done.push(id);
    };
    await first.work(name, { concurrency: 3, perGroup: 1 }, handler);
    await second.work(name, { concurrency: 3, perGroup: 1 }, handler);
    await first.send(name, { group: 'A', id: 'A0' }, { group: 'A' });
    await waitFor(() => running.get('A') === 1, 'A0 to start');
    const jobs = ['A', 'B', 'C', 'D'].flatMap((group) =>
      Array.from({ length: 5 }, (_, n) => ({
        data: { group, id: `${group}${n + 1}` },
        options: { group },
      })),
    );
    await second.sendMany(name, jobs);
    // While A0 holds A, every other group's jobs run to the end; none of A's.
    await waitFor(() => done.length === 15, "B's, C's and D's jobs");
    expect(done.filter((id) => id.startsWith('A'))).toEqual([]);
    // Completions are written in batches after their handlers end: only A0 stays active.
    await waitFor(async () => (await first.counts(name)).active === 1, 'only A0 active');
    release.open();
    await waitFor(() => done.length === 21, "A's jobs");
    expect(done.slice(15)).toEqual(['A0', 'A1', 'A2', 'A3', 'A4', 'A5']);
    expect(most).toBe(1);
    await waitFor(async () => (await first.counts(name)).completed === 21, 'every completion written');
    expect(await first.counts(name)).toMatchObject({ completed: 21, active: 0, created: 0, retry: 0 });
  });

  it("keeps the group out of the handler's data", async () => {
    const queue = open();
    const name = queueName();
    const seen: unknown[] = [];
    await queue.work(name, { perGroup: 1 }, (job) => {
      seen.push(job.data);
    });
    const id = (await queue.send(name, { n: 1 }, { group: 'client' }))!;
    await waitFor(async () => (await queue.getJob(name, id))?.state === 'completed', 'the job');
    expect(seen).toEqual([{ n: 1 }]);
    expect((await queue.getJob(name, id))!.data).toEqual({ n: 1 });
  });

  it("frees a group whose job's worker died once its owner fails it (failActive)", async () => {
    const queue = open();
    const name = queueName();
    const dead = (await queue.send(name, { id: 'dead' }, { group: 'A', retryLimit: 0 }))!;
    // What a killed worker leaves: the job active, until its expiry hours later.
    await database.db.execute(
      sql`update pgboss.job set state = 'active', started_on = now() where id = ${dead}`,
    );
    const ran: string[] = [];
    await queue.work<{ id: string }>(name, { perGroup: 1 }, (job) => {
      ran.push(job.data.id);
    });
    const next = (await queue.send(name, { id: 'next' }, { group: 'A' }))!;
    await queue.send(name, { id: 'other' }, { group: 'B' });
    await waitFor(() => ran.includes('other'), "B's job");
    expect(ran).toEqual(['other']);
    expect(await queue.failActive(name, { id: 'dead' }, 'its worker died')).toBe(1);
    await waitFor(async () => (await queue.getJob(name, next))?.state === 'completed', "A's next job");
    expect(await queue.getJob(name, dead)).toMatchObject({ state: 'failed', error: 'its worker died' });
    expect(await queue.failActive(name, { id: 'dead' }, 'again')).toBe(0);
  });
});
