/**
 * Layers that will vanish in a feed's ads (issue 16, item 2): before generating, the feed page lists each
 * layer that will be empty or hidden for some of the feed's items ("the Star Rating layer will be empty
 * for 20 of 20 items"). The rule is the renderer's layerPresence (the rules resolveTemplate runs); this
 * module only feeds it the items as generation would: each item takes the design generation would choose
 * (chooseDesign), its metadata is itemMetadata's, its images itemImages', and the logo layers have a logo
 * only when the brand kit has a stored one (generation leaves them out otherwise). The new feed form asks
 * the same of its draft (draftFeedLayerWarnings: a product set and designs not yet saved), before
 * "Create feed" starts generating.
 *
 * Over the feed's items in item id order, at most LAYER_WARNING_ITEM_CAP of them ("of the first 5,000
 * items": checkedItems and itemTotal say when it stopped there). Measured (test/layer-warnings.test.ts,
 * 2 shared cores): 5,000 items with a four-layer template answer in 230-480 ms on the embedded database
 * and about 280 ms on a PostgreSQL server, most of it reading the rows; the rule is about 20 ms of it.
 */
import { parseProductSetFilter } from '@adloom/commerce';
import {
  describeError,
  NO_RATING_COLUMN,
  planLayerPresence,
  type LayerPresencePlan,
  type VanishReason,
} from '@adloom/renderer';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  catalogItems,
  templates,
  templateVersions,
  type CatalogItemRow,
  type FeedDesignRow,
} from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import { brandInputsFor } from '../brand-kit/index.js';
import { filterToSql, matchesFilter, ownCatalog, ownProductSet, storedFilter } from '../catalogs/index.js';
import { listDesigns, ownFeed, readDesigns, type DesignInput } from './feeds.service.js';
import { chooseDesign } from './generation/design-choice.js';
import { itemImages, itemMetadata } from './generation/metadata.js';
import { firstStoredLogo } from './live-preview-inputs.js';

type Deps = Pick<AppDeps, 'db' | 'files' | 'config'>;

/** The most items one answer looks at (the first ones by item id). */
export const LAYER_WARNING_ITEM_CAP = 5000;

/** One layer of one design that vanishes for some of the items that take the design. */
export interface LayerWarning {
  designId: string;
  templateName: string;
  layerId: string;
  layerName: string;
  reason: VanishReason;
  /** Why, for the first item it vanished for ('no rating', 'not on sale', 'no value for {title}'). */
  detail: string;
  /** Items of the design the layer vanishes for. */
  emptyFor: number;
  /** Items (among those looked at) that take the design. */
  total: number;
}

export interface FeedLayerWarnings {
  warnings: LayerWarning[];
  /** Items looked at: all of the feed's, or the first LAYER_WARNING_ITEM_CAP. */
  checkedItems: number;
  /** Items of the feed's product set in all. */
  itemTotal: number;
  /** Designs whose template or item filter could not be read, and why ('the template could not be read: …'). */
  unreadable: { designId: string; templateName: string; error: string }[];
}

/** How many of the catalogue's current items there are and how many have a rating. */
export async function catalogRatings(
  db: Db,
  clientId: string,
  catalogId: string,
): Promise<{ itemCount: number; ratedCount: number }> {
  const catalog = await ownCatalog(db, clientId, catalogId);
  if (!catalog.currentImportId) return { itemCount: 0, ratedCount: 0 };
  const [row] = await db
    .select({
      itemCount: sql<number>`count(*)::int`,
      // itemMetadata leaves a rating of 0 out (feeds write 0 for "no reviews"), so it does not count.
      ratedCount: sql<number>`count(*) filter (where ${catalogItems.rating} is not null and ${catalogItems.rating} <> 0)::int`,
    })
    .from(catalogItems)
    .where(eq(catalogItems.importId, catalog.currentImportId));
  return { itemCount: Number(row?.itemCount ?? 0), ratedCount: Number(row?.ratedCount ?? 0) };
}

/** True when the brand kit has a logo whose file is stored (generation's test for filling logo layers). */
async function hasStoredLogo(deps: Deps, clientId: string) {
  return (await firstStoredLogo(deps, await brandInputsFor(deps, clientId))) !== null;
}

/** The feed's layer warnings over its items (the first LAYER_WARNING_ITEM_CAP), at `now`. */
export async function feedLayerWarnings(
  deps: Deps,
  clientId: string,
  feedId: string,
  now: Date = new Date(),
): Promise<FeedLayerWarnings> {
  const feed = await ownFeed(deps.db, clientId, feedId);
  const source = await ownProductSet(deps.db, clientId, feed.productSetId);
  return layerWarnings(deps, clientId, source, await listDesigns(deps.db, feed.id), now);
}

/**
 * The same warnings for a feed not yet saved: the new feed form's (or the edit form's) product set and
 * designs, read as createFeed reads them (readDesigns: its checks and errors). A design without an id is
 * named `new-<position>` (from 1) in the answer's designId.
 */
export async function draftFeedLayerWarnings(
  deps: Deps,
  clientId: string,
  productSetId: string,
  inputs: readonly (DesignInput & { id?: string | null })[],
  now: Date = new Date(),
): Promise<FeedLayerWarnings> {
  const source = await ownProductSet(deps.db, clientId, productSetId);
  const designs = (await readDesigns(deps.db, clientId, inputs)).map((design, index) => ({
    id: inputs[index]?.id || `new-${index + 1}`,
    templateVersionId: design.templateVersionId,
    itemFilter: design.itemFilter ?? null,
  }));
  return layerWarnings(deps, clientId, source, designs, now);
}

/** A design as the warnings read it: its version and item filter, in the feed's order. */
type WarnedDesign = Pick<FeedDesignRow, 'id' | 'templateVersionId' | 'itemFilter'>;

/** The warnings of `designs` over the product set's items: the one rule of both queries above. */
async function layerWarnings(
  deps: Deps,
  clientId: string,
  { set, catalog }: Awaited<ReturnType<typeof ownProductSet>>,
  designs: readonly WarnedDesign[],
  now: Date,
): Promise<FeedLayerWarnings> {
  const { db } = deps;
  const none: FeedLayerWarnings = { warnings: [], checkedItems: 0, itemTotal: 0, unreadable: [] };
  if (!catalog.currentImportId) return none;
  const inSet = and(
    eq(catalogItems.importId, catalog.currentImportId),
    filterToSql(storedFilter(set).filter),
  );
  const versionIds = [...new Set(designs.map((design) => design.templateVersionId))];
  const [items, versions, logo, ratings] = await Promise.all([
    db
      .select()
      .from(catalogItems)
      .where(inSet)
      .orderBy(asc(catalogItems.itemId))
      .limit(LAYER_WARNING_ITEM_CAP + 1),
    versionIds.length === 0
      ? []
      : db
          .select({
            id: templateVersions.id,
            templateString: templateVersions.templateString,
            slots: templateVersions.slots,
            name: templates.name,
          })
          .from(templateVersions)
          .innerJoin(templates, eq(templates.id, templateVersions.templateId))
          .where(inArray(templateVersions.id, versionIds)),
    hasStoredLogo(deps, clientId),
    catalogRatings(db, clientId, catalog.id),
  ]);
  const capped = items.length > LAYER_WARNING_ITEM_CAP;
  if (capped) items.length = LAYER_WARNING_ITEM_CAP;
  const itemTotal = capped
    ? Number(
        (
          await db
            .select({ count: sql<number>`count(*)::int` })
            .from(catalogItems)
            .where(inSet)
        )[0]?.count ?? 0,
      )
    : items.length;

  const byVersion = new Map(versions.map((version) => [version.id, version]));
  const unreadable: FeedLayerWarnings['unreadable'] = [];
  const candidates = designs.flatMap((design) => {
    const version = byVersion.get(design.templateVersionId);
    if (!version) return [];
    let plan: LayerPresencePlan | undefined;
    try {
      plan = planLayerPresence(version.templateString);
    } catch (error) {
      const reason = `the template could not be read: ${describeError(error)}`;
      unreadable.push({ designId: design.id, templateName: version.name, error: reason });
    }
    let filter: ReturnType<typeof parseProductSetFilter> | null = null;
    try {
      filter = design.itemFilter === null ? null : parseProductSetFilter(design.itemFilter);
    } catch (error) {
      // Generation fails every item of the feed then; the warning says why instead of failing itself.
      const reason = `its item filter is invalid: ${describeError(error)}`;
      unreadable.push({ designId: design.id, templateName: version.name, error: reason });
      return [];
    }
    return [
      {
        design,
        templateName: version.name,
        plan,
        slotCount: version.slots.length,
        matches: (item: CatalogItemRow) => filter === null || matchesFilter(filter, item),
        total: 0,
      },
    ];
  });
  const logoKeys = logo ? ['main'] : [];
  const found = new Map<string, LayerWarning>();
  for (const item of items) {
    const choice = chooseDesign(candidates, item);
    // Items no design takes make no ad at all: the feed's counts say so, not a layer warning.
    if ('status' in choice) continue;
    const candidate = choice.design;
    candidate.total += 1;
    if (!candidate.plan) continue;
    const vanishing = candidate.plan.check(itemMetadata(item, now), {
      imageCount: itemImages(item).length,
      logoKeys,
    });
    for (const layer of vanishing) {
      const key = `${candidate.design.id}\u0000${layer.layerId}\u0000${layer.reason}`;
      const warning = found.get(key);
      if (warning) {
        warning.emptyFor += 1;
        continue;
      }
      found.set(key, {
        designId: candidate.design.id,
        templateName: candidate.templateName,
        layerId: layer.layerId,
        layerName: layer.name,
        reason: layer.reason,
        detail: layer.reason === 'no-rating' && ratings.ratedCount === 0 ? NO_RATING_COLUMN : layer.detail,
        emptyFor: 1,
        total: 0,
      });
    }
  }
  // In the feed's design order, then the layers' order in the template.
  const rank = new Map(
    candidates.flatMap((candidate, position) =>
      (candidate.plan?.layers ?? []).map(
        (layer, index) => [`${candidate.design.id}\u0000${layer.layerId}`, position * 1e6 + index] as const,
      ),
    ),
  );
  const rankOf = (warning: LayerWarning) => rank.get(`${warning.designId}\u0000${warning.layerId}`) ?? 0;
  const totals = new Map(candidates.map((candidate) => [candidate.design.id, candidate.total]));
  const warnings = [...found.values()]
    .map((warning) => ({ ...warning, total: totals.get(warning.designId) ?? 0 }))
    .sort((a, b) => rankOf(a) - rankOf(b));
  return { warnings, checkedItems: items.length, itemTotal, unreadable };
}
