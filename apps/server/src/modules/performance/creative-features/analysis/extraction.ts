/** How far feature extraction has got over the scope's accounts' ads (the page's progress line). */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.js';
import { rowsOf } from '../../../../db/rows.js';
import { scopeFilter, type AccountScope } from '../../scope.js';

export interface ExtractionShape {
  done: number;
  pending: number;
  failed: number;
}

/**
 * Ads whose features are known (done), known from the template only because the image could not be read
 * (failed), and not computed yet (pending).
 */
export async function extractionCounts(db: Db, scope: AccountScope): Promise<ExtractionShape> {
  if (scope.accountIds.length === 0) return { done: 0, pending: 0, failed: 0 };
  const [row] = rowsOf<ExtractionShape>(
    await db.execute(sql`
      select count(*) filter (where f.id is not null and f.error is null)::int as done,
        count(*) filter (where f.id is null)::int as pending,
        count(*) filter (where f.error is not null)::int as failed
      from ads a
      left join creative_features f on f.id = a.creative_features_id and f.client_id = a.client_id
      where ${scopeFilter(scope, 'a')}`),
  );
  return row ?? { done: 0, pending: 0, failed: 0 };
}
