/**
 * Sums kept in the database for the length of an import: a temporary table (dropped at the end of the
 * import's transaction) that rows are added into by batch and read back in pages. The daily rows of an
 * export with breakdowns are sums over its rows, which may be anywhere in the file; summing here keeps the
 * importer's memory flat whatever the file's size. The real tables are still written only by facts.ts.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import type { MetricsInput } from '../facts.js';

export interface SumEntry {
  adId: string;
  day: string;
  breakdown: string | null;
  value: string | null;
  metrics: MetricsInput;
}

const TABLE = sql.raw('ad_import_sums');
const PAGE = 5000;

const ADDED = [
  'spend',
  'impressions',
  'reach',
  'clicks',
  'link_clicks',
  'purchases',
  'purchase_value',
  'add_to_cart',
];
const NULLABLE = ['video_3s_plays', 'thruplays'];

/** Creates the table for the current transaction (it is dropped when the transaction ends). */
export async function createSumsTable(db: Db): Promise<void> {
  await db.execute(sql`create temporary table if not exists ${TABLE} (
    ad_id uuid not null, day date not null, breakdown text not null, value text not null,
    spend float8 not null, impressions float8 not null, reach float8 not null, clicks float8 not null,
    link_clicks float8 not null, purchases float8 not null, purchase_value float8 not null,
    add_to_cart float8 not null, video_3s_plays float8, thruplays float8,
    primary key (ad_id, day, breakdown, value)
  ) on commit drop`);
}

/** Entries per statement: 14 parameters each, well under PostgreSQL's 65,535. */
const CHUNK = 2000;

/** Adds the entries into the sums (an entry's key appears once among them). */
export async function addSums(db: Db, entries: readonly SumEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += CHUNK) await addChunk(db, entries.slice(i, i + CHUNK));
}

async function addChunk(db: Db, entries: readonly SumEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const values = entries.map(
    (e) =>
      sql`(${e.adId}::uuid, ${e.day}::date, ${e.breakdown ?? ''}, ${e.value ?? ''}, ${e.metrics.spend}, ${e.metrics.impressions}, ${e.metrics.reach}, ${e.metrics.clicks}, ${e.metrics.linkClicks}, ${e.metrics.purchases}, ${e.metrics.purchaseValue}, ${e.metrics.addToCart}, ${e.metrics.video3sPlays}::float8, ${e.metrics.thruplays}::float8)`,
  );
  const set = sql.raw(
    [
      ...ADDED.map((c) => `${c} = ad_import_sums.${c} + excluded.${c}`),
      ...NULLABLE.map(
        (c) =>
          `${c} = case when ad_import_sums.${c} is null and excluded.${c} is null then null else coalesce(ad_import_sums.${c}, 0) + coalesce(excluded.${c}, 0) end`,
      ),
    ].join(', '),
  );
  await db.execute(sql`insert into ${TABLE} values ${sql.join(values, sql`, `)}
    on conflict (ad_id, day, breakdown, value) do update set ${set}`);
}

interface SumRow {
  ad_id: string;
  day: string;
  breakdown: string;
  value: string;
  spend: number;
  impressions: number;
  reach: number;
  clicks: number;
  link_clicks: number;
  purchases: number;
  purchase_value: number;
  add_to_cart: number;
  video_3s_plays: number | null;
  thruplays: number | null;
}

/** The sums, page by page in key order (breakdown '' and value '' for daily sums). */
export async function* readSums(db: Db): AsyncGenerator<SumEntry[]> {
  let after: [string, string, string, string] | null = null;
  for (;;) {
    const page: SumRow[] = rowsOf<SumRow>(
      await db.execute(sql`select ad_id, to_char(day, 'YYYY-MM-DD') as day, breakdown, value,
          spend, impressions, reach, clicks, link_clicks, purchases, purchase_value, add_to_cart,
          video_3s_plays, thruplays
        from ${TABLE}
        ${after ? sql`where (ad_id, day, breakdown, value) > (${after[0]}::uuid, ${after[1]}::date, ${after[2]}, ${after[3]})` : sql``}
        order by ad_id, day, breakdown, value limit ${PAGE}`),
    );
    if (page.length === 0) return;
    yield page.map((r) => ({
      adId: r.ad_id,
      day: r.day,
      breakdown: r.breakdown || null,
      value: r.breakdown ? r.value : null,
      metrics: {
        spend: Number(r.spend),
        impressions: Number(r.impressions),
        reach: Number(r.reach),
        clicks: Number(r.clicks),
        linkClicks: Number(r.link_clicks),
        purchases: Number(r.purchases),
        purchaseValue: Number(r.purchase_value),
        addToCart: Number(r.add_to_cart),
        video3sPlays: r.video_3s_plays == null ? null : Number(r.video_3s_plays),
        thruplays: r.thruplays == null ? null : Number(r.thruplays),
      },
    }));
    const last: SumRow = page.at(-1)!;
    after = [last.ad_id, last.day, last.breakdown, last.value];
    if (page.length < PAGE) return;
  }
}
