/**
 * Data loaders: a field that reads one row's data (a feed's counts, a product set's catalogue) asks the
 * request's loader, which gathers the keys every row asked for in one tick and reads them in one query.
 * A module declares its batch functions next to its queries (`batchLoad`); the request's loaders are made
 * on first use, so a list of fifty feeds costs the same number of queries as one.
 */
import { useOnResolve } from '@envelop/on-resolve';
import DataLoader from 'dataloader';
import type { Plugin } from 'graphql-yoga';
import type { Db } from '../db/client.js';

/** How to read many keys in one query: `load` answers in the order of `keys` (an Error fails its key alone). */
export interface BatchLoad<K, V> {
  load(db: Db, keys: readonly K[]): Promise<(V | Error)[]>;
  /** What makes two keys the same (for keys that are objects); default: the key itself. */
  cacheKey?: (key: K) => unknown;
}

/** A batch function of a module, for {@link RequestLoaders.of}. */
export function batchLoad<K, V>(
  load: BatchLoad<K, V>['load'],
  cacheKey?: BatchLoad<K, V>['cacheKey'],
): BatchLoad<K, V> {
  return { load, cacheKey };
}

/** The loaders of one GraphQL request (cached values live as long as the request). */
export class RequestLoaders {
  readonly #loaders = new Map<object, DataLoader<unknown, unknown>>();

  constructor(private readonly db: Db) {}

  /** The request's loader of `batch`, made on first use. */
  of<K, V>(batch: BatchLoad<K, V>): DataLoader<K, V> {
    let loader = this.#loaders.get(batch) as DataLoader<K, V> | undefined;
    if (!loader) {
      loader = new DataLoader<K, V, unknown>((keys) => batch.load(this.db, keys), {
        cacheKeyFn: batch.cacheKey,
      });
      this.#loaders.set(batch, loader as DataLoader<unknown, unknown>);
    }
    return loader;
  }

  /** Forgets every value read so far (a mutation may have changed them). */
  clearAll(): void {
    for (const loader of this.#loaders.values()) loader.clearAll();
  }
}

/**
 * Before each mutation of a request, its loaders forget what they read: a request's later mutation must
 * not answer with the counts or names its earlier ones read. One instance for the process (useOnResolve
 * wraps the schema's resolvers in place).
 */
const forgetBeforeMutations = useOnResolve<{ loaders?: RequestLoaders }>(
  ({ context, info }) => {
    if (info.parentType.name === 'Mutation') context.loaders?.clearAll();
  },
  { skipDefaultResolvers: true },
);

/** The Yoga plugins data loaders need. */
export function loaderPlugins(): Plugin[] {
  return [forgetBeforeMutations as Plugin];
}
