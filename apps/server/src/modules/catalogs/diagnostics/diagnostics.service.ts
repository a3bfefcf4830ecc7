/**
 * A catalogue's readiness for Meta and Google, as Commerce Manager's and Merchant Center's diagnostics
 * show it: how many current items each network would take, and why the others not. The rules are
 * @adloom/commerce's (catalogDiagnostics); the import stores each item's issue codes and the image check
 * adds the image ones, so every count here is one SQL pass over the stored codes.
 */
import { sql } from 'drizzle-orm';
import {
  AD_NETWORKS,
  ITEM_ISSUES,
  refusingCodes,
  type AdNetwork,
  type ItemIssueCode,
  type ItemIssueRule,
} from '@adloom/commerce';
import type { Db } from '../../../db/client.js';
import { rowsOf, textArray } from '../../../db/rows.js';
import { catalogImageSizes, catalogImports, catalogItems, type CatalogRow } from '../../../db/schema.js';

/** How many items a network would take. */
export interface NetworkReadiness {
  network: AdNetwork;
  readyCount: number;
}

/** One issue of the catalogue, with how many items have it. */
export interface CatalogIssueCount {
  rule: ItemIssueRule;
  itemCount: number;
}

/** Where the check of the items' main images stands. */
export interface ImageCheckState {
  /** Distinct main images of the current items. */
  total: number;
  /** Of them, measured (a size is known). */
  measured: number;
  /** Of them, that could not be fetched or read. */
  failed: number;
  /** The check of the current import has finished. */
  done: boolean;
  /** Why images could not be measured, most frequent first (at most 5). */
  failures: { reason: string; imageCount: number }[];
}

export interface CatalogDiagnostics {
  itemCount: number;
  /** Items imported before the diagnostics existed have no issues recorded: import again to see them. */
  diagnosed: boolean;
  networks: NetworkReadiness[];
  issues: CatalogIssueCount[];
  images: ImageCheckState;
}

/** Refusals before flags. */
const severityRank = (rule: ItemIssueRule): number => (rule.severity === 'error' ? 0 : 1);

/** The diagnostics of the catalogue's current items, or null before its first import. */
export async function catalogDiagnostics(
  db: Db,
  catalog: Pick<CatalogRow, 'id' | 'currentImportId'>,
): Promise<CatalogDiagnostics | null> {
  const importId = catalog.currentImportId;
  if (!importId) return null;
  const readyColumns = AD_NETWORKS.map(
    (network) =>
      sql`count(*) filter (where not (coalesce(${catalogItems.issues}, '[]'::jsonb) ?| ${textArray(refusingCodes(network))}))::int`,
  );
  const [totals] = rowsOf<{ item_count: number; undiagnosed: number; ready: number[] }>(
    await db.execute(sql`
      select count(*)::int as item_count,
        count(*) filter (where ${catalogItems.issues} is null)::int as undiagnosed,
        array[${sql.join(readyColumns, sql`, `)}] as ready
      from ${catalogItems} where ${catalogItems.importId} = ${importId}`),
  );
  const counts = rowsOf<{ code: string; item_count: number }>(
    await db.execute(sql`
      select code, count(*)::int as item_count
      from ${catalogItems}, jsonb_array_elements_text(coalesce(${catalogItems.issues}, '[]'::jsonb)) as code
      where ${catalogItems.importId} = ${importId}
      group by code`),
  );
  const order = Object.keys(ITEM_ISSUES);
  const issues = counts
    .filter((c) => Object.hasOwn(ITEM_ISSUES, c.code))
    .map((c) => ({ rule: ITEM_ISSUES[c.code as ItemIssueCode], itemCount: Number(c.item_count) }))
    .sort(
      (a, b) =>
        severityRank(a.rule) - severityRank(b.rule) ||
        b.itemCount - a.itemCount ||
        order.indexOf(a.rule.code) - order.indexOf(b.rule.code),
    );
  const ready = (totals?.ready ?? []).map(Number);
  return {
    itemCount: Number(totals?.item_count ?? 0),
    diagnosed: Number(totals?.undiagnosed ?? 0) === 0,
    networks: AD_NETWORKS.map((network, i) => ({ network, readyCount: ready[i] ?? 0 })),
    issues,
    images: await imageCheckState(db, catalog.id, importId),
  };
}

async function imageCheckState(db: Db, catalogId: string, importId: string): Promise<ImageCheckState> {
  const [state] = rowsOf<{ total: number; measured: number; failed: number; done: boolean }>(
    await db.execute(sql`
      with images as (
        select distinct ${catalogItems.imageLink} as url from ${catalogItems}
        where ${catalogItems.importId} = ${importId} and ${catalogItems.imageLink} <> '')
      select count(*)::int as total,
        count(s.width)::int as measured,
        count(s.failure)::int as failed,
        (select ${catalogImports.imagesCheckedAt} is not null from ${catalogImports}
          where ${catalogImports.id} = ${importId}) as done
      from images i left join ${catalogImageSizes} s on s.catalog_id = ${catalogId} and s.url = i.url`),
  );
  const failures = rowsOf<{ reason: string; image_count: number }>(
    await db.execute(sql`
      select s.failure as reason, count(*)::int as image_count
      from ${catalogImageSizes} s
      where s.catalog_id = ${catalogId} and s.failure is not null and s.url in (
        select ${catalogItems.imageLink} from ${catalogItems} where ${catalogItems.importId} = ${importId})
      group by s.failure order by image_count desc, reason limit 5`),
  );
  return {
    total: Number(state?.total ?? 0),
    measured: Number(state?.measured ?? 0),
    failed: Number(state?.failed ?? 0),
    done: state?.done === true,
    failures: failures.map((f) => ({ reason: f.reason, imageCount: Number(f.image_count) })),
  };
}
