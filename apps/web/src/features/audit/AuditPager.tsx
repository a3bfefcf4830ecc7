import { Group, Pagination, Text } from '@mantine/core';
import { AUDIT_PAGE_SIZE } from './auditEvent';

/** Which events of how many are shown, and the pages. */
export function AuditPager({
  total,
  page,
  onPage,
}: {
  total: number;
  page: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const first = total === 0 ? 0 : (page - 1) * AUDIT_PAGE_SIZE + 1;
  const last = Math.min(page * AUDIT_PAGE_SIZE, total);
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        {total === 0 ? 'No events' : `${first}–${last} of ${total}`}
      </Text>
      {pages > 1 && <Pagination total={pages} value={page} onChange={onPage} aria-label="Pages" />}
    </Group>
  );
}
