/**
 * The urql context of every dashboard query. Which data a query reads depends on the user's demo mode,
 * which setDemoMode changes (its result holds the User): naming User here makes urql's document cache
 * drop these results and ask again once that mutation has been answered, so the figures follow the switch.
 */
export const dashboardQueryContext = { additionalTypenames: ['User'] };
