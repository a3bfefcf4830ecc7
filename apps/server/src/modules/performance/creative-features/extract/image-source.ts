/**
 * Which image an ad shows, and its bytes. An ad of a feed shows that feed's creative of its catalogue item;
 * an ad whose creative URL is one of our stored files shows that file; any other ad shows the http(s) image
 * of its creative (its thumbnail for a video), fetched through @adloom/net's guarded client (private
 * addresses refused unless FETCH_ALLOW_HOSTS allows them, redirects and bytes limited). A video without a
 * thumbnail has no image.
 */
import type { Readable } from 'node:stream';
import { fetchImage } from '@adloom/renderer/images';
import type { AppDeps } from '../../../../deps.js';
import { keyFromFilePath, keyFromFileUrl } from '../../../uploads/index.js';

/** The largest outside image fetched: creatives are a few hundred kilobytes; 15 MB allows a large PNG. */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 15_000;

/** Where an image is read from. */
export type ImageLocation = { kind: 'file'; storageKey: string } | { kind: 'url'; url: string };

/** The image of an ad (or a generated creative): its key in creative_features and how Adloom made it. */
export interface ImageRef {
  /** `file:<storage key>` or `url:<address>`. */
  imageKey: string;
  location: ImageLocation;
  /** The template version that made it; null for an image that is not ours. */
  templateVersionId: string | null;
  /** The feed design's slot features, when a feed design made it. */
  slotFeatures: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** A thumbnail is a crop: its size says nothing of the ad's layout. */
  thumbnail: boolean;
}

/** What the resolver reads of an ad (with its feed creative's output and design, when it has one). */
export interface AdImageRow {
  creativeKind: string | null;
  creativeUrl: string | null;
  thumbnailUrl: string | null;
  templateVersionId: string | null;
  /** The output of the ad's feed creative (feed_id, catalog_item_id), when generated. */
  feedOutputKey: string | null;
  designTemplateVersionId: string | null;
  designSlotFeatures: Record<string, Record<string, string>> | null;
}

const HTTP = /^https?:\/\//i;

/** A key of this client's files (or the template library's): never another client's. */
function ownKey(clientId: string, key: string | null): key is string {
  return key !== null && (key.startsWith(`clients/${clientId}/`) || key.startsWith('library/'));
}

export const fileRef = (
  storageKey: string,
  templateVersionId: string | null,
  slotFeatures: ImageRef['slotFeatures'] = {},
  thumbnail = false,
): ImageRef => ({
  imageKey: `file:${storageKey}`,
  location: { kind: 'file', storageKey },
  templateVersionId,
  slotFeatures,
  thumbnail,
});

export const urlRef = (url: string, thumbnail = false): ImageRef => ({
  imageKey: `url:${url}`,
  location: { kind: 'url', url },
  templateVersionId: null,
  slotFeatures: {},
  thumbnail,
});

/** The image an ad shows (see the file's comment), or null when it has none we can read. */
export function adImage(config: AppDeps['config'], clientId: string, ad: AdImageRow): ImageRef | null {
  if (ad.feedOutputKey && ownKey(clientId, ad.feedOutputKey))
    return fileRef(ad.feedOutputKey, ad.designTemplateVersionId, ad.designSlotFeatures ?? {});
  const video = ad.creativeKind === 'video';
  // A video's creative URL is the video itself; its thumbnail is the image people see first.
  const candidates = video ? [ad.thumbnailUrl] : [ad.creativeUrl, ad.thumbnailUrl];
  for (const url of candidates) {
    if (!url) continue;
    const thumbnail = url !== ad.creativeUrl;
    const key = keyFromFileUrl(config, url) ?? keyFromFilePath(url);
    if (key !== null) {
      if (ownKey(clientId, key)) return fileRef(key, ad.templateVersionId, {}, thumbnail);
      continue;
    }
    if (HTTP.test(url)) return urlRef(url, thumbnail);
  }
  return null;
}

async function readAll(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > limit) {
      stream.destroy();
      throw new Error(`The stored image is larger than ${limit / 1024 / 1024} MB.`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** The bytes of an image; throws with a sentence that says why they could not be read. */
export async function loadImage(
  deps: Pick<AppDeps, 'files' | 'config'>,
  location: ImageLocation,
): Promise<Buffer> {
  if (location.kind === 'file') {
    const file = await deps.files.get(location.storageKey);
    if (!file) throw new Error('The stored image is no longer there.');
    return readAll(file.stream, MAX_IMAGE_BYTES);
  }
  const image = await fetchImage(location.url, {
    allowHosts: deps.config.fetchAllowHosts,
    maxBytes: MAX_IMAGE_BYTES,
    timeoutMs: FETCH_TIMEOUT_MS,
  });
  return image.bytes;
}
