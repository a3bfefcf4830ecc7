import type { ResultOf } from 'gql.tada';
import type { PortalClientQuery } from './api/portalClient';

export type PortalClient = NonNullable<ResultOf<typeof PortalClientQuery>['portalClient']>;
export type PlanStatus = PortalClient['planStatus'];

export const planStatusLabels: Record<PlanStatus, string> = {
  PAYING: 'Paying',
  TRIAL: 'Trial',
  EXPIRED: 'Expired',
};
export const planStatusOptions = (Object.keys(planStatusLabels) as PlanStatus[]).map((value) => ({
  value,
  label: planStatusLabels[value],
}));

export function isPlanStatus(value: string | null): value is PlanStatus {
  return value !== null && value in planStatusLabels;
}
