import { Grid, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { clientUrl } from '../../app/routes';
import { type ClientScreenProps, useCurrentClient } from '../clients';
import { FeedActions } from './FeedActions';
import { FeedCountCards } from './FeedCountCards';
import { FeedDesigns } from './FeedDesigns';
import { FeedExportUrls } from './FeedExportUrls';
import { FeedFrame } from './FeedFrame';
import { SavedFeedLayerWarnings } from './FeedLayerWarnings';
import { FeedProgress } from './FeedProgress';
import { useFeedActions } from './useFeedActions';

/** `/feeds/{id}/`: a feed's progress, counts, designs and export URLs, with its actions. */
export function FeedScreen({ route }: ClientScreenProps) {
  const client = useCurrentClient();
  const navigate = useNavigate();
  const actions = useFeedActions({
    onDeleted: () => {
      if (client) navigate(clientUrl(client.id, 'products/'));
    },
  });
  return (
    <FeedFrame
      route={route}
      page="overview"
      actions={(feed) => <FeedActions feed={feed} actions={actions} />}
    >
      {(feed, clientId) => (
        <Stack gap="lg">
          <FeedProgress counts={feed.counts} />
          <SavedFeedLayerWarnings feedId={feed.id} />
          <FeedCountCards clientId={clientId} feedId={feed.id} counts={feed.counts} />
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <FeedDesigns clientId={clientId} feed={feed} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <FeedExportUrls
                urls={feed.exportUrls}
                onRotate={() => actions.rotateToken(feed)}
                rotating={actions.busy === 'rotate'}
              />
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </FeedFrame>
  );
}
