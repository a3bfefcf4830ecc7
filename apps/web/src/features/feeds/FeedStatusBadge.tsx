import { Badge } from '@mantine/core';

/** GENERATING while items are pending or in progress, else READY. */
export function FeedStatusBadge({ status }: { status: string }) {
  const generating = status === 'GENERATING';
  return (
    <Badge variant="light" color={generating ? 'blue' : 'teal'}>
      {generating ? 'Generating' : 'Ready'}
    </Badge>
  );
}
