import { Alert, List, Progress, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../lib/format';
import type { MetaSync } from './integration';
import { isSyncActive, syncOutcome, syncPercent } from './metaStatus';

/** The sync under way with its progress bar, or how the last one ended (a partial one lists what failed). */
export function MetaSyncStatus({ sync }: { sync: MetaSync }) {
  if (isSyncActive(sync.state)) {
    const percent = syncPercent(sync);
    return (
      <Alert color="blue" variant="light" role="status" aria-label="Sync in progress">
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {sync.state === 'QUEUED' ? 'The sync is queued and starts in a moment…' : `Syncing… ${percent}%`}
          </Text>
          {sync.message && <Text size="sm">{sync.message}</Text>}
          <Progress value={sync.state === 'QUEUED' ? 0 : percent} size="lg" aria-label="Sync progress" />
        </Stack>
      </Alert>
    );
  }
  const outcome = syncOutcome(sync);
  if (!outcome) return null;
  return (
    <Alert color={outcome.color} variant="light" title={outcome.title} role="status">
      <Stack gap={4}>
        {sync.finishedAt && <Text size="sm">Finished {formatDateTime(sync.finishedAt)}.</Text>}
        {outcome.message && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {outcome.message}
          </Text>
        )}
        {outcome.failures.length > 0 && (
          <>
            <Text size="sm" fw={600}>
              What failed:
            </Text>
            <List size="sm" spacing={2} aria-label="Sync failures">
              {outcome.failures.map((failure) => (
                <List.Item key={failure}>{failure}</List.Item>
              ))}
            </List>
          </>
        )}
      </Stack>
    </Alert>
  );
}
