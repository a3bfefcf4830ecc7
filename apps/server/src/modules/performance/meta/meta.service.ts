/**
 * The Meta connection's actions behind the GraphQL mutations: start (the signed state and the dialog's
 * address), pick ad accounts and the backfill, sync now, disconnect (keeps every synced row).
 */
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { AppDeps } from '../../../deps.js';
import { adAccounts, type AdConnectionRow } from '../../../db/schema.js';
import { DomainError, invalidInput } from '../../../errors.js';
import { recordAudit, type AuditActor } from '../../audit/index.js';
import type { Actor } from '../../users/index.js';
import { ensureAccount } from '../facts.js';
import { listAdAccounts } from './ad-account-list.js';
import { connectionTokenKey } from './connection-secret.js';
import { authorizeUrl, metaConnection, updateConnection } from './connection.js';
import { metaEnv } from './meta-env.js';
import { queueMetaSync } from './meta.jobs.js';
import { callbackUrl } from './meta.routes.js';
import { signState } from './oauth-state.js';

/** Meta keeps 37 months of insights; a backfill asks for at most three years. */
export const MAX_BACKFILL_DAYS = 1095;

function requireAdmin(actor: Actor, what: string) {
  if (!actor.isAdmin) throw new DomainError('NOT_ADMIN', `Only admins can ${what}.`);
}

async function connected(deps: AppDeps, clientId: string): Promise<AdConnectionRow> {
  const connection = await metaConnection(deps.db, clientId);
  if (!connection || connection.status === 'disconnected')
    throw new DomainError('NOT_FOUND', 'Meta is not connected: connect it first.');
  if (connection.status === 'reconnect_needed')
    throw new DomainError(
      'CONFLICT',
      'Meta no longer accepts this connection: reconnect Meta first (your synced data is kept).',
    );
  return connection;
}

export async function startConnection(deps: AppDeps, actor: Actor): Promise<string> {
  requireAdmin(actor, 'connect Meta');
  const key = await connectionTokenKey(deps.config, deps.db);
  const state = signState(key, { clientId: actor.clientId, userId: actor.user.id });
  return authorizeUrl(metaEnv(deps.config), callbackUrl(deps.config.publicUrl), state);
}

export async function selectAccounts(
  deps: AppDeps,
  actor: Actor,
  externalIds: readonly string[],
  backfillDays: number,
): Promise<AdConnectionRow> {
  requireAdmin(actor, 'pick the ad accounts Adloom syncs');
  if (!Number.isInteger(backfillDays) || backfillDays < 1 || backfillDays > MAX_BACKFILL_DAYS)
    throw invalidInput(
      `backfillDays must be a whole number of days from 1 to ${MAX_BACKFILL_DAYS} (got ${backfillDays}).`,
    );
  const connection = await connected(deps, actor.clientId);
  const wanted = [...new Set(externalIds)];
  const listed = wanted.length ? await listAdAccounts(deps, connection, { cached: false }) : [];
  const byId = new Map(listed.map((a) => [a.externalId, a]));
  const unknown = wanted.filter((id) => !byId.has(id));
  if (unknown.length)
    throw invalidInput(`Not an ad account this Facebook user can read: ${unknown.join(', ')}.`);
  for (const id of wanted) {
    const a = byId.get(id)!;
    await ensureAccount(deps.db, {
      clientId: actor.clientId,
      source: 'meta',
      externalId: a.externalId,
      name: a.name,
      currency: a.currency,
      timeZone: a.timeZone,
      connectionId: connection.id,
    });
  }
  const mine = and(eq(adAccounts.clientId, actor.clientId), eq(adAccounts.source, 'meta'));
  if (wanted.length) {
    await deps.db
      .update(adAccounts)
      .set({ syncEnabled: true })
      .where(and(mine, inArray(adAccounts.externalId, wanted)));
    // A longer backfill than before fetches the picked accounts' history again.
    if (backfillDays > connection.backfillDays)
      await deps.db
        .update(adAccounts)
        .set({ lastSyncedAt: null })
        .where(and(mine, inArray(adAccounts.externalId, wanted)));
  }
  await deps.db
    .update(adAccounts)
    .set({ syncEnabled: false })
    .where(wanted.length ? and(mine, notInArray(adAccounts.externalId, wanted)) : mine);
  const updated = await updateConnection(deps.db, connection.id, { backfillDays });
  if (wanted.length) await queueMetaSync(deps, updated);
  return (await metaConnection(deps.db, actor.clientId))!;
}

export async function syncNow(deps: AppDeps, actor: Actor): Promise<AdConnectionRow> {
  const connection = await connected(deps, actor.clientId);
  const [picked] = await deps.db
    .select({ id: adAccounts.id })
    .from(adAccounts)
    .where(and(eq(adAccounts.connectionId, connection.id), eq(adAccounts.syncEnabled, true)))
    .limit(1);
  if (!picked) throw invalidInput('Pick at least one ad account to sync first.');
  await queueMetaSync(deps, connection);
  return (await metaConnection(deps.db, actor.clientId))!;
}

/** Forgets the token and stops syncing; every synced account, ad and row stays. */
export async function disconnect(deps: AppDeps, actor: Actor, audit: AuditActor): Promise<AdConnectionRow> {
  requireAdmin(actor, 'disconnect Meta');
  const connection = await metaConnection(deps.db, actor.clientId);
  if (!connection) throw new DomainError('NOT_FOUND', 'Meta is not connected.');
  await recordAudit(deps.db, audit, {
    clientId: actor.clientId,
    action: 'integration.disconnected',
    target: {
      kind: 'integration',
      id: connection.id,
      label: `Meta (${connection.externalUserName ?? 'Facebook user'})`,
    },
    details: { provider: 'meta' },
  });
  return updateConnection(deps.db, connection.id, {
    status: 'disconnected',
    tokenCiphertext: null,
    tokenExpiresAt: null,
    syncState: 'idle',
    syncProgress: null,
    syncMessage: null,
  });
}
