/** The client's dashboard settings (performance_settings): the minimum spend of ranked ads. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { performanceSettings } from '../../../db/schema.js';
import { invalidInput } from '../../../errors.js';

/** Ads that spent less over a range are not ranked, unless the client set another amount. */
export const DEFAULT_MIN_SPEND = 50;

export async function minSpendOf(db: Db, clientId: string): Promise<number> {
  const [row] = await db
    .select({ minSpend: performanceSettings.minSpend })
    .from(performanceSettings)
    .where(eq(performanceSettings.clientId, clientId));
  return row?.minSpend ?? DEFAULT_MIN_SPEND;
}

/** Sets the minimum spend (in the accounts' currency): a finite amount, zero or more. */
export async function setMinSpend(db: Db, clientId: string, minSpend: number): Promise<number> {
  if (!Number.isFinite(minSpend) || minSpend < 0)
    throw invalidInput(`The minimum spend must be an amount of zero or more (got ${minSpend}).`);
  await db
    .insert(performanceSettings)
    .values({ clientId, minSpend })
    .onConflictDoUpdate({
      target: performanceSettings.clientId,
      set: { minSpend, updatedAt: sql`now()` },
    });
  return minSpend;
}
