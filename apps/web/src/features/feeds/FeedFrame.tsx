import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { ClientRoute } from '../../app/routes';
import { clientUrl } from '../../app/routes';
import { PageLoader } from '../../components/PageLoader';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useCurrentClient } from '../clients';
import type { FeedDetail } from './feed';
import { FeedNav, type FeedPage } from './FeedNav';
import { FeedStatusBadge } from './FeedStatusBadge';
import { useFeed } from './useFeed';

/**
 * What every feed page shares: the feed (read again every 2 s while generating), its name and status,
 * the links between its pages, and the states before there is a feed to show.
 */
export function FeedFrame({
  route,
  page,
  actions,
  children,
}: {
  route: ClientRoute;
  page: FeedPage;
  actions?: (feed: FeedDetail) => ReactNode;
  children: (feed: FeedDetail, clientId: string) => ReactNode;
}) {
  const client = useCurrentClient();
  const { id = '' } = useParams();
  const { loaded, feed, error } = useFeed(id);

  if (!client) return null;
  if (!loaded)
    return (
      <>
        <ScreenHeader title={route.title} />
        {error ? <QueryState error={error} /> : <PageLoader />}
      </>
    );
  if (!feed)
    return (
      <>
        <ScreenHeader title={route.title} />
        <Paper withBorder p="xl" radius="md">
          <Stack gap="md" align="flex-start">
            <Text fw={600}>Feed {id} not found</Text>
            <Text c="dimmed">It may have been deleted, or the link may be wrong.</Text>
            <Button component={Link} to={clientUrl(client.id, 'products/')}>
              Back to products
            </Button>
          </Stack>
        </Paper>
      </>
    );

  return (
    <>
      <ScreenHeader title={feed.name} description={route.description} actions={actions?.(feed)} />
      <Group justify="space-between" mb="lg" gap="sm">
        <FeedNav clientId={client.id} feedId={feed.id} current={page} />
        <FeedStatusBadge status={feed.status} />
      </Group>
      {children(feed, client.id)}
    </>
  );
}
