import { Alert, Button, Group, Text } from '@mantine/core';
import { IconArrowUp, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from 'urql';
import { clientUrl } from '../../app/routes';
import { useNotify } from '../../app/store/useNotify';
import { MoveFeedDesignsToLatestVersionMutation } from './api/moveFeedDesigns';
import { feedsContext, type FeedDesign } from './feed';
import { formatItems } from './feedFormat';

/**
 * A design on an older version of its template (issue 16, item 7): which template and version it uses,
 * with "Move to the latest version" (the design moves and the feed regenerates) and "Edit the design"
 * (the builder on that template). Nothing when the design is on the newest version.
 */
export function DesignVersionNotice({
  clientId,
  feedId,
  design,
}: {
  clientId: string;
  feedId: string;
  design: FeedDesign;
}) {
  const version = design.templateVersion;
  const [, move] = useMutation(MoveFeedDesignsToLatestVersionMutation);
  const notify = useNotify();
  const [moving, setMoving] = useState(false);
  if (!version || version.isNewest) return null;

  const moveToLatest = async () => {
    setMoving(true);
    try {
      const result = await move({ feedId, designId: design.id }, feedsContext);
      const payload = result.data?.moveFeedDesignsToLatestVersion;
      notify.mutation(
        result,
        payload,
        `Moved to version ${version.newestVersionNumber}: ${formatItems(payload?.queued ?? 0)} queued.`,
      );
    } finally {
      setMoving(false);
    }
  };

  return (
    <Alert color="yellow" variant="light" p="xs" title="Older version" role="status">
      <Text size="sm">
        Uses version {version.versionNumber} of ‘{version.templateName}’; the newest is version{' '}
        {version.newestVersionNumber}.
      </Text>
      <Group gap="xs" mt="xs">
        <Button
          size="xs"
          leftSection={<IconArrowUp size={14} />}
          loading={moving}
          onClick={() => notify.reportFailure(moveToLatest())}
        >
          Move to the latest version
        </Button>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPencil size={14} />}
          component={Link}
          to={clientUrl(clientId, 'products/templates/:id/', { id: version.templateId })}
        >
          Edit the design
        </Button>
      </Group>
    </Alert>
  );
}
