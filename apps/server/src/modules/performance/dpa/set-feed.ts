/**
 * Which feed's creatives a catalogue ad shows (setCatalogAdFeed): imported and Meta ads cannot tell, so the
 * marketer says. A feed makes the ad an enhancement ad; none makes it a plain catalogue ad.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { ads } from '../../../db/schema.js';
import { DomainError, isUuid } from '../../../errors.js';
import { ownFeed } from '../../feeds/index.js';

export const catalogAdNotFound = (id: string) => new DomainError('NOT_FOUND', `Catalogue ad ${id} not found`);

export interface CatalogAdFeedChange {
  adId: string;
  adName: string;
  feedId: string | null;
  feedName: string | null;
  previousFeedId: string | null;
}

/**
 * Sets (or, with null, clears) the feed of the client's catalogue ad. The ad's own template version and
 * design go too: with a feed, the template of each item is its creative's; without, the ad shows the
 * catalogue image. Another client's ad or feed is not found.
 */
export async function setCatalogAdFeed(
  db: Db,
  clientId: string,
  adId: string,
  feedId: string | null,
): Promise<CatalogAdFeedChange> {
  const [ad] = isUuid(adId)
    ? await db
        .select({ id: ads.id, name: ads.name, feedId: ads.feedId, creativeKind: ads.creativeKind })
        .from(ads)
        .where(and(eq(ads.id, adId), eq(ads.clientId, clientId)))
    : [];
  if (!ad || ad.creativeKind !== 'catalog') throw catalogAdNotFound(adId);
  const feed = feedId === null ? null : await ownFeed(db, clientId, feedId);
  await db
    .update(ads)
    .set({ feedId: feed?.id ?? null, designId: null, templateVersionId: null })
    .where(and(eq(ads.id, ad.id), eq(ads.clientId, clientId)));
  return {
    adId: ad.id,
    adName: ad.name,
    feedId: feed?.id ?? null,
    feedName: feed?.name ?? null,
    previousFeedId: ad.feedId,
  };
}
