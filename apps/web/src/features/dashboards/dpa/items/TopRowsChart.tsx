import { BarChart } from '@mantine/charts';
import { ChartFigure } from '../../components/ChartFigure';
import { formatMetric } from '../../model/metricFormat';

const SHOWN = 10;

/** The rows with the most spend as bars, the name shortened to fit. */
export function TopRowsChart({
  title,
  rows,
  currency,
}: {
  title: string;
  rows: readonly { key: string; label: string; values: { spend?: number | null } }[];
  currency: string | null;
}) {
  const top = [...rows]
    .filter((row) => (row.values.spend ?? 0) > 0)
    .sort((a, b) => (b.values.spend ?? 0) - (a.values.spend ?? 0))
    .slice(0, SHOWN)
    .map((row) => ({
      name: row.label.length > 28 ? `${row.label.slice(0, 27)}…` : row.label,
      spend: row.values.spend ?? 0,
    }));
  if (top.length < 2) return null;
  return (
    <ChartFigure title={title} summary={`The ${top.length} with the most spend in the range.`}>
      <BarChart
        h={Math.max(160, top.length * 32)}
        data={top}
        dataKey="name"
        orientation="vertical"
        series={[{ name: 'spend', label: 'Spend', color: 'blue.6' }]}
        valueFormatter={(value) => formatMetric('spend', value, currency)}
        yAxisProps={{ width: 190 }}
        gridAxis="x"
      />
    </ChartFigure>
  );
}
