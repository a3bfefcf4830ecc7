import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { clientUrl } from '../../app/routes';

export type FeedPage = 'overview' | 'creatives' | 'preview' | 'design';

const pages: { page: FeedPage; label: string; path: string }[] = [
  { page: 'overview', label: 'Overview', path: 'feeds/:id/' },
  { page: 'creatives', label: 'Creatives', path: 'feeds/:id/creatives/' },
  { page: 'preview', label: 'Preview', path: 'feeds/:id/preview/' },
];

/** Links between the pages of one feed; the current one is marked. */
export function FeedNav({
  clientId,
  feedId,
  current,
}: {
  clientId: string;
  feedId: string;
  current: FeedPage;
}) {
  return (
    <Group component="nav" aria-label="Feed pages" gap="xs">
      {pages.map(({ page, label, path }) => (
        <Button
          key={page}
          component={Link}
          to={clientUrl(clientId, path, { id: feedId })}
          variant={page === current ? 'light' : 'subtle'}
          aria-current={page === current ? 'page' : undefined}
          size="sm"
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}
