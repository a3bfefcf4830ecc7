/**
 * The ad accounts the connected Facebook user can read (GET /me/adaccounts, every page), merged with the
 * ones Adloom stores (picked now or before). The live list is kept five minutes per connection, so a page
 * polling the sync's progress does not spend Meta's rate limit; when Meta cannot answer, the stored ones
 * are listed alone.
 */
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import type { AdAccountRow, AdConnectionRow } from '../../../db/schema.js';
import { accessTokenOf, graphClient, storedMetaAccounts } from './connection.js';
import { metaEnv } from './meta-env.js';

export interface ListedAdAccount {
  externalId: string;
  name: string;
  currency: string;
  timeZone: string;
}

export interface MetaAdAccountView extends ListedAdAccount {
  selected: boolean;
  id: string | null;
  lastSyncedAt: Date | null;
}

interface GraphAdAccount {
  id: string;
  name: string;
  currency: string;
  timezone_name: string;
}

const TTL_MS = 5 * 60_000;
const cache = new Map<string, { at: number; accounts: ListedAdAccount[] }>();

/** The live list from Meta (fresh unless `cached` and younger than five minutes). */
export async function listAdAccounts(
  deps: { config: Config; db: Db },
  connection: AdConnectionRow,
  { cached = true }: { cached?: boolean } = {},
): Promise<ListedAdAccount[]> {
  const key = `${connection.id}:${connection.tokenCiphertext ?? ''}`;
  const hit = cache.get(key);
  if (cached && hit && Date.now() - hit.at < TTL_MS) return hit.accounts;
  const token = await accessTokenOf(deps.config, deps.db, connection);
  const client = graphClient(metaEnv(deps.config), token ?? undefined, {
    rateLimitRetries: 1,
    transientRetries: 1,
    baseDelayMs: 500,
  });
  const rows = await client.all<GraphAdAccount>('me/adaccounts', {
    fields: 'id,name,currency,timezone_name,account_status',
    limit: 100,
  });
  const accounts = rows.map((a) => ({
    externalId: a.id,
    name: a.name,
    currency: a.currency,
    timeZone: a.timezone_name,
  }));
  cache.set(key, { at: Date.now(), accounts });
  return accounts;
}

function view(
  listed: ListedAdAccount,
  stored: AdAccountRow | undefined,
  connectionId: string,
): MetaAdAccountView {
  const ours = stored?.connectionId === connectionId ? stored : undefined;
  return {
    ...listed,
    selected: !!ours?.syncEnabled,
    id: stored?.id ?? null,
    lastSyncedAt: stored?.lastSyncedAt ?? null,
  };
}

/** Every account to show: Meta's list (when it answers) and the stored ones it did not list. */
export async function adAccountsOf(
  deps: { config: Config; db: Db },
  connection: AdConnectionRow,
): Promise<MetaAdAccountView[]> {
  const stored = await storedMetaAccounts(deps.db, connection.clientId);
  const byExternal = new Map(stored.map((a) => [a.externalId, a]));
  let listed: ListedAdAccount[] = [];
  if (connection.status === 'connected')
    try {
      listed = await listAdAccounts(deps, connection);
    } catch {
      listed = [];
    }
  const out = listed.map((l) => view(l, byExternal.get(l.externalId), connection.id));
  const seen = new Set(listed.map((l) => l.externalId));
  for (const a of stored)
    if (!seen.has(a.externalId))
      out.push(
        view(
          { externalId: a.externalId, name: a.name, currency: a.currency, timeZone: a.timeZone },
          a,
          connection.id,
        ),
      );
  return out;
}
