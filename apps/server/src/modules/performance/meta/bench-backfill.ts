/**
 * The backfill benchmark: one ad account of 500 ads with a year of delivery, served by the fake
 * Graph API in process (@adloom/fakes benchmarkMetaOptions), synced into the client's tables through the
 * real sync (chunks, async report runs, breakdowns of the last 30 days, rollups).
 */
import { and, eq } from 'drizzle-orm';
import { benchmarkMetaOptions, createFakeMeta } from '@adloom/fakes';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { adAccounts, adConnections } from '../../../db/schema.js';
import { ensureAccount } from '../facts.js';
import { connectionTokenKey } from './connection-secret.js';
import { todayIn } from './days.js';
import type { MetaEnv } from './meta-env.js';
import { runMetaSync, type MetaSyncOutcome } from './sync.js';
import type { MetaTuning } from './tuning.js';
import { encryptToken } from './token-crypto.js';

export async function benchMetaBackfill(
  deps: { db: Db; config: Config },
  clientId: string,
  { days = 365, tuning = {} }: { days?: number; tuning?: Partial<MetaTuning> } = {},
): Promise<MetaSyncOutcome & { ms: number; ads: number }> {
  const fake = createFakeMeta({
    ...benchmarkMetaOptions(todayIn('America/New_York')),
    timeZone: 'America/New_York',
  });
  const env: MetaEnv = {
    configured: true,
    sandbox: false,
    appId: fake.appId,
    appSecret: fake.appSecret,
    graphUrl: 'http://fake-meta.invalid',
    dialogUrl: 'http://fake-meta.invalid',
    apiVersion: 'v23.0',
    fetch: fake.fetch,
    fake,
  };
  const redirect = 'http://bench.invalid/callback';
  const dialog = fake.handle({
    method: 'GET',
    url: `/v23.0/dialog/oauth?client_id=${fake.appId}&redirect_uri=${redirect}`,
    headers: {},
  });
  const code = new URL(dialog.headers.location!).searchParams.get('code')!;
  const answer = fake.handle({
    method: 'GET',
    url: `/v23.0/oauth/access_token?client_id=${fake.appId}&client_secret=${fake.appSecret}&redirect_uri=${redirect}&code=${encodeURIComponent(code)}`,
    headers: {},
  });
  const token = (JSON.parse(answer.body) as { access_token: string }).access_token;
  const key = await connectionTokenKey(deps.config, deps.db);
  const [connection] = await deps.db
    .insert(adConnections)
    .values({
      clientId,
      provider: 'meta',
      tokenCiphertext: encryptToken(key, clientId, token),
      backfillDays: days,
    })
    .onConflictDoUpdate({
      target: [adConnections.clientId, adConnections.provider],
      set: { status: 'connected', tokenCiphertext: encryptToken(key, clientId, token), backfillDays: days },
    })
    .returning();
  const account = fake.world.accounts[0]!;
  await ensureAccount(deps.db, {
    clientId,
    source: 'meta',
    externalId: account.id,
    name: account.name,
    currency: account.currency,
    timeZone: account.timeZone,
    connectionId: connection!.id,
  });
  await deps.db
    .update(adAccounts)
    .set({ syncEnabled: true, lastSyncedAt: null })
    .where(and(eq(adAccounts.clientId, clientId), eq(adAccounts.externalId, account.id)));
  const started = performance.now();
  const outcome = await runMetaSync(
    deps,
    connection!.id,
    { pollIntervalMs: 0, pageLimit: 5000, ...tuning },
    env,
  );
  return { ...outcome, ms: Math.round(performance.now() - started), ads: fake.world.ads(account.id).length };
}
