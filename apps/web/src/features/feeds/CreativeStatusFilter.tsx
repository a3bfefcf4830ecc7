import { ScrollArea, SegmentedControl } from '@mantine/core';
import type { CreativeStatus, FeedCounts } from './feed';
import {
  CREATIVE_STATUSES,
  creativeStatusLabels,
  formatNumber,
  readStatusParam,
  statusCount,
} from './feedFormat';

const ALL = 'ALL';

/**
 * All creatives, or those of one status, each status with its count. Statuses without creatives are left
 * out (the chosen one stays), so the control fits beside the other tools.
 */
export function CreativeStatusFilter({
  value,
  counts,
  onChange,
}: {
  value: CreativeStatus | null;
  counts: FeedCounts;
  onChange: (status: CreativeStatus | null) => void;
}) {
  const data = [
    { value: ALL, label: 'All' },
    ...CREATIVE_STATUSES.filter((status) => status === value || statusCount(counts, status) > 0).map(
      (status) => ({
        value: status,
        label: `${creativeStatusLabels[status]} · ${formatNumber(statusCount(counts, status))}`,
      }),
    ),
  ];
  return (
    <ScrollArea type="auto" offsetScrollbars scrollbarSize={6}>
      <SegmentedControl
        aria-label="Status"
        data={data}
        value={value ?? ALL}
        onChange={(next) => onChange(readStatusParam(next))}
        size="sm"
      />
    </ScrollArea>
  );
}
