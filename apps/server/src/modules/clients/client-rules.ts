import type { ClientRow, PlanStatus } from '../../db/schema.js';

/** The per-client feature flags staff can switch in the portal. Unknown keys are refused. */
export const FEATURE_FLAGS = [
  {
    key: 'terms',
    label: 'Terms and conditions',
    description: 'Members must accept the terms and conditions before using the workspace.',
    defaultEnabled: false,
  },
] as const;

export type FeatureKey = (typeof FEATURE_FLAGS)[number]['key'];

export function isFeatureKey(key: string): key is FeatureKey {
  return FEATURE_FLAGS.some((f) => f.key === key);
}

/** The plan status users live under: a trial whose end date has passed counts as expired. */
export function effectivePlanStatus(client: Pick<ClientRow, 'planStatus' | 'trialEndsAt'>, now = new Date()) {
  if (client.planStatus === 'trial' && client.trialEndsAt && client.trialEndsAt.getTime() <= now.getTime())
    return 'expired' as PlanStatus;
  return client.planStatus;
}

/**
 * Default landing (spec 2): the billing page if the plan requires it; otherwise /overview/ for
 * token-auth users and the dashboard overview for all others.
 */
export function landingPath(
  client: Pick<ClientRow, 'id' | 'planStatus' | 'trialEndsAt' | 'billingRequired'>,
  tokenAuth: boolean,
  now = new Date(),
): string {
  const base = `/clients/${client.id}`;
  if (client.billingRequired) return `${base}/billing/`;
  if (effectivePlanStatus(client, now) === 'expired') return `${base}/plan-expired/`;
  return tokenAuth ? `${base}/overview/` : `${base}/dashboard/overview/`;
}

/**
 * The terms modal appears only when the terms flag is on and the user is neither staff, nor
 * signed in by a staff-issued token, nor has already accepted (spec 4, "another excluded case").
 */
export function showTermsModal(input: {
  termsFlag: boolean;
  isStaff: boolean;
  isSuperUser: boolean;
  tokenAuth: boolean;
  termsAcceptedAt: Date | null | undefined;
}): boolean {
  if (!input.termsFlag) return false;
  if (input.isStaff || input.isSuperUser || input.tokenAuth) return false;
  return !input.termsAcceptedAt;
}
