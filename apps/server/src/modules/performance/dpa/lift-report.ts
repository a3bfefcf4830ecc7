/**
 * The enhancement lift screens (enhancementLift, enhancementLiftByTemplate): Adloom creatives against the
 * plain catalogue image on the same items, overall and per template, a template's split by category.
 */
import { sql } from 'drizzle-orm';
import { addSums, emptySums, type MetricSums } from '@adloom/commerce';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import { creativeTemplateVersions } from '../../feeds/index.js';
import type { AccountScope } from '../scope.js';
import { productRows, type ProductRow } from './catalog-ads.js';
import { liftCategoryOf, matchProducts } from './catalog-items.js';
import { productTotals } from './items-report.js';
import { delivered, enhancementLift, type ItemSides, type LiftResult } from './lift.js';

/** At most this many categories per template, the largest by spend. */
export const MAX_LIFT_CATEGORIES = 8;
export const UNKNOWN_TEMPLATE = 'Template not known';

export interface TemplateLiftShape {
  templateId: string | null;
  templateName: string;
  thumbnailUrl: string | null;
  overall: LiftResult;
  categories: { category: string; lift: LiftResult }[];
}

/** Items with both sides delivered. */
function compared(sides: Iterable<ItemSides & { productId: string }>) {
  return [...sides].filter((s) => delivered(s.enhancement) && delivered(s.catalog));
}

export async function enhancementLiftOf(db: Db, scope: AccountScope): Promise<LiftResult> {
  const products = productTotals(await productRows(db, scope));
  return enhancementLift(compared(products.values()));
}

export async function enhancementLiftByTemplate(db: Db, scope: AccountScope): Promise<TemplateLiftShape[]> {
  const rows = await productRows(db, scope);
  const catalogByProduct = new Map<string, MetricSums>();
  for (const r of rows)
    if (r.kind === 'CATALOG')
      catalogByProduct.set(r.productId, addSums(catalogByProduct.get(r.productId) ?? emptySums(), r.sums));
  // Only enhancement rows of items the catalogue image also showed can be compared.
  const enhancementRows = rows.filter(
    (r) => r.kind === 'ENHANCEMENT' && delivered(catalogByProduct.get(r.productId) ?? emptySums()),
  );
  const versionOf = await templateVersionsShown(db, scope.clientId, enhancementRows);
  const templates = await templatesOfVersions(db, scope.clientId, [...new Set(versionOf.values())]);

  // Template id (or '' for unknown) → product id → enhancement sums.
  const byTemplate = new Map<string, Map<string, MetricSums>>();
  for (const r of enhancementRows) {
    const version = versionOf.get(r);
    const key = (version && templates.get(version)?.templateId) ?? '';
    const products = byTemplate.get(key) ?? new Map<string, MetricSums>();
    products.set(r.productId, addSums(products.get(r.productId) ?? emptySums(), r.sums));
    byTemplate.set(key, products);
  }
  const allProducts = productTotals(rows);
  const items = await matchProducts(
    db,
    scope.clientId,
    new Map([...allProducts.values()].map((p) => [p.productId, p.feeds])),
  );
  const info = new Map([...templates.values()].map((t) => [t.templateId, t]));
  const out: TemplateLiftShape[] = [];
  for (const [templateId, products] of byTemplate) {
    const sides = compared(
      [...products].map(([productId, enhancement]) => ({
        productId,
        enhancement,
        catalog: catalogByProduct.get(productId)!,
      })),
    );
    if (sides.length === 0) continue;
    const byCategory = new Map<string, typeof sides>();
    for (const s of sides) {
      const category = liftCategoryOf(items.get(s.productId));
      const list = byCategory.get(category) ?? [];
      list.push(s);
      byCategory.set(category, list);
    }
    const spendOf = (list: typeof sides) =>
      list.reduce((sum, s) => sum + s.enhancement.spend + s.catalog.spend, 0);
    const categories = [...byCategory]
      .sort((a, b) => spendOf(b[1]) - spendOf(a[1]) || a[0].localeCompare(b[0]))
      .slice(0, MAX_LIFT_CATEGORIES)
      .map(([category, list]) => ({ category, lift: enhancementLift(list) }));
    const template = info.get(templateId);
    out.push({
      templateId: templateId || null,
      templateName: template?.name ?? UNKNOWN_TEMPLATE,
      thumbnailUrl: template?.thumbnailUrl ?? null,
      overall: enhancementLift(sides),
      categories,
    });
  }
  return out.sort(
    (a, b) =>
      b.overall.enhancementSpend - a.overall.enhancementSpend || a.templateName.localeCompare(b.templateName),
  );
}

/**
 * The template version an enhancement row showed: the design of its feed's creative of the item when
 * there is one, else the ad's own template version.
 */
async function templateVersionsShown(
  db: Db,
  clientId: string,
  rows: readonly ProductRow[],
): Promise<Map<ProductRow, string>> {
  const pairs = new Map<string, { feedId: string; itemId: string }>();
  for (const r of rows)
    if (r.feedId) pairs.set(`${r.feedId}\u001f${r.productId}`, { feedId: r.feedId, itemId: r.productId });
  const byCreative = await creativeTemplateVersions(db, clientId, [...pairs.values()]);
  const out = new Map<ProductRow, string>();
  for (const r of rows) {
    const version = (r.feedId && byCreative.get(`${r.feedId}\u001f${r.productId}`)) || r.templateVersionId;
    if (version) out.set(r, version);
  }
  return out;
}

interface TemplateInfo {
  templateId: string;
  name: string;
  thumbnailUrl: string | null;
}

/** The template of each version id, by version id (the client's templates and the starter library's). */
async function templatesOfVersions(
  db: Db,
  clientId: string,
  versionIds: readonly string[],
): Promise<Map<string, TemplateInfo>> {
  if (versionIds.length === 0) return new Map();
  const rows = rowsOf<TemplateInfo & { versionId: string }>(
    await db.execute(sql`
      select v.id::text as "versionId", t.id::text as "templateId", t.name, t.thumbnail_url as "thumbnailUrl"
      from template_versions v join templates t on t.id = v.template_id
      where v.id = any(${sql.param(versionIds)}::uuid[]) and (t.client_id = ${clientId} or t.client_id is null)`),
  );
  return new Map(rows.map((r) => [r.versionId, r]));
}
