import { describe, expect, it } from 'vitest';
import { effectivePlanStatus, landingPath, showTermsModal } from './client-rules.js';

const now = new Date('2026-06-01T00:00:00Z');
const client = (over: Partial<Parameters<typeof landingPath>[0]> = {}) => ({
  id: 'c1',
  planStatus: 'paying' as const,
  trialEndsAt: null,
  billingRequired: false,
  ...over,
});

describe('landing rule (spec 2)', () => {
  it('sends everyone to billing when the plan requires it', () => {
    expect(landingPath(client({ billingRequired: true }), false, now)).toBe('/clients/c1/billing/');
    expect(landingPath(client({ billingRequired: true }), true, now)).toBe('/clients/c1/billing/');
  });
  it('sends token-auth users to /overview/ and others to the dashboard overview', () => {
    expect(landingPath(client(), true, now)).toBe('/clients/c1/overview/');
    expect(landingPath(client(), false, now)).toBe('/clients/c1/dashboard/overview/');
  });
  it('sends an expired plan to /plan-expired/', () => {
    expect(landingPath(client({ planStatus: 'expired' }), false, now)).toBe('/clients/c1/plan-expired/');
  });
});

describe('plan status', () => {
  it('counts a trial past its end as expired, and a running one as trial', () => {
    expect(effectivePlanStatus({ planStatus: 'trial', trialEndsAt: new Date('2026-05-31') }, now)).toBe(
      'expired',
    );
    expect(effectivePlanStatus({ planStatus: 'trial', trialEndsAt: new Date('2026-06-02') }, now)).toBe(
      'trial',
    );
    expect(effectivePlanStatus({ planStatus: 'paying', trialEndsAt: new Date('2020-01-01') }, now)).toBe(
      'paying',
    );
  });
});

describe('terms modal (spec 4)', () => {
  const base = {
    termsFlag: true,
    isStaff: false,
    isSuperUser: false,
    tokenAuth: false,
    termsAcceptedAt: null,
  };
  it('shows only when the flag is on for a member who has not accepted', () => {
    expect(showTermsModal(base)).toBe(true);
    expect(showTermsModal({ ...base, termsFlag: false })).toBe(false);
    expect(showTermsModal({ ...base, termsAcceptedAt: now })).toBe(false);
  });
  it('is never shown to staff, super users or token-auth sessions', () => {
    expect(showTermsModal({ ...base, isStaff: true })).toBe(false);
    expect(showTermsModal({ ...base, isSuperUser: true })).toBe(false);
    expect(showTermsModal({ ...base, tokenAuth: true })).toBe(false);
  });
});
