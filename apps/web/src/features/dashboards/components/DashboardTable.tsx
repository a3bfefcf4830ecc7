import { Button, Group, Paper, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { type ReactNode, useMemo, useState } from 'react';
import { downloadCsv, toCsv } from '../model/csv';
import { sortRows } from '../model/sortRows';

export interface DashboardColumn<Row> {
  key: string;
  /** The header (a metric's label with its tooltip, for instance). */
  title: ReactNode;
  /** The header in the CSV file. */
  csvLabel: string;
  /** The raw value: what the column sorts by and the CSV holds. */
  value: (row: Row) => string | number | null;
  /** How a cell reads on screen; the raw value when absent. */
  render?: (row: Row) => ReactNode;
  textAlign?: 'left' | 'right';
  /** The column's cell of a totals row under the table (shown when any column has one). */
  footer?: ReactNode;
}

const PAGE_SIZES = [10, 25, 50, 100];

/**
 * A table of a dashboard (mantine-datatable): sortable by every column, paged, and exported whole as CSV
 * (raw numbers, the column labels as header) under `fileName`.
 */
export function DashboardTable<Row>({
  title,
  columns,
  rows,
  rowKey,
  fileName,
  defaultSort,
  fetching,
  initialPageSize = 25,
}: {
  title: string;
  columns: readonly DashboardColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  fileName: string;
  defaultSort?: { column: string; direction: 'asc' | 'desc' };
  fetching?: boolean;
  /** Rows per page at first (10, 25, 50 or 100). */
  initialPageSize?: number;
}) {
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<Row>>({
    columnAccessor: defaultSort?.column ?? columns[0]?.key ?? '',
    direction: defaultSort?.direction ?? 'asc',
  });
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(initialPageSize);

  const sorted = useMemo(() => {
    const column = columns.find((c) => c.key === sortStatus.columnAccessor);
    return column ? sortRows(rows, column.value, sortStatus.direction) : [...rows];
  }, [rows, columns, sortStatus]);
  const lastPage = Math.max(1, Math.ceil(sorted.length / pageSize));
  const shownPage = Math.min(page, lastPage);
  const pageRows = sorted.slice((shownPage - 1) * pageSize, shownPage * pageSize);

  const exportCsv = () =>
    downloadCsv(
      fileName,
      toCsv(
        columns.map((column) => ({ label: column.csvLabel, value: column.value })),
        sorted,
      ),
    );

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md">
          {title}
        </Title>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} />}
          onClick={exportCsv}
          disabled={!rows.length}
          aria-label={`Export ${title} as CSV`}
        >
          Export CSV
        </Button>
      </Group>
      <DataTable<Row>
        aria-label={title}
        minHeight={rows.length ? undefined : 150}
        withTableBorder={false}
        striped
        highlightOnHover
        fetching={fetching}
        records={pageRows}
        idAccessor={(row) => rowKey(row)}
        columns={columns.map((column) => ({
          accessor: column.key,
          title: column.title,
          sortable: true,
          textAlign: column.textAlign,
          render: (row: Row) => column.render?.(row) ?? column.value(row) ?? '–',
          footer: column.footer,
        }))}
        sortStatus={sortStatus}
        onSortStatusChange={(status) => {
          setSortStatus(status);
          setPage(1);
        }}
        totalRecords={sorted.length}
        recordsPerPage={pageSize}
        page={shownPage}
        onPageChange={setPage}
        recordsPerPageOptions={PAGE_SIZES}
        onRecordsPerPageChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        recordsPerPageLabel="Rows per page"
        noRecordsText="No rows"
      />
    </Paper>
  );
}
