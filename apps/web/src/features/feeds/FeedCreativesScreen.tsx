import type { ClientScreenProps } from '../clients';
import { CreativesGallery } from './CreativesGallery';
import { FeedFrame } from './FeedFrame';

/** `/feeds/{id}/creatives/`: every item's creative, by status, with the item's detail. */
export function FeedCreativesScreen({ route }: ClientScreenProps) {
  return (
    <FeedFrame route={route} page="creatives">
      {(feed, clientId) => <CreativesGallery clientId={clientId} feed={feed} />}
    </FeedFrame>
  );
}
