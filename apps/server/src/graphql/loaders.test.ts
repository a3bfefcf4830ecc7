import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { batchLoad, RequestLoaders } from './loaders.js';

describe('RequestLoaders', () => {
  const db = {} as Db;

  it('reads the keys asked for in one tick with one batch, once each, and forgets them on clearAll', async () => {
    const batches: string[][] = [];
    const upper = batchLoad<string, string>((_db, keys) => {
      batches.push([...keys]);
      return Promise.resolve(keys.map((k) => k.toUpperCase()));
    });
    const loaders = new RequestLoaders(db);
    expect(await Promise.all(['a', 'b', 'a'].map((k) => loaders.of(upper).load(k)))).toEqual(['A', 'B', 'A']);
    expect(await loaders.of(upper).load('b')).toBe('B');
    expect(batches).toEqual([['a', 'b']]);
    loaders.clearAll();
    await loaders.of(upper).load('b');
    expect(batches).toEqual([['a', 'b'], ['b']]);
  });

  it('fails only the key whose value is an error, and keeps object keys apart by their cache key', async () => {
    const checked = batchLoad<{ id: string }, number>(
      (_db, keys) => Promise.resolve(keys.map((k) => (k.id === 'bad' ? new Error('bad key') : k.id.length))),
      (k) => k.id,
    );
    const loaders = new RequestLoaders(db);
    const answers = await Promise.allSettled(
      [{ id: 'ok' }, { id: 'bad' }, { id: 'ok' }].map((k) => loaders.of(checked).load(k)),
    );
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : a.reason.message))).toEqual([
      2,
      'bad key',
      2,
    ]);
  });
});
