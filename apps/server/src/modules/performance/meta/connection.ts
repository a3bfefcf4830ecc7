/**
 * A client's Meta connection (the `ad_connections` row with provider 'meta'): made or renewed by the OAuth
 * callback (code → short-lived token → long-lived token, /me), its token encrypted at rest, and its
 * picked ad accounts (`ad_accounts` with source 'meta' and sync_enabled).
 */
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { adAccounts, adConnections, type AdAccountRow, type AdConnectionRow } from '../../../db/schema.js';
import { setFacebookInfo } from '../../users/index.js';
import { connectionTokenKey } from './connection-secret.js';
import { GraphClient } from './graph-client.js';
import type { MetaEnv } from './meta-env.js';
import { encryptToken, decryptToken } from './token-crypto.js';

export const META = 'meta';
export const META_SCOPES = ['ads_read'];

export async function metaConnection(db: Db, clientId: string): Promise<AdConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(adConnections)
    .where(and(eq(adConnections.clientId, clientId), eq(adConnections.provider, META)));
  return row;
}

export async function connectionById(db: Db, id: string): Promise<AdConnectionRow | undefined> {
  const [row] = await db.select().from(adConnections).where(eq(adConnections.id, id));
  return row;
}

export async function updateConnection(
  db: Db,
  id: string,
  patch: Partial<typeof adConnections.$inferInsert>,
) {
  const [row] = await db
    .update(adConnections)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(adConnections.id, id))
    .returning();
  return row!;
}

/** The client's Meta ad accounts Adloom knows (picked now or before). */
export function storedMetaAccounts(db: Db, clientId: string): Promise<AdAccountRow[]> {
  return db
    .select()
    .from(adAccounts)
    .where(and(eq(adAccounts.clientId, clientId), eq(adAccounts.source, META)))
    .orderBy(adAccounts.name);
}

/** The connection's access token, decrypted. */
export async function accessTokenOf(
  config: Config,
  db: Db,
  connection: AdConnectionRow,
): Promise<string | null> {
  if (!connection.tokenCiphertext) return null;
  return decryptToken(await connectionTokenKey(config, db), connection.clientId, connection.tokenCiphertext);
}

export function graphClient(
  env: MetaEnv,
  accessToken?: string,
  options: Partial<ConstructorParameters<typeof GraphClient>[0]> = {},
) {
  return new GraphClient({
    graphUrl: env.graphUrl,
    apiVersion: env.apiVersion,
    accessToken,
    fetch: env.fetch,
    ...options,
  });
}

/** The Login dialog's address for this state (Meta returns to `redirectUri` with a code). */
export function authorizeUrl(env: MetaEnv, redirectUri: string, state: string): string {
  const url = new URL(`${env.dialogUrl}/${env.apiVersion}/dialog/oauth`);
  url.searchParams.set('client_id', env.appId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  url.searchParams.set('scope', META_SCOPES.join(','));
  url.searchParams.set('response_type', 'code');
  return url.toString();
}

interface TokenAnswer {
  access_token: string;
  expires_in?: number;
}

/**
 * Finishes a connection: exchanges the code for a short-lived token and that for a long-lived one, reads
 * /me, stores the connection (token encrypted) as CONNECTED and fills the user's facebookInfo.
 */
export async function completeConnection(
  deps: { config: Config; db: Db },
  env: MetaEnv,
  input: { clientId: string; userId: string; code: string; redirectUri: string },
): Promise<AdConnectionRow> {
  const anonymous = graphClient(env, undefined, { rateLimitRetries: 1 });
  const short = await anonymous.get<TokenAnswer>('oauth/access_token', {
    client_id: env.appId,
    client_secret: env.appSecret,
    redirect_uri: input.redirectUri,
    code: input.code,
  });
  const long = await anonymous.get<TokenAnswer>('oauth/access_token', {
    grant_type: 'fb_exchange_token',
    client_id: env.appId,
    client_secret: env.appSecret,
    fb_exchange_token: short.access_token,
  });
  const me = await graphClient(env, long.access_token, { rateLimitRetries: 1 }).get<{
    id: string;
    name: string;
  }>('me', {
    fields: 'id,name',
  });
  const key = await connectionTokenKey(deps.config, deps.db);
  const values = {
    status: 'connected' as const,
    externalUserId: me.id,
    externalUserName: me.name,
    tokenCiphertext: encryptToken(key, input.clientId, long.access_token),
    tokenExpiresAt: long.expires_in ? new Date(Date.now() + long.expires_in * 1000) : null,
    scopes: META_SCOPES,
    connectedByUserId: input.userId,
    lastSyncError: null,
    // connectedAt on the page: when it was last (re)connected.
    createdAt: new Date(),
    updatedAt: new Date(),
  };
  const [row] = await deps.db
    .insert(adConnections)
    .values({ clientId: input.clientId, provider: META, ...values })
    .onConflictDoUpdate({ target: [adConnections.clientId, adConnections.provider], set: values })
    .returning();
  await setFacebookInfo(deps.db, input.userId, { id: me.id, name: me.name });
  return row!;
}
