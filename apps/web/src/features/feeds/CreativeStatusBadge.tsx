import { Badge } from '@mantine/core';
import type { CreativeStatus } from './feed';
import { creativeStatusLabels } from './feedFormat';

export const creativeStatusColors: Record<CreativeStatus, string> = {
  GENERATED: 'teal',
  NO_INPUT_IMAGES: 'yellow',
  NO_TEMPLATE_MATCHED: 'orange',
  FAILED: 'red',
  PENDING: 'gray',
  IN_PROGRESS: 'blue',
  ARCHIVED: 'dark',
};

export function CreativeStatusBadge({ status }: { status: CreativeStatus }) {
  return (
    <Badge variant="light" color={creativeStatusColors[status]} w="fit-content">
      {creativeStatusLabels[status]}
    </Badge>
  );
}
