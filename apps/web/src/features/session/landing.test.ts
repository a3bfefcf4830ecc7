import { describe, expect, it } from 'vitest';
import { landingPath } from './landing';
import type { Me } from './session';

const client = (id: string, isActive = true) =>
  ({
    id,
    landingPath: `/clients/${id}/dashboard/overview/`,
    permissions: { isActive, isAdmin: false, isClientUser: true },
  }) as Me['clients'][number];
const me = (over: Partial<Me>): Me => ({ isStaff: false, isSuperUser: false, clients: [], ...over }) as Me;

describe('landing', () => {
  it('sends signed-out visitors to sign in', () => expect(landingPath(null, null)).toBe('/login/'));
  it('uses the last client used, else the first active one', () => {
    const user = me({ clients: [client('a'), client('b')] });
    expect(landingPath(user, 'b')).toBe('/clients/b/dashboard/overview/');
    expect(landingPath(user, 'gone')).toBe('/clients/a/dashboard/overview/');
    expect(landingPath(me({ clients: [client('a', false), client('b')] }), null)).toBe(
      '/clients/b/dashboard/overview/',
    );
  });
  it('sends users without a client to the limited page, and staff to the portal', () => {
    expect(landingPath(me({}), null)).toBe('/register/limited/');
    expect(landingPath(me({ isStaff: true }), null)).toBe('/portal/clients/');
  });
});
