// The chart, date-picker and table styles load with the dashboards' chunk, not with the first page.
import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import 'mantine-datatable/styles.css';
import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { Fragment, type ReactNode, useCallback } from 'react';
import { useQuery } from 'urql';
import { DashboardCurrencyQuery } from '../api/dashboardCurrency';
import { dashboardQueryContext } from '../api/queryContext';
import { ScreenHeader } from '../../../components/ScreenHeader';
import { QueryState } from '../../../components/QueryState';
import { type ClientScreenProps, useCurrentClient } from '../../clients';
import { comparisonRange, type DashboardQuery, performanceFilter } from '../model/dashboardQuery';
import { type DayRange, formatRange } from '../model/dateRange';
import { type DashboardQueryState, useDashboardQuery } from '../useDashboardQuery';
import { useFollowDemoMode } from '../useFollowDemoMode';
import { type PerformanceContextData, usePerformanceContext } from '../usePerformanceContext';
import { ComparisonControl } from './ComparisonControl';
import { DateRangeControl } from './DateRangeControl';
import { DemoDataNotice } from './DemoDataNotice';
import { NoDataState } from './NoDataState';
import { ScopeFilters } from './ScopeFilters';

/** What a dashboard's content reads: the chosen range, comparison and filters, and the context. */
export interface DashboardScope {
  clientId: string;
  query: DashboardQuery;
  state: DashboardQueryState;
  comparison: DayRange;
  filter: ReturnType<typeof performanceFilter>;
  context: PerformanceContextData;
  /** The currency the figures are in: the one chosen, else the only one, else the server's answer. */
  currency: string | null;
  /** Asks the context again (after a setting it shows has changed). */
  refreshContext: () => void;
}

/**
 * The frame of every dashboard: the title, the date range and comparison, the account and campaign
 * filters, the currency and attribution setting read, the demo-data notice, and the empty state when
 * there is nothing to show yet.
 */
export function DashboardShell({
  route,
  description,
  withComparison = true,
  children,
}: ClientScreenProps & {
  description: string;
  withComparison?: boolean;
  children: (scope: DashboardScope) => ReactNode;
}) {
  const client = useCurrentClient();
  const state = useDashboardQuery();
  const { query, setQuery, today } = state;
  const { context, error, refetch } = usePerformanceContext();
  const refreshContext = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  // Keyed by the data set shown: a switch of demo mode starts the screen's queries afresh.
  const dataSet = useFollowDemoMode(context, refreshContext);
  // Several currencies and none chosen: the server reads the one with the most spend in the range.
  const ownCurrency =
    query.currency ?? (context?.currencies.length === 1 ? (context.currencies[0] ?? null) : null);
  const [{ data: currencyData }] = useQuery({
    query: DashboardCurrencyQuery,
    variables: { from: query.range.from, to: query.range.to, filter: performanceFilter(query) },
    context: dashboardQueryContext,
    pause: !context || ownCurrency !== null || context.currencies.length < 2,
  });

  const header = <ScreenHeader title={route.title} description={description} />;
  if (!client) return header;
  if (!context) {
    return (
      <>
        {header}
        {error ? <QueryState error={error} /> : <DashboardSkeleton />}
      </>
    );
  }

  const currency = ownCurrency ?? currencyData?.adPerformanceSummary.currency ?? null;
  return (
    <>
      {header}
      {context.demo && <DemoDataNotice onSwitchedOff={refreshContext} />}
      {context.hasData && (
        <Paper withBorder radius="md" p="sm" mb="md" component="section" aria-label="Filters">
          <Stack gap="xs">
            <Group gap="lg" align="flex-end" wrap="wrap">
              <DateRangeControl
                range={query.range}
                today={today}
                onChange={(range) => setQuery({ ...query, range })}
              />
              {withComparison && (
                <ComparisonControl
                  range={query.range}
                  comparison={query.comparison}
                  today={today}
                  onChange={(comparison) => setQuery({ ...query, comparison })}
                />
              )}
              <ScopeFilters context={context} query={query} onChange={setQuery} />
            </Group>
            <ContextLine context={context} currency={currency} />
          </Stack>
        </Paper>
      )}
      {context.hasData ? (
        <Fragment key={dataSet}>
          {children({
            clientId: client.id,
            query,
            state,
            comparison: comparisonRange(query),
            filter: performanceFilter(query),
            context,
            currency,
            refreshContext,
          })}
        </Fragment>
      ) : (
        <NoDataState clientId={client.id} demo={context.demo} />
      )}
    </>
  );
}

/** The currency and attribution setting of the accounts read, and the days with data. */
function ContextLine({ context, currency }: { context: PerformanceContextData; currency: string | null }) {
  const parts = [
    context.currencies.length > 1
      ? `Currency: ${currency ?? '…'} (accounts in ${context.currencies.join(', ')}: pick another currency to see them)`
      : `Currency: ${currency ?? '–'}`,
    `Attribution: ${context.attributionSettings.join('; ') || 'not reported by the source'}`,
  ];
  if (context.firstDay && context.lastDay) {
    parts.push(`Data: ${formatRange({ from: context.firstDay, to: context.lastDay })}`);
  }
  return (
    <Text size="sm" c="dimmed">
      {parts.join(' · ')}
    </Text>
  );
}

/** The dashboard's outline while its first answer is on the way. */
export function DashboardSkeleton() {
  return (
    <Stack gap="md" aria-label="Loading" aria-busy>
      <Skeleton h={70} radius="md" />
      <Group grow>
        <Skeleton h={110} radius="md" />
        <Skeleton h={110} radius="md" />
        <Skeleton h={110} radius="md" />
        <Skeleton h={110} radius="md" />
      </Group>
      <Skeleton h={280} radius="md" />
    </Stack>
  );
}
