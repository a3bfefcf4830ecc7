import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { systemState } from '../../db/schema.js';

/** The access key id of the embedded upload endpoint; its secret is `uploadSecret`. */
export const LOCAL_ACCESS_KEY_ID = 'adloom-local';

const STATE_KEY = 'upload_signing_secret';
const cache = new WeakMap<Db, Promise<string>>();

/**
 * The secret that signs upload policies for the embedded endpoint: UPLOAD_SECRET when set, otherwise one
 * generated on first use and kept in `system_state`.
 *
 * Why the database and not a file under DATA_DIR: the database is the one thing every web process
 * shares, so a process that signs a policy and another that receives the upload (several processes on
 * one PostgreSQL, a restart in between) always agree. With PGlite the database lives under DATA_DIR
 * anyway. Two processes racing on first use both insert with ON CONFLICT DO NOTHING and then read the
 * row that won.
 */
export function uploadSecret(config: Config, db: Db): Promise<string> {
  if (config.uploadSecret) return Promise.resolve(config.uploadSecret);
  let secret = cache.get(db);
  if (!secret) {
    secret = loadOrCreate(db);
    cache.set(db, secret);
    // A failed read (database briefly away) must not stick: the next request tries again.
    secret.catch(() => cache.delete(db));
  }
  return secret;
}

async function loadOrCreate(db: Db): Promise<string> {
  await db
    .insert(systemState)
    .values({ key: STATE_KEY, value: { secret: randomBytes(32).toString('base64url') } })
    .onConflictDoNothing();
  const [row] = await db.select().from(systemState).where(eq(systemState.key, STATE_KEY));
  const secret = (row?.value as { secret?: unknown } | undefined)?.secret;
  if (typeof secret !== 'string' || secret.length < 32)
    throw new Error(`system_state.${STATE_KEY} holds no usable secret; delete the row to make a new one.`);
  return secret;
}
