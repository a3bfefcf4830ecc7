/**
 * The JobQueue contract, run against both drivers: PostgreSQL (pg-boss, what the server runs) and the
 * in-process queue tests may use instead. What a caller relies on behaves the same on both.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { createInProcessQueue } from '../src/jobs/in-process-queue.js';
import { createJobQueue, isHandBack, type JobLogger, type JobQueue } from '../src/jobs/queue.js';
import { openTestDatabase } from './harness.js';

const quiet: JobLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let seq = 0;
const queueName = () => `contract-${++seq}-${Math.random().toString(36).slice(2, 8)}`;

describe.each(['postgresql', 'in-process'] as const)('job queue contract: %s driver', (driver) => {
  let database: Database | undefined;
  const queues: JobQueue[] = [];
  const open = () => {
    const defaults = { retryDelay: 0, retryBackoff: false };
    const queue =
      driver === 'in-process'
        ? createInProcessQueue(defaults)
        : createJobQueue(database!, { ...defaults, pollingIntervalMs: 50, log: quiet });
    queues.push(queue);
    return queue;
  };

  beforeAll(async () => {
    if (driver === 'postgresql') {
      database = await openTestDatabase('embedded');
      database.pool.on('error', () => undefined);
    }
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.stop({ graceful: false })));
  });
  afterAll(async () => {
    await database?.close();
  });

  it('runs a sent job with its data and keeps its output', async () => {
    const queue = open();
    const name = queueName();
    await queue.work<{ n: number }>(name, {}, (job) => ({ doubled: job.data.n * 2 }));
    const id = (await queue.send(name, { n: 21 }))!;
    const job = await until(
      () => queue.getJob(name, id),
      (j) => j?.state === 'completed',
      'completion',
    );
    expect(job).toMatchObject({ data: { n: 21 }, output: { doubled: 42 }, retryCount: 0 });
  });

  it('queues a singleton key once while its job waits', async () => {
    const queue = open();
    const name = queueName();
    expect(await queue.send(name, { a: 1 }, { singletonKey: 'k' })).not.toBeNull();
    expect(await queue.send(name, { a: 2 }, { singletonKey: 'k' })).toBeNull();
    expect(
      await queue.sendMany(name, [{ data: { a: 3 }, options: { singletonKey: 'k' } }, { data: {} }]),
    ).toBe(1);
    expect(await queue.keysWithoutLiveJob(name, ['k', 'other'])).toEqual(['other']);
    expect(await queue.hasLiveJob(name, { a: 1 })).toBe(true);
    expect(await queue.hasLiveJob(name, { a: 2 })).toBe(false);
    expect((await queue.counts(name)).created).toBe(2);
  });

  it('retries a failing job, then fails it with its last error and sends its data to the dead letter', async () => {
    const queue = open();
    const name = queueName();
    const dead = queueName();
    let runs = 0;
    await queue.work(name, {}, () => {
      runs += 1;
      throw new Error(`run ${runs} broke`);
    });
    const id = (await queue.send(name, { item: 'x' }, { retryLimit: 1, deadLetter: dead }))!;
    const job = await until(
      () => queue.getJob(name, id),
      (j) => j?.state === 'failed',
      'failure',
    );
    expect(job).toMatchObject({ retryCount: 1, error: 'run 2 broke' });
    expect(runs).toBe(2);
    expect(await queue.hasLiveJob(dead, { item: 'x' })).toBe(true);
  });

  it('runs at most perGroup jobs of one group at once, while other groups go on', async () => {
    const queue = open();
    const name = queueName();
    const running = new Map<string, number>();
    let most = 0;
    await queue.work<{ group: string }>(name, { concurrency: 4, perGroup: 1 }, async (job) => {
      const n = (running.get(job.data.group) ?? 0) + 1;
      running.set(job.data.group, n);
      most = Math.max(most, n);
      await new Promise((resolve) => setTimeout(resolve, 30));
      running.set(job.data.group, n - 1);
    });
    const jobs = ['a', 'a', 'a', 'b'].map((group) => ({ data: { group }, options: { group } }));
    expect(await queue.sendMany(name, jobs)).toBe(4);
    await until(
      () => queue.counts(name),
      (c) => c.completed === 4,
      'four completions',
    );
    expect(most).toBe(1);
  });

  it('hands a running job back when its worker stops without waiting', async () => {
    const queue = open();
    const name = queueName();
    let handedBack = false;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    await queue.work(name, {}, async (job) => {
      started();
      await new Promise((resolve) => job.signal.addEventListener('abort', resolve, { once: true }));
      handedBack = isHandBack(job.signal);
    });
    const id = (await queue.send(name, {}))!;
    await running;
    await queue.stop({ graceful: false });
    expect(handedBack).toBe(true);
    // A stopped PostgreSQL queue takes no more calls; another one on the database reads the job. The
    // in-process queue's jobs live in the stopped queue itself.
    const reader = driver === 'in-process' ? queue : open();
    expect(await reader.getJob(name, id)).toMatchObject({ state: 'created', retryCount: 0 });
  });
});
