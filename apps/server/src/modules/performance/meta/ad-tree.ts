/**
 * An ad account's ads from GET /act_{id}/ads with their campaign, ad set and creative, as facts.ts's ad tree.
 * An ad showing one of the client's Adloom creatives is tied to the feed, design, template version and
 * catalogue item it came from (the feeds module's lookups): by URL when its image is our file
 * (`…/files/clients/{clientId}/creatives/{hash}.jpg`), else by content when its image_hash (Meta's AdImage
 * hash, taken as the MD5 of the uploaded bytes: feeds/generation/output-md5.ts says why) is the MD5 of one
 * of the client's creatives, as when the marketer downloaded our ad and uploaded it to Meta, whose CDN then
 * serves it.
 */
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { creativeOriginsByKey, creativeOriginsByMd5, type CreativeOrigin } from '../../feeds/index.js';
import { keyFromFileUrl } from '../../uploads/index.js';
import type { AdTreeInput } from '../facts.js';
import type { GraphClient } from './graph-client.js';

interface GraphAd {
  id: string;
  name: string;
  status?: string;
  effective_status?: string;
  campaign?: { id: string; name: string; objective?: string };
  adset?: { id: string; name: string };
  creative?: {
    id: string;
    thumbnail_url?: string;
    image_url?: string;
    /** The AdImage hash of an image creative (the MD5 of the uploaded image's bytes). */
    image_hash?: string;
    video_id?: string;
    product_set_id?: string;
    object_story_spec?: {
      link_data?: { picture?: string; image_hash?: string };
      video_data?: { image_url?: string; video_id?: string };
    };
  };
}

export const AD_FIELDS =
  'id,name,status,effective_status,campaign{id,name,objective},adset{id,name},creative{id,thumbnail_url,image_url,image_hash,video_id,product_set_id,object_story_spec}';

const CREATIVE_PATH = /\/files\/(clients\/[0-9a-f-]{36}\/creatives\/[0-9a-f]{64}\.jpg)(?:[?#]|$)/;

/** The stored key of an Adloom creative the URL points at, on this site or its file store; else null. */
export function creativeKeyOf(config: Config, url: string | null | undefined): string | null {
  if (!url) return null;
  const key = keyFromFileUrl(config, url) ?? CREATIVE_PATH.exec(url)?.[1] ?? null;
  return key && /^clients\/[0-9a-f-]{36}\/creatives\/[0-9a-f]{64}\.jpg$/.test(key) ? key : null;
}

export function adTreeOf(ad: GraphAd): AdTreeInput {
  const c = ad.creative;
  const kind =
    c?.video_id || c?.object_story_spec?.video_data ? 'video' : c?.product_set_id ? 'catalog' : 'image';
  const image =
    c?.image_url ?? c?.object_story_spec?.link_data?.picture ?? c?.object_story_spec?.video_data?.image_url;
  return {
    campaign: {
      externalId: ad.campaign?.id ?? 'unknown',
      name: ad.campaign?.name ?? 'Unknown campaign',
      objective: ad.campaign?.objective ?? null,
    },
    adSet: { externalId: ad.adset?.id ?? 'unknown', name: ad.adset?.name ?? 'Unknown ad set' },
    ad: {
      externalId: ad.id,
      name: ad.name,
      status: ad.effective_status ?? ad.status ?? null,
      creativeKind: c ? kind : null,
      creativeUrl: image ?? null,
      creativeHash: c?.image_hash ?? c?.object_story_spec?.link_data?.image_hash ?? null,
      thumbnailUrl: c?.thumbnail_url ?? image ?? null,
    },
  };
}

/** Every ad of the account (all pages), ready for upsertAdTree, with Adloom creatives linked. */
export async function fetchAdTree(
  client: GraphClient,
  deps: { config: Config; db: Db },
  clientId: string,
  accountExternalId: string,
): Promise<AdTreeInput[]> {
  const ads = await client.all<GraphAd>(`${accountExternalId}/ads`, { fields: AD_FIELDS, limit: 200 });
  const trees = ads.map(adTreeOf);
  const keys = new Map<AdTreeInput, string>();
  const hashes = new Map<AdTreeInput, string>();
  for (const t of trees) {
    const key = creativeKeyOf(deps.config, t.ad.creativeUrl);
    if (key?.startsWith(`clients/${clientId}/`)) keys.set(t, key);
    else if (!key && t.ad.creativeHash) hashes.set(t, t.ad.creativeHash.toLowerCase());
  }
  const byKey = keys.size ? await creativeOriginsByKey(deps.db, clientId, [...keys.values()]) : new Map();
  const byMd5 = hashes.size ? await creativeOriginsByMd5(deps.db, clientId, [...hashes.values()]) : new Map();
  for (const [t, key] of keys) tie(t, byKey.get(key));
  for (const [t, md5] of hashes) tie(t, byMd5.get(md5));
  return trees;
}

function tie(t: AdTreeInput, origin: CreativeOrigin | undefined): void {
  if (!origin) return;
  t.ad.feedId = origin.feedId;
  t.ad.designId = origin.designId;
  t.ad.templateVersionId = origin.templateVersionId;
  t.ad.catalogItemId = origin.itemId;
}
