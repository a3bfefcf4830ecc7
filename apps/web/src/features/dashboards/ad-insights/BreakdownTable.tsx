import { METRIC_KEYS } from '@adloom/commerce';
import { DashboardTable } from '../components/DashboardTable';
import { metricColumns } from '../components/metricColumns';
import type { MetricValues } from '../model/metricKeys';

interface BreakdownRow {
  value: string;
  label: string;
  values: Partial<MetricValues>;
}

/** Every metric per value of the breakdown. */
export function BreakdownTable({
  rows,
  breakdownLabel,
  currency,
}: {
  rows: readonly BreakdownRow[];
  breakdownLabel: string;
  currency: string | null;
}) {
  return (
    <DashboardTable
      title={`Every metric by ${breakdownLabel.toLowerCase()}`}
      columns={[
        { key: 'label', title: breakdownLabel, csvLabel: breakdownLabel, value: (row) => row.label },
        ...metricColumns<BreakdownRow>(METRIC_KEYS, (row) => row.values, currency),
      ]}
      rows={rows}
      rowKey={(row) => row.value}
      fileName={`ad-insights-${breakdownLabel.toLowerCase()}.csv`}
      defaultSort={{ column: 'spend', direction: 'desc' }}
    />
  );
}
