/**
 * One catalogue item of a feed → one ad (issue 5, part 5). The effects: read the rows, download the
 * images, process them, render, store, write the creative's final state. The rules live in the pure
 * modules beside this one (metadata, design-choice, input-hash, slot-features).
 *
 * Safe to run twice (the queue delivers at least once): the output is stored under the content hash of
 * its inputs, an existing output is reused without rendering, and the final state is written with one
 * conditional update that changes nothing when the row already holds exactly that state.
 *
 * Final or retried:
 * - Final (written to the row, returned): no_input_images, no_template_matched; failed when an image is
 *   refused for good (not found (404/410), not an image, too large, too many pixels, a private address, a
 *   bad URL or scheme, too many redirects, an HTTP 4xx other than 408/425/429, bytes sharp cannot
 *   decode), when the design's item filter is invalid, or when the renderer refuses the template or the
 *   item (a RendererError: unparseable template, missing layer, rating outside its scale...); archived
 *   when the item is no longer in the catalogue's current import.
 * - Thrown, for the queue to retry: image timeouts, network errors, HTTP 408/425/429/5xx (isRetryableError
 *   says true), and every unexpected error (database, file store, an encoder crash). When the retries run
 *   out, recording the failure is the queue's part.
 */
import { RendererError, describeError, type FontFile } from '@adloom/renderer';
import { render } from '@adloom/renderer/server';
import { and, eq, inArray, ne, not, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { PgColumn } from 'drizzle-orm/pg-core';
import sharp from 'sharp';
import {
  fetchImageIfChanged,
  IMAGE_FETCH_DEFAULTS,
  ImageLoadError,
  type Validators,
} from '@adloom/renderer/images';
import type { Db } from '../../../db/client.js';
import {
  catalogItems,
  catalogs,
  feedCreatives,
  feedDesigns,
  feeds,
  productSets,
  templateVersions,
  type CatalogItemRow,
  type CreativeInputImage,
  type CreativeStatus,
  type FeedDesignRow,
  type StoredSlot,
  type TemplateVersionRow,
} from '../../../db/schema.js';
import type { AppDeps } from '../../../deps.js';
import { brandInputsFor, brandKitFontSource, type BrandInputs } from '../../brand-kit/index.js';
import { parseProductSetFilter } from '@adloom/commerce';
import { matchesFilter } from '../../catalogs/index.js';
import { chooseDesign } from './design-choice.js';
import {
  bytesHash,
  CATALOGUE_FAMILIES,
  creativeInputHash,
  pickMetadata,
  refreshKeySql,
  refreshPlan,
  refreshStaleAt,
  versionUses,
  type RefreshPlan,
  type TemplateUses,
} from './input-hash.js';
import { itemImages, itemMetadata } from './metadata.js';
import { outputMd5, reusedOutputMd5 } from './output-md5.js';
import {
  applySlotFeatures,
  applySlotLayoutToTemplate,
  removeLogoLayers,
  slotLayoutOf,
} from './slot-features.js';

/** Output of every creative: JPEG at quality 90 (part of the hash, as 'jpeg;q=90'). */
export const CREATIVE_FORMAT = { format: 'jpeg', quality: 90 } as const;
/** CREATIVE_FORMAT as the input hash and the refresh key take it. */
export const CREATIVE_FORMAT_ID = `${CREATIVE_FORMAT.format};q=${CREATIVE_FORMAT.quality}`;
const FORMAT_ID = CREATIVE_FORMAT_ID;

/** Where a creative is stored. */
export function creativeKey(clientId: string, inputHash: string): string {
  return `clients/${clientId}/creatives/${inputHash}.jpg`;
}

/** Limits for downloading an item's images (fetchImage's; defaults 10 s, 25 MB, 25 megapixels). */
export interface ImageLimits {
  timeoutMs?: number;
  maxBytes?: number;
  maxPixels?: number;
  /** Hosts that may resolve to private addresses (an internal CDN). */
  allowHosts?: readonly string[];
}

/**
 * Loads one image of an item; the default is the renderer's fetchImageIfChanged with `limits`. With
 * `known` (the validators of the copy the last run used) it may answer NotModified instead of the bytes.
 * An answer with the image's size as displayed and its format (as fetchImage's) spares reading them again.
 */
export type GenerationImageLoader = (
  url: string,
  limits: ImageLimits,
  known?: Validators,
) => Promise<
  | { bytes: Uint8Array; validators?: Validators; width?: number; height?: number; format?: string }
  | { notModified: true }
>;

/** The size as displayed and the format a loader read from the bytes, when it says. */
function sizeOf(answer: { width?: number; height?: number; format?: string }) {
  const { width, height, format } = answer;
  return width !== undefined && height !== undefined && format !== undefined
    ? { width, height, format }
    : undefined;
}

/** The bytes as a Buffer, without a copy when they are one. */
const asBuffer = (bytes: Uint8Array): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes));

export interface GenerateOptions {
  loadImage?: GenerationImageLoader;
  /** The moment the sale dates are compared with; default now. */
  now?: Date;
  images?: ImageLimits;
  /** Aborts between steps (the queue's job.signal). */
  signal?: AbortSignal;
  /** Called once the ad turns out not to be stored, before its images are processed and it is rendered. */
  beforeRender?: () => Promise<void>;
  /** The run's attempt (1 for the job's first run), written with a changed final state. */
  attempt?: number;
}

/** How one input image went into the ad. */
export interface SlotImageReport {
  slotId: string;
  url: string;
  /** Size after the slot features, as the renderer received it. */
  width: number;
  height: number;
  changed: boolean;
  notes: string[];
}

export type CreativeOutcomeStatus = Extract<
  CreativeStatus,
  'generated' | 'no_input_images' | 'no_template_matched' | 'failed' | 'archived'
>;

export interface CreativeOutcome {
  status: CreativeOutcomeStatus;
  designId?: string;
  inputHash?: string;
  outputKey?: string;
  /** True only when this run rendered (false when a stored output was reused or nothing was made). */
  rendered: boolean;
  error?: string;
  /** True when this run changed the feed_creatives row (false: already in this state, or no row). */
  written: boolean;
  /** Rendered runs: each slot's image after its features. */
  images?: SlotImageReport[];
  /** Things that did not happen as asked (a background that is not plain, a legacy slot's fit, no logo). */
  notes: string[];
}

/** A failure that retrying will not change: written as the creative's failed state. */
export class FinalFailure extends Error {}

const RETRY_STATUSES = new Set([408, 425, 429]);

/**
 * True for an error worth retrying: an image load that timed out, a network error, or an HTTP status
 * that says "later" (408, 425, 429, 5xx). Any error with `retryable: true` counts too (custom loaders).
 */
export function isRetryableError(error: unknown): boolean {
  if (error instanceof ImageLoadError) {
    if (error.code === 'TIMEOUT' || error.code === 'NETWORK') return true;
    if (error.code !== 'HTTP_STATUS') return false;
    const status = Number(/HTTP (\d{3})/.exec(error.message)?.[1]);
    return RETRY_STATUSES.has(status) || (status >= 500 && status <= 599);
  }
  return typeof error === 'object' && error !== null && (error as { retryable?: unknown }).retryable === true;
}

const defaultLoader: GenerationImageLoader = async (url, limits, known) =>
  fetchImageIfChanged(url, known, limits);

/** The final state of a creative row. */
interface FinalState {
  status: CreativeOutcomeStatus;
  designId: string | null;
  inputHash: string | null;
  outputKey: string | null;
  /** MD5 of the stored output's bytes (output-md5.ts). */
  outputMd5: string | null;
  error: string | null;
  /** Generated: each input image's hash and validators, for conditional downloads next time. */
  inputImages: CreativeInputImage[] | null;
}

/** Equal, with null equal to null (plain `=` would make the whole condition null). */
const same = (column: PgColumn, value: string | SQL | null): SQL =>
  sql`${column} is not distinct from ${value}`;

/**
 * What the run read, for the row's refresh key: the feed's plan and the catalogue row the item came from
 * (an import's rows never change, so the key is of exactly what this run saw), and when the ad goes out
 * of date by the clock.
 */
interface ReadInputs {
  plan: RefreshPlan;
  importId: string;
  staleAt: Date | null;
}

/**
 * Writes the row's final state unless it already holds exactly this state (so a second run changes
 * nothing, updated_at and attempts included). An archived row is left alone unless archiving. True when
 * written; `attempt` (1 for the first run of the job) is written with the state. With `read`, the row
 * keeps the refresh key of those inputs (refreshKeySql, the expression the refresh compares with); a
 * failed or archived row keeps none, so every refresh sends it again.
 */
async function writeFinal(
  db: Db,
  feedId: string,
  itemId: string,
  state: FinalState,
  attempt: number | undefined,
  read: ReadInputs | undefined,
): Promise<boolean> {
  const keyed = read && state.status !== 'failed' && state.status !== 'archived' ? read : undefined;
  const sourceKey = keyed
    ? sql`(select ${refreshKeySql(keyed.plan)} from ${catalogItems}
          where ${catalogItems.importId} = ${keyed.importId} and ${catalogItems.itemId} = ${itemId})`
    : null;
  const staleAt = keyed?.staleAt ?? null;
  const rows = await db
    .update(feedCreatives)
    .set({
      ...state,
      sourceKey,
      staleAt,
      ...(attempt === undefined ? {} : { attempts: attempt }),
      updatedAt: new Date(),
      // This run asked for the images (the ones it did not render from were checked by their validators).
      ...(state.status === 'generated' ? { imagesCheckedAt: new Date() } : {}),
    })
    .where(
      and(
        eq(feedCreatives.feedId, feedId),
        eq(feedCreatives.itemId, itemId),
        not(
          and(
            eq(feedCreatives.status, state.status),
            same(feedCreatives.designId, state.designId),
            same(feedCreatives.inputHash, state.inputHash),
            same(feedCreatives.outputKey, state.outputKey),
            same(feedCreatives.outputMd5, state.outputMd5),
            same(feedCreatives.error, state.error),
            sql`${feedCreatives.inputImages} is not distinct from ${state.inputImages === null ? null : JSON.stringify(state.inputImages)}::jsonb`,
            same(feedCreatives.sourceKey, sourceKey),
            sql`${feedCreatives.staleAt} is not distinct from ${staleAt === null ? null : staleAt.toISOString()}::timestamptz`,
          )!,
        ),
        state.status === 'archived' ? undefined : ne(feedCreatives.status, 'archived'),
      ),
    )
    .returning({ itemId: feedCreatives.itemId });
  return rows.length > 0;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * The client's brand inputs the template uses (brandInputsFor): the brand colour, the first stored logo
 * as the `main` logo, and the brand fonts whose names the template's texts use. Read only when the
 * template needs any of them, unless the caller has read them already.
 */
async function loadBrand(
  deps: Pick<AppDeps, 'db' | 'files' | 'config'>,
  clientId: string,
  needs: { color: boolean; logo: boolean; fontFamilies: readonly string[] },
  preloaded: BrandInputs | undefined,
): Promise<{ color: string | null; logo: Buffer | null; fonts: FontFile[]; notes: string[] }> {
  const notes: string[] = [];
  const families = needs.fontFamilies.filter((family) => !CATALOGUE_FAMILIES.has(family));
  if (!needs.color && !needs.logo && families.length === 0)
    return { color: null, logo: null, fonts: [], notes };
  const brand = preloaded ?? (await brandInputsFor(deps, clientId));
  const color = needs.color ? brand.color : null;
  let logo: Buffer | null = null;
  if (needs.logo) {
    for (const item of brand.logos) {
      const stored = await deps.files.get(item.fileKey);
      if (!stored) {
        notes.push(`the brand kit logo '${item.name}' has no stored file`);
        continue;
      }
      logo = await readAll(stored.stream);
      break;
    }
    if (!logo) notes.push('the brand kit has no logo: the logo layers were left out');
  }
  const fonts = brand.fonts.filter((font) => families.includes(font.fontFamily));
  return { color, logo, fonts, notes };
}

/** What generation reads of a feed design. */
type GenerationDesign = Pick<FeedDesignRow, 'id' | 'templateVersionId' | 'slotFeatures' | 'itemFilter'>;

/** The template's own features of a slot, overridden by the design's. */
function effectiveFeatures(slot: StoredSlot, design: GenerationDesign): Record<string, string> {
  const own = Object.fromEntries(slot.features.map(({ key, value }) => [key, value]));
  const chosen = Object.hasOwn(design.slotFeatures, slot.id) ? design.slotFeatures[slot.id] : undefined;
  return { ...own, ...chosen };
}

/** What the renderer's loader needs about an image: its size as displayed and its format. */
async function describeImage(bytes: Buffer, maxPixels: number) {
  const metadata = await sharp(bytes, { limitInputPixels: maxPixels }).metadata();
  const format = metadata.format === 'heif' ? 'avif' : metadata.format;
  return { bytes, width: metadata.autoOrient.width, height: metadata.autoOrient.height, format };
}

/** Generates (or reuses) the ad of one item of a feed and writes the creative's final state. */
export async function generateCreative(
  deps: Pick<AppDeps, 'db' | 'files' | 'config' | 'log'>,
  target: { feedId: string; itemId: string },
  options: GenerateOptions = {},
): Promise<CreativeOutcome> {
  const { db } = deps;
  const { feedId, itemId } = target;
  const now = options.now ?? new Date();
  const limits: ImageLimits = options.images ?? {};
  const loadImage = options.loadImage ?? defaultLoader;
  const checkAbort = () => options.signal?.throwIfAborted();
  const notes: string[] = [];

  // Known once the designs are read: what the final state is made from (none for an item gone).
  const made: { read?: ReadInputs } = {};
  const finish = async (
    state: FinalState,
    extra: Partial<CreativeOutcome> = {},
  ): Promise<CreativeOutcome> => {
    const written = await writeFinal(db, feedId, itemId, state, options.attempt, made.read);
    return {
      status: state.status,
      ...(state.designId ? { designId: state.designId } : {}),
      ...(state.inputHash ? { inputHash: state.inputHash } : {}),
      ...(state.outputKey ? { outputKey: state.outputKey } : {}),
      ...(state.error ? { error: state.error } : {}),
      rendered: false,
      written,
      notes,
      ...extra,
    };
  };
  const empty = {
    designId: null,
    inputHash: null,
    outputKey: null,
    outputMd5: null,
    error: null,
    inputImages: null,
  };

  // One query: the feed, the item as the catalogue's current import has it, the creative's last input
  // images and the feed's designs in order.
  const [row] = await db
    .select({
      feed: feeds,
      item: catalogItems,
      known: feedCreatives.inputImages,
      knownOutput: { outputKey: feedCreatives.outputKey, outputMd5: feedCreatives.outputMd5 },
      designs: sql<GenerationDesign[]>`(
        select coalesce(json_agg(json_build_object(
            'id', d.id, 'templateVersionId', d.template_version_id,
            'slotFeatures', d.slot_features, 'itemFilter', d.item_filter)
          order by d.position, d.created_at, d.id), '[]'::json)
        from ${feedDesigns} d where d.feed_id = ${feeds.id})`,
    })
    .from(feeds)
    .leftJoin(productSets, eq(productSets.id, feeds.productSetId))
    .leftJoin(catalogs, eq(catalogs.id, productSets.catalogId))
    .leftJoin(
      catalogItems,
      and(eq(catalogItems.importId, catalogs.currentImportId), eq(catalogItems.itemId, itemId)),
    )
    .leftJoin(feedCreatives, and(eq(feedCreatives.feedId, feeds.id), eq(feedCreatives.itemId, itemId)))
    .where(eq(feeds.id, feedId));
  // A deleted feed took its creative rows with it: nothing to write, nothing to retry.
  if (!row)
    return { status: 'failed', rendered: false, written: false, error: `Feed ${feedId} not found`, notes };
  const { feed, item, known, knownOutput, designs } = row;
  if (!item) {
    return finish({ status: 'archived', ...empty, error: `Item ${itemId} is no longer in the catalogue` });
  }
  const versions = await loadVersions(
    db,
    designs.map((design) => design.templateVersionId),
  );
  // The refresh key of what this run reads, as a refresh works it out for the whole feed.
  let brandRead: Promise<BrandInputs> | undefined;
  const plan = await refreshPlan({
    designs,
    versions,
    format: FORMAT_ID,
    brand: () => (brandRead ??= brandInputsFor(deps, feed.clientId)),
  });
  made.read = { plan, importId: item.importId, staleAt: refreshStaleAt(plan, item, now) };

  let candidates;
  try {
    candidates = designs.flatMap((design) => {
      const version = versions.get(design.templateVersionId);
      if (!version) return [];
      const filter = design.itemFilter === null ? null : parseProductSetFilter(design.itemFilter);
      return [
        {
          design,
          version,
          slotCount: version.slots.length,
          matches: (candidate: CatalogItemRow) => filter === null || matchesFilter(filter, candidate),
        },
      ];
    });
  } catch (error) {
    return finish({
      status: 'failed',
      ...empty,
      error: `A design's item filter is invalid: ${describeError(error)}`,
    });
  }
  const choice = chooseDesign(candidates, item);
  if ('status' in choice) return finish({ status: choice.status, ...empty });
  const { design, version } = choice.design;
  const slots = [...version.slots].sort((a, b) => a.index - b.index);
  const failed = (error: string) => finish({ ...empty, status: 'failed', designId: design.id, error });

  try {
    const features = slots.map((slot) => effectiveFeatures(slot, design));
    const ad = await renderItemAd(deps, {
      clientId: feed.clientId,
      item,
      version,
      slots,
      features,
      now,
      loadImage,
      limits,
      notes,
      checkAbort,
      ...(options.beforeRender ? { beforeRender: options.beforeRender } : {}),
      ...(known ? { known } : {}),
      ...(brandRead ? { brand: await brandRead } : {}),
    });
    const generated: FinalState = {
      status: 'generated',
      designId: design.id,
      inputHash: ad.inputHash,
      outputKey: ad.outputKey,
      outputMd5: ad.outputMd5 ?? (await reusedOutputMd5(deps, ad.outputKey, knownOutput ?? undefined)),
      error: null,
      inputImages: ad.inputImages,
    };
    if (!ad.rendered) return finish(generated);
    deps.log.debug({ feedId, itemId, outputKey: ad.outputKey }, 'creative rendered');
    return finish(generated, { rendered: true, images: ad.images });
  } catch (error) {
    if (error instanceof FinalFailure) return failed(error.message);
    throw error;
  }
}

/** Template versions never change once saved: each process keeps the last few it read. */
const VERSION_CACHE_SIZE = 32;
const versionCache = new LRUCache<string, TemplateVersionRow>({ max: VERSION_CACHE_SIZE });

/** The template versions of `ids` (those that exist), from the cache or the database. */
export async function loadVersions(db: Db, ids: readonly string[]): Promise<Map<string, TemplateVersionRow>> {
  const found = new Map<string, TemplateVersionRow>();
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    const version = versionCache.get(id);
    if (version) found.set(id, version);
    else missing.push(id);
  }
  if (missing.length > 0) {
    for (const version of await db
      .select()
      .from(templateVersions)
      .where(inArray(templateVersions.id, missing))) {
      versionCache.set(version.id, version);
      found.set(version.id, version);
    }
  }
  return found;
}

/** What a template version reads (versionUses); a template that is not XML fails the item. */
function readableUses(version: TemplateVersionRow): TemplateUses {
  const uses = versionUses(version);
  if ('error' in uses) throw new FinalFailure(describeError(uses.error), { cause: uses.error });
  return uses;
}

/** What renderItemAd needs: the item, the template version and its slots in input order, each slot's features. */
export interface ItemAdInput {
  clientId: string;
  item: CatalogItemRow;
  version: TemplateVersionRow;
  slots: readonly StoredSlot[];
  features: readonly Record<string, string>[];
  now: Date;
  loadImage: GenerationImageLoader;
  limits: ImageLimits;
  /** Collects what did not happen as asked. */
  notes: string[];
  checkAbort?: () => void;
  /** Called once the ad turns out not to be stored, before the images are processed and it is rendered. */
  beforeRender?: () => Promise<void>;
  /** The input images of the last run (their hashes and validators): unchanged ones are not downloaded. */
  known?: readonly CreativeInputImage[];
  /** The client's brand inputs, when the caller has read them (else read when the template needs them). */
  brand?: BrandInputs;
}

/**
 * Loads the images of `urls` (with validators where `known` gives them), all at once. A refusal that
 * retrying will not change is a FinalFailure; otherwise the first error worth a retry is thrown.
 */
async function loadImages(
  urls: readonly string[],
  loadImage: GenerationImageLoader,
  limits: ImageLimits,
  known: (url: string) => Validators | undefined,
) {
  const loads = await Promise.allSettled(urls.map((url) => loadImage(url, limits, known(url))));
  const refused = loads.find(
    (load): load is PromiseRejectedResult => load.status === 'rejected' && !isRetryableError(load.reason),
  );
  if (refused) throw new FinalFailure(describeError(refused.reason), { cause: refused.reason });
  const retry = loads.find((load): load is PromiseRejectedResult => load.status === 'rejected');
  if (retry) throw retry.reason;
  return loads.map(
    (load) => (load as PromiseFulfilledResult<Awaited<ReturnType<GenerationImageLoader>>>).value,
  );
}

/**
 * One item's ad with one template version: downloads the item's images, applies the slot features,
 * and renders and stores the ad under the content hash of its inputs, unless that file exists already.
 * Throws FinalFailure for what retrying will not change; other errors are worth a retry. Used by feed
 * generation and by the builder's preview (startAdGenerationJob).
 */
export async function renderItemAd(
  deps: Pick<AppDeps, 'db' | 'files' | 'config' | 'log'>,
  input: ItemAdInput,
): Promise<{
  inputHash: string;
  outputKey: string;
  /** Rendered runs: the MD5 of the stored bytes (null when a stored output was reused). */
  outputMd5: string | null;
  rendered: boolean;
  images: SlotImageReport[];
  /** Each input image's hash and validators, as the creative keeps them. */
  inputImages: CreativeInputImage[];
}> {
  const { item, version, slots, features, now, loadImage, limits, notes } = input;
  const checkAbort = input.checkAbort ?? (() => undefined);
  const maxPixels = limits.maxPixels ?? IMAGE_FETCH_DEFAULTS.maxPixels;
  // 1. The input images: slot i takes the item's i-th image. One the last run used is asked for with
  // its validators, and a server that answers 304 (not modified) sends no bytes: its hash is reused.
  const urls = itemImages(item).slice(0, slots.length);
  if (urls.length < slots.length)
    throw new FinalFailure(`The item has ${urls.length} images; the template needs ${slots.length}.`);
  const previous = new Map((input.known ?? []).map((image) => [image.url, image]));
  const validatorsOf = (image: CreativeInputImage | undefined): Validators | undefined =>
    image?.etag || image?.lastModified
      ? {
          ...(image.etag ? { etag: image.etag } : {}),
          ...(image.lastModified ? { lastModified: image.lastModified } : {}),
        }
      : undefined;
  const inputImages: CreativeInputImage[] = [];
  const downloaded: (Buffer | undefined)[] = [];
  const sizes: ReturnType<typeof sizeOf>[] = [];
  for (const [index, answer] of (
    await loadImages(urls, loadImage, limits, (url) => validatorsOf(previous.get(url)))
  ).entries()) {
    const url = urls[index]!;
    if ('notModified' in answer) {
      inputImages.push(previous.get(url)!);
      downloaded.push(undefined);
      continue;
    }
    const bytes = asBuffer(answer.bytes);
    inputImages.push({ url, hash: bytesHash(bytes), ...answer.validators });
    downloaded.push(bytes);
    sizes[index] = sizeOf(answer);
  }
  checkAbort();

  // 2. Everything that shapes the ad, and its hash.
  const uses = readableUses(version);
  const metadata = itemMetadata(item, now);
  const brand = await loadBrand(
    deps,
    input.clientId,
    { color: uses.inputColor, logo: uses.logoLayers, fontFamilies: uses.fontFamilies },
    input.brand,
  );
  notes.push(...brand.notes);
  const inputHash = creativeInputHash({
    templateVersionId: version.id,
    usedMetadata: pickMetadata(metadata, uses.keys),
    slotFeatures: Object.fromEntries(slots.map((slot, index) => [slot.id, features[index]!])),
    imageHashes: inputImages.map((image) => image.hash),
    format: FORMAT_ID,
    brand: {
      color: brand.color,
      logos: brand.logo ? { main: bytesHash(brand.logo) } : {},
      fonts: Object.fromEntries(brand.fonts.map((font) => [font.fontFamily, font.fontUrl])),
    },
  });
  const outputKey = creativeKey(input.clientId, inputHash);

  // 3. Stored already: the same inputs made this very file.
  if (await deps.files.exists(outputKey))
    return { inputHash, outputKey, outputMd5: null, rendered: false, images: [], inputImages };
  await input.beforeRender?.();

  // Rendering needs the bytes of the images the server said were unchanged: download those again.
  const missing = urls.filter((_, index) => downloaded[index] === undefined);
  if (missing.length > 0) {
    const again = await loadImages(missing, loadImage, limits, () => undefined);
    for (const [index, url] of urls.entries()) {
      if (downloaded[index] !== undefined) continue;
      const answer = again[missing.indexOf(url)]!;
      if ('notModified' in answer) throw new Error(`Image ${url}: a 304 answer to an unconditional request`);
      const bytes = asBuffer(answer.bytes);
      sizes[index] = sizeOf(answer);
      // Changed since the 304 a moment ago: the hash no longer describes it, so this run is retried.
      if (bytesHash(bytes) !== inputImages[index]!.hash)
        throw Object.assign(new Error(`Image ${url} changed while the ad was being made`), {
          retryable: true,
        });
      downloaded[index] = bytes;
    }
  }

  // 4. Slot features, then the template rewrites (fit; logo layers without a logo).
  const processed = await Promise.all(
    downloaded.map(async (bytes, index) => {
      try {
        return await applySlotFeatures(bytes!, features[index]!, { maxPixels });
      } catch (error) {
        throw new FinalFailure(`Image ${urls[index]} could not be processed: ${describeError(error)}`, {
          cause: error,
        });
      }
    }),
  );
  let templateString = version.templateString;
  slots.forEach((slot, index) => {
    const { layout, notes: layoutNotes } = slotLayoutOf(features[index]!);
    notes.push(...layoutNotes.map((note) => `${slot.id}: ${note}`));
    if (Object.keys(layout).length === 0) return;
    const placed = applySlotLayoutToTemplate(templateString, slot.id, layout);
    templateString = placed.templateString;
    if (placed.note) notes.push(placed.note);
  });
  if (uses.logoLayers && !brand.logo) templateString = removeLogoLayers(templateString).templateString;
  checkAbort();

  // 5. Render from memory: the renderer sees the processed images, never the URLs.
  const memory = new Map<
    string,
    { bytes: Buffer; width: number; height: number; format: string | undefined }
  >();
  const images: SlotImageReport[] = [];
  for (const [index, image] of processed.entries()) {
    // The loader's reading of the bytes holds unless a slot feature changed them.
    const size = image.changed ? undefined : sizes[index];
    const described = size
      ? { bytes: image.bytes, ...size }
      : await describeImage(image.bytes, maxPixels).catch((error: unknown) => {
          throw new FinalFailure(`Image ${urls[index]} could not be read: ${describeError(error)}`, {
            cause: error,
          });
        });
    memory.set(`memory:input/${index}`, described);
    images.push({
      slotId: slots[index]!.id,
      url: urls[index]!,
      width: described.width,
      height: described.height,
      changed: image.changed,
      notes: image.notes,
    });
    notes.push(...image.notes.map((note) => `${slots[index]!.id}: ${note}`));
  }
  if (brand.logo) memory.set('memory:logo/main', await describeImage(brand.logo, maxPixels));
  const request = {
    template: templateString,
    inputs: slots.map((_, index) => ({ input: `memory:input/${index}`, color: brand.color })),
    metadata,
    additionalFiles: {
      logos: brand.logo ? [{ key: 'main', input: 'memory:logo/main' }] : [],
      fonts: brand.fonts,
    },
  };
  let result;
  try {
    result = await render(request, {
      format: CREATIVE_FORMAT.format,
      quality: CREATIVE_FORMAT.quality,
      images: { maxPixels },
      // Brand fonts straight from the file store; catalogue fonts as usual.
      ...(brand.fonts.length > 0 ? { fonts: brandKitFontSource(deps, input.clientId) } : {}),
      loadImage: async (source) => {
        const image = memory.get(source);
        if (!image) throw new Error(`Image ${source} is not one of the item's images`);
        return image;
      },
    });
  } catch (error) {
    if (error instanceof RendererError) throw new FinalFailure(describeError(error), { cause: error });
    throw error;
  }
  await deps.files.put(outputKey, result.bytes, { contentType: 'image/jpeg' });
  return { inputHash, outputKey, outputMd5: outputMd5(result.bytes), rendered: true, images, inputImages };
}
