/**
 * Catalogue ads (ads.creative_kind = 'catalog') and their product rows (the product_id breakdown, whose
 * value is the catalogue item id). A catalogue ad is an ENHANCEMENT ad, showing Adloom creatives, when it
 * names a feed or a template version; otherwise a CATALOG ad, showing the plain catalogue image.
 */
import { sql } from 'drizzle-orm';
import type { MetricSums } from '@adloom/commerce';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import { scopeFilter, type AccountScope } from '../scope.js';
import { METRIC_SQL_SUMS, sumsFromRow } from '../dashboards/sql-metrics.js';

export const DPA_AD_KINDS = ['ALL', 'CATALOG', 'ENHANCEMENT'] as const;
export type DpaAdKind = (typeof DPA_AD_KINDS)[number];
export type CatalogAdKind = Exclude<DpaAdKind, 'ALL'>;

/** The kind of a catalogue ad from its links to Adloom creatives. */
export function catalogAdKind(ad: {
  feedId: string | null;
  templateVersionId: string | null;
}): CatalogAdKind {
  return ad.feedId || ad.templateVersionId ? 'ENHANCEMENT' : 'CATALOG';
}

/** `a.creative_kind = 'catalog'` and the kind asked for, on the ads aliased `a`. */
export function catalogAdsOf(kind: DpaAdKind) {
  const enhancement = sql`(a.feed_id is not null or a.template_version_id is not null)`;
  if (kind === 'ENHANCEMENT') return sql`a.creative_kind = 'catalog' and ${enhancement}`;
  if (kind === 'CATALOG') return sql`a.creative_kind = 'catalog' and not ${enhancement}`;
  return sql`a.creative_kind = 'catalog'`;
}

/** The sums of one catalogue ad's product over the range. */
export interface ProductRow {
  adId: string;
  productId: string;
  kind: CatalogAdKind;
  feedId: string | null;
  templateVersionId: string | null;
  sums: MetricSums;
}

/** Every (catalogue ad, product) of the scope with rows in its range, summed over the days. */
export async function productRows(db: Db, scope: AccountScope): Promise<ProductRow[]> {
  if (scope.accountIds.length === 0) return [];
  const rows = rowsOf<
    Record<string, unknown> & {
      adId: string;
      productId: string;
      feedId: string | null;
      templateVersionId: string | null;
    }
  >(
    await db.execute(sql`
      select s.*, a.feed_id::text as "feedId", a.template_version_id::text as "templateVersionId"
      from (
        select b.ad_id, b.ad_id::text as "adId", b.value as "productId", ${METRIC_SQL_SUMS('b')}
        from ad_insights_breakdowns b
        where b.client_id = ${scope.clientId} and b.breakdown = 'product_id'
          and b.day between ${scope.from} and ${scope.to}
        group by b.ad_id, b.value
      ) s join ads a on a.id = s.ad_id
      where ${scopeFilter(scope, 'a')} and ${catalogAdsOf('ALL')}`),
  );
  return rows.map((r) => ({
    adId: r.adId,
    productId: r.productId,
    kind: catalogAdKind(r),
    feedId: r.feedId,
    templateVersionId: r.templateVersionId,
    sums: sumsFromRow(r),
  }));
}
