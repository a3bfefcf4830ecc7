import { type MetricKey } from '@adloom/commerce';
import { Paper, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useQuery } from 'urql';
import { QueryState } from '../../../components/QueryState';
import { PerformanceReportQuery } from '../api/performanceReport';
import { dashboardQueryContext } from '../api/queryContext';
import type { DashboardScope } from '../components/DashboardShell';
import { MetricLabel } from '../components/MetricLabel';
import { formatMetric } from '../model/metricFormat';
import { METRIC_ENUM, type MetricValues } from '../model/metricKeys';
import { REPORT_DIMENSIONS, type ReportDefinition } from '../model/reportDefinition';

interface ReportRow {
  id: string;
  labels: string[];
  values: Partial<MetricValues>;
}

const PAGE_SIZES = [25, 50, 100, 200];

/** One page of the pivot, sorted and paged by the server, with the totals of every row in the footer. */
export function ReportTable({
  scope,
  definition,
  page,
  onPage,
  onSort,
}: {
  scope: DashboardScope;
  definition: ReportDefinition;
  page: number;
  onPage: (page: number) => void;
  onSort: (sortBy: MetricKey | null, sortDesc: boolean) => void;
}) {
  const { query, filter } = scope;
  const [pageSize, setPageSize] = useState<number>(50);
  const [{ data, error, fetching }] = useQuery({
    query: PerformanceReportQuery,
    variables: {
      input: {
        from: query.range.from,
        to: query.range.to,
        dimensions: definition.dimensions,
        metrics: definition.metrics.map((key) => METRIC_ENUM[key]),
        sortBy: definition.sortBy ? METRIC_ENUM[definition.sortBy] : undefined,
        sortDesc: definition.sortDesc,
        offset: (page - 1) * pageSize,
        limit: pageSize,
        filter,
      },
    },
    context: dashboardQueryContext,
  });
  const report = data?.performanceReport;
  if (!report && error) return <QueryState error={error} />;
  const currency = report?.currency ?? scope.currency;

  const rows: ReportRow[] = (report?.rows ?? []).map((row) => ({
    id: row.keys.join('\u0000'),
    labels: row.labels,
    values: row.values,
  }));
  const columns: DataTableColumn<ReportRow>[] = [
    ...definition.dimensions.map((dimension, index) => ({
      accessor: `dimension${index}`,
      title: REPORT_DIMENSIONS.find((d) => d.value === dimension)?.label ?? dimension,
      render: (row: ReportRow) => row.labels[index] ?? '–',
      footer: index === 0 ? <Text fw={700}>Total ({report?.total ?? 0} rows)</Text> : undefined,
    })),
    ...definition.metrics.map((metric) => ({
      accessor: metric,
      title: <MetricLabel metric={metric} />,
      sortable: true,
      textAlign: 'right' as const,
      render: (row: ReportRow) => formatMetric(metric, row.values[metric], currency),
      footer: report ? (
        <Text fw={700} ta="right">
          {formatMetric(metric, report.totals[metric], currency)}
        </Text>
      ) : undefined,
    })),
  ];

  return (
    <Paper withBorder radius="md" p="md">
      <DataTable<ReportRow>
        aria-label="Detailed report"
        minHeight={200}
        striped
        highlightOnHover
        fetching={fetching}
        records={rows}
        idAccessor="id"
        columns={columns}
        sortStatus={{
          columnAccessor: definition.sortBy ?? '',
          direction: definition.sortDesc ? 'desc' : 'asc',
        }}
        onSortStatusChange={(status) =>
          onSort(status.columnAccessor as MetricKey, status.direction === 'desc')
        }
        totalRecords={report?.total ?? 0}
        recordsPerPage={pageSize}
        page={page}
        onPageChange={onPage}
        recordsPerPageOptions={PAGE_SIZES}
        onRecordsPerPageChange={(size) => {
          setPageSize(size);
          onPage(1);
        }}
        recordsPerPageLabel="Rows per page"
        noRecordsText="No rows in this period"
      />
    </Paper>
  );
}
