import { useParams } from 'react-router';
import type { ClientScreenProps } from '../clients';
import { FeedDesignDetails } from './FeedDesignDetails';
import { FeedFrame } from './FeedFrame';

/** `/feeds/{id}/design/{designId}/`: one design of a feed. */
export function FeedDesignScreen({ route }: ClientScreenProps) {
  const { designId = '' } = useParams();
  return (
    <FeedFrame route={route} page="design">
      {(feed, clientId) => <FeedDesignDetails clientId={clientId} feed={feed} designId={designId} />}
    </FeedFrame>
  );
}
