import type { ClientScreenProps } from '../clients';
import { FeedFrame } from './FeedFrame';
import { FeedPreview } from './FeedPreview';

/** `/feeds/{id}/preview/`: the first generated ads large, and the items' original images to compare. */
export function FeedPreviewScreen({ route }: ClientScreenProps) {
  return (
    <FeedFrame route={route} page="preview">
      {(feed) => <FeedPreview feed={feed} />}
    </FeedFrame>
  );
}
