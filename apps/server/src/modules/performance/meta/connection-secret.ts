/**
 * The secret connection tokens' keys are derived from (token-crypto.ts): CONNECTION_SECRET when set, otherwise
 * one generated on first use and kept in `system_state` (like the upload secret: the database is what every
 * process shares). Setting CONNECTION_SECRET keeps the key out of the database, so a dump alone reveals no token.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { systemState } from '../../../db/schema.js';
import { tokenKeyFrom, type TokenKey } from './token-crypto.js';

const STATE_KEY = 'connection_token_secret';
const cache = new WeakMap<Db, Promise<TokenKey>>();

export function connectionTokenKey(config: Config, db: Db): Promise<TokenKey> {
  if (config.connectionSecret) return Promise.resolve(tokenKeyFrom(config.connectionSecret));
  let key = cache.get(db);
  if (!key) {
    key = loadOrCreate(db).then(tokenKeyFrom);
    cache.set(db, key);
    key.catch(() => cache.delete(db));
  }
  return key;
}

async function loadOrCreate(db: Db): Promise<string> {
  await db
    .insert(systemState)
    .values({ key: STATE_KEY, value: { secret: randomBytes(32).toString('base64url') } })
    .onConflictDoNothing();
  const [row] = await db.select().from(systemState).where(eq(systemState.key, STATE_KEY));
  const secret = (row?.value as { secret?: unknown } | undefined)?.secret;
  if (typeof secret !== 'string' || secret.length < 32)
    throw new Error(
      `system_state.${STATE_KEY} holds no usable secret; set CONNECTION_SECRET or delete the row (connections then need reconnecting).`,
    );
  return secret;
}
