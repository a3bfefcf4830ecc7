import { Badge } from '@mantine/core';
import { type PlanStatus, planStatusLabels } from './planStatus';

const colors: Record<PlanStatus, string> = { PAYING: 'teal', TRIAL: 'blue', EXPIRED: 'red' };

export function PlanStatusBadge({ status }: { status: PlanStatus }) {
  return (
    <Badge variant="light" color={colors[status]}>
      {planStatusLabels[status]}
    </Badge>
  );
}
