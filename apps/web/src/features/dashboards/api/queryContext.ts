import type { OperationContext } from 'urql';

/**
 * The urql context of every dashboard query. Which data set a query reads follows the user's demo mode,
 * which changes outside this cache (useFollowDemoMode), so a cached answer is shown at once but always
 * asked again: figures of the other data set never stay on screen.
 */
export const dashboardQueryContext: Partial<OperationContext> = { requestPolicy: 'cache-and-network' };
