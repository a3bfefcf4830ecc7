import { afterEach, describe, expect, it } from 'vitest';
import { publish, subscribe, subscribersOf, type EventContext } from './bus.js';

const ctx = {} as EventContext;
const payload = { catalogId: 'c1', importId: 'i1' };

describe('domain event bus', () => {
  const removals: (() => void)[] = [];
  const on = (...args: Parameters<typeof subscribe<'catalogVersionImported'>>) => {
    removals.push(subscribe(...args));
  };
  afterEach(() => removals.splice(0).forEach((remove) => remove()));

  it('delivers the payload to every subscriber and waits for all of them', async () => {
    const seen: string[] = [];
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    on('catalogVersionImported', 'slow', async (event) => {
      await slow;
      seen.push(`slow ${event.catalogId}`);
    });
    on('catalogVersionImported', 'quick', async (event) => {
      seen.push(`quick ${event.importId}`);
    });
    const published = publish(ctx, 'catalogVersionImported', payload);
    let done = false;
    void published.then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    release();
    await published;
    expect(seen.sort()).toEqual(['quick i1', 'slow c1']);
  });

  it('fails when a subscriber fails, after the others have run', async () => {
    const seen: string[] = [];
    on('catalogVersionImported', 'broken', async () => {
      throw new Error('the feeds could not be queued');
    });
    on('catalogVersionImported', 'fine', async () => {
      seen.push('fine');
    });
    await expect(publish(ctx, 'catalogVersionImported', payload)).rejects.toThrow(
      'the feeds could not be queued',
    );
    expect(seen).toEqual(['fine']);
  });

  it('reports every failure when several subscribers fail', async () => {
    on('catalogVersionImported', 'one', () => Promise.reject(new Error('one')));
    on('catalogVersionImported', 'two', () => Promise.reject(new Error('two')));
    const failure = await publish(ctx, 'catalogVersionImported', payload).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AggregateError);
    expect((failure as AggregateError).errors.map((e: Error) => e.message)).toEqual(['one', 'two']);
  });

  it('registers a subscriber once per name, so a second start does not make it react twice', async () => {
    let calls = 0;
    const count = async () => {
      calls += 1;
    };
    on('catalogVersionImported', 'feeds', count);
    on('catalogVersionImported', 'feeds', count);
    expect(subscribersOf('catalogVersionImported')).toEqual(['feeds']);
    await publish(ctx, 'catalogVersionImported', payload);
    expect(calls).toBe(1);
  });

  it('publishes to nobody without subscribers', async () => {
    await expect(publish(ctx, 'catalogVersionImported', payload)).resolves.toBeUndefined();
  });
});
