import type { ResultOf } from 'gql.tada';
import { useQuery } from 'urql';
import { PerformanceContextQuery } from './api/performanceContext';
import { dashboardQueryContext } from './api/queryContext';

export type PerformanceContextData = ResultOf<typeof PerformanceContextQuery>['performanceContext'];

/** The accounts, campaigns, currencies, attribution and demo flag every dashboard's header shows. */
export function usePerformanceContext() {
  const [{ data, error, fetching }, refetch] = useQuery({
    query: PerformanceContextQuery,
    requestPolicy: 'cache-and-network',
    context: dashboardQueryContext,
  });
  return { context: data?.performanceContext, error, fetching, refetch };
}
