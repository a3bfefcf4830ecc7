import { Badge } from '@mantine/core';
import { importStatusLook } from '../lib/importStatus';

/** An import's status as a coloured badge: queued, importing, completed or failed. */
export function ImportStatusBadge({ status }: { status: string }) {
  const { label, color } = importStatusLook(status);
  return (
    <Badge variant="light" color={color}>
      {label}
    </Badge>
  );
}
