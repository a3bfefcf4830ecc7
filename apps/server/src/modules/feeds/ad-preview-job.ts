/**
 * The builder's server preview (spec section 7 rows 6 and 7, section 4 "Ad generation job status"):
 * startAdGenerationJob queues an 'ad-preview' job that renders one catalogue item with each ad config
 * (a template version and per-slot features) exactly as feed generation does (renderItemAd), and
 * fetchAdGenerationJob reads its state: PENDING, RUNNING, COMPLETED (with an adResult) or FAILED.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { catalogItems, templates, templateVersions, type StoredSlot } from '../../db/schema.js';
import { DomainError, invalidInput, isUuid } from '../../errors.js';
import { JOBS } from '../../jobs/queue.js';
import { registerJobHandler } from '../../jobs/registry.js';
import { fileUrl } from '../uploads/index.js';
import { ownCatalog, parseItemId } from '../catalogs/index.js';
import { FinalFailure, renderItemAd } from './generation/generate.js';
import { fetchImage } from '@adloom/renderer/images';

/** One ad config: a template version and, per slot (by id, or in slot order), its features. */
export interface AdConfig {
  templateVersionId: string;
  slots: { id?: string | null; features: Record<string, string> }[];
}

interface PreviewJob {
  clientId: string;
  catalogId: string;
  itemId: string;
  configs: AdConfig[];
}

/** What the job stores as its output. */
export interface AdResult {
  error: string | null;
  adItems: { adUrl: string }[];
}

/** Queues a preview; returns the job id. */
export async function startAdPreview(
  deps: AppDeps,
  clientId: string,
  input: { adConfigs: AdConfig[]; productCatalogItemId: string },
): Promise<string> {
  if (input.adConfigs.length === 0) throw invalidInput('Give at least one ad config.');
  if (input.adConfigs.length > 10) throw invalidInput('At most 10 ad configs can be previewed at once.');
  const { catalogId, itemId } = parseItemId(input.productCatalogItemId);
  await ownCatalog(deps.db, clientId, catalogId);
  const ids = [...new Set(input.adConfigs.map((config) => config.templateVersionId))];
  if (ids.some((id) => !isUuid(id)))
    throw invalidInput('A template version of the ad configs was not found.');
  const owned = await deps.db
    .select({ id: templateVersions.id })
    .from(templateVersions)
    .innerJoin(templates, eq(templates.id, templateVersions.templateId))
    .where(and(inArray(templateVersions.id, ids), eq(templates.clientId, clientId)));
  if (owned.length !== ids.length) throw invalidInput('A template version of the ad configs was not found.');
  const data: PreviewJob = { clientId, catalogId, itemId, configs: input.adConfigs };
  const id = await deps.jobs.send(JOBS.adPreview, data, {
    // Clients take turns: one client's many previews do not hold up another's.
    group: clientId,
    retryLimit: 1,
    retryDelay: 2,
    expireInSeconds: 120,
  });
  if (!id) throw new DomainError('UNAVAILABLE', 'Unable to start ad generation');
  return id;
}

export type AdJobStatus = 'PENDING' | 'RUNNING' | 'COMPLETED' | 'FAILED';

/** A preview job as fetchAdGenerationJob answers; null when there is none for this client. */
export async function readAdPreview(
  deps: AppDeps,
  clientId: string,
  jobId: string,
): Promise<{ status: AdJobStatus; errorInfo: string | null; adResult: AdResult | null } | null> {
  if (!isUuid(jobId)) return null;
  const job = await deps.jobs.getJob<PreviewJob>(JOBS.adPreview, jobId);
  if (!job || job.data.clientId !== clientId) return null;
  const status: AdJobStatus =
    job.state === 'completed'
      ? 'COMPLETED'
      : job.state === 'active'
        ? 'RUNNING'
        : job.state === 'created' || job.state === 'retry'
          ? 'PENDING'
          : 'FAILED';
  return {
    status,
    errorInfo: status === 'FAILED' ? (job.error ?? 'The preview failed') : null,
    adResult: status === 'COMPLETED' ? (job.output as unknown as AdResult) : null,
  };
}

/** Features of each of the version's slots from a config (by slot id, else by position). */
function slotFeatures(slots: readonly StoredSlot[], config: AdConfig): Record<string, string>[] {
  return slots.map((slot, index) => {
    const byId = config.slots.find((entry) => entry.id === slot.id);
    const own = Object.fromEntries(slot.features.map((f) => [f.key, f.value]));
    return { ...own, ...(byId ?? config.slots[index])?.features };
  });
}

registerJobHandler<PreviewJob>(JOBS.adPreview, async (job, ctx): Promise<Record<string, unknown>> => {
  const { clientId, catalogId, itemId, configs } = job.data;
  const catalog = await ownCatalog(ctx.db, clientId, catalogId);
  const [item] = catalog.currentImportId
    ? await ctx.db
        .select()
        .from(catalogItems)
        .where(and(eq(catalogItems.importId, catalog.currentImportId), eq(catalogItems.itemId, itemId)))
    : [];
  if (!item) return { error: `Item ${itemId} is not in the catalogue`, adItems: [] } satisfies AdResult;
  const adItems: AdResult['adItems'] = [];
  try {
    for (const config of configs) {
      const [version] = await ctx.db
        .select()
        .from(templateVersions)
        .where(eq(templateVersions.id, config.templateVersionId));
      if (!version) return { error: 'The template version was not found', adItems: [] } satisfies AdResult;
      const slots = [...version.slots].sort((a, b) => a.index - b.index);
      const ad = await renderItemAd(ctx, {
        clientId,
        item,
        version,
        slots,
        features: slotFeatures(slots, config),
        now: new Date(),
        loadImage: (url, limits) => fetchImage(url, limits),
        limits: { allowHosts: ctx.config.fetchAllowHosts },
        notes: [],
        checkAbort: () => job.signal.throwIfAborted(),
      });
      adItems.push({ adUrl: fileUrl(ctx.config, ad.outputKey) });
    }
  } catch (error) {
    if (error instanceof FinalFailure) return { error: error.message, adItems: [] } satisfies AdResult;
    throw error;
  }
  return { error: null, adItems } satisfies AdResult;
});
