/**
 * The enhancement lift screens (enhancementLift, enhancementLiftByTemplate): Adloom creatives against the
 * plain catalogue image on the same items, overall and per template, a template's split by category.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import { creativeTemplateVersions } from '../../feeds/index.js';
import type { AccountScope } from '../scope.js';
import { productRows, type ProductRow } from './catalog-ads.js';
import { liftCategoryOf, matchProducts } from './catalog-items.js';
import { productTotals } from './items-report.js';
import { delivered, enhancementLift, type LiftResult, type LiftRow } from './lift.js';

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

/** A product row as the lift reads it: its ad, its product, its side. */
const liftRow = (r: ProductRow): LiftRow => ({
  adId: r.adId,
  productId: r.productId,
  side: r.kind === 'ENHANCEMENT' ? 'enhancement' : 'catalog',
  sums: r.sums,
});

export async function enhancementLiftOf(db: Db, scope: AccountScope): Promise<LiftResult> {
  return enhancementLift((await productRows(db, scope)).map(liftRow));
}

export async function enhancementLiftByTemplate(db: Db, scope: AccountScope): Promise<TemplateLiftShape[]> {
  const rows = await productRows(db, scope);
  const catalogRows = rows.filter((r) => r.kind === 'CATALOG');
  const catalogShown = new Set(catalogRows.filter((r) => delivered(r.sums)).map((r) => r.productId));
  // Only enhancement rows of items the catalogue image also showed can be compared.
  const enhancementRows = rows.filter((r) => r.kind === 'ENHANCEMENT' && catalogShown.has(r.productId));
  const versionOf = await templateVersionsShown(db, scope.clientId, enhancementRows);
  const templates = await templatesOfVersions(db, scope.clientId, [...new Set(versionOf.values())]);

  // Template id (or '' for unknown) → its enhancement rows.
  const byTemplate = new Map<string, ProductRow[]>();
  for (const r of enhancementRows) {
    const version = versionOf.get(r);
    const key = (version && templates.get(version)?.templateId) ?? '';
    byTemplate.set(key, [...(byTemplate.get(key) ?? []), r]);
  }
  const allProducts = productTotals(rows);
  const items = await matchProducts(
    db,
    scope.clientId,
    new Map([...allProducts.values()].map((p) => [p.productId, p.feeds])),
  );
  const info = new Map([...templates.values()].map((t) => [t.templateId, t]));
  const out: TemplateLiftShape[] = [];
  for (const [templateId, own] of byTemplate) {
    const overall = enhancementLift([...own, ...catalogRows].map(liftRow));
    if (overall.itemsCompared === 0) continue;
    // The template's rows and the catalogue's of the same items, by the item's category.
    const ownProducts = new Set(own.map((r) => r.productId));
    const byCategory = new Map<string, ProductRow[]>();
    for (const r of [...own, ...catalogRows.filter((c) => ownProducts.has(c.productId))]) {
      const category = liftCategoryOf(items.get(r.productId));
      byCategory.set(category, [...(byCategory.get(category) ?? []), r]);
    }
    const spendOf = (list: readonly ProductRow[]) => list.reduce((sum, r) => sum + r.sums.spend, 0);
    const categories = [...byCategory]
      .sort((a, b) => spendOf(b[1]) - spendOf(a[1]) || a[0].localeCompare(b[0]))
      .map(([category, list]) => ({ category, lift: enhancementLift(list.map(liftRow)) }))
      .filter((c) => c.lift.itemsCompared > 0)
      .slice(0, MAX_LIFT_CATEGORIES);
    const template = info.get(templateId);
    out.push({
      templateId: templateId || null,
      templateName: template?.name ?? UNKNOWN_TEMPLATE,
      thumbnailUrl: template?.thumbnailUrl ?? null,
      overall,
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
