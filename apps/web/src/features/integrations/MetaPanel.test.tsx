// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mountInJsdom, setUpJsdomMantine } from '../../lib/testing/mountInJsdom';
import type { MetaConnection, MetaIntegration } from './integration';
import type { MetaActions } from './metaActions';
import { MetaPanel } from './MetaPanel';

setUpJsdomMantine();

const actions = (init: Partial<MetaActions> = {}): MetaActions => ({
  canManage: true,
  busy: null,
  connect: vi.fn(),
  save: vi.fn(),
  syncNow: vi.fn(),
  disconnect: vi.fn(),
  ...init,
});

const connection = (init: Partial<MetaConnection> = {}): MetaConnection => ({
  id: 'c1',
  status: 'CONNECTED',
  userName: 'Ada Lovelace',
  connectedAt: '2026-11-01T10:00:00Z',
  lastSyncAt: '2026-11-28T02:00:00Z',
  backfillDays: 90,
  accounts: [
    {
      externalId: 'act_101',
      name: 'Acme EU',
      currency: 'EUR',
      timeZone: 'Europe/Paris',
      selected: true,
      lastSyncedAt: '2026-11-28T02:00:00Z',
    },
    {
      externalId: 'act_202',
      name: 'Acme US',
      currency: 'USD',
      timeZone: 'America/New_York',
      selected: false,
    },
  ],
  sync: { state: 'COMPLETED', failures: [], finishedAt: '2026-11-28T02:00:00Z' },
  ...init,
});

function render(integration: MetaIntegration, given = actions()) {
  const host = mountInJsdom(<MetaPanel integration={integration} actions={given} />);
  const button = (name: string) =>
    [...host.querySelectorAll('button')].find((b) => b.textContent?.trim() === name) as
      HTMLButtonElement | undefined;
  return { host, text: () => host.textContent ?? '', button };
}

describe('the Meta card', () => {
  it('without an app names the two settings and offers nothing to click', () => {
    const { text, button } = render({ configured: false, sandbox: false });
    expect(text()).toContain('Meta is not set up on this server');
    expect(text()).toContain('META_APP_ID');
    expect(text()).toContain('META_APP_SECRET');
    expect(button('Connect Meta')).toBeUndefined();
    expect(text()).not.toContain('Sandbox');
  });

  it('in the demo set-up shows the Sandbox badge, says the fake stands in for Meta, and connects', () => {
    const given = actions();
    const { text, button } = render({ configured: true, sandbox: true }, given);
    expect(text()).toContain('Sandbox');
    expect(text()).toContain('fake Graph API');
    expect(text()).not.toContain('Meta is not set up');
    act(() => button('Connect Meta')!.click());
    expect(given.connect).toHaveBeenCalledOnce();
  });

  it('with a real app and no connection offers to connect, without a set-up notice', () => {
    const { text, button } = render({ configured: true, sandbox: false });
    expect(button('Connect Meta')).toBeDefined();
    expect(text()).not.toContain('META_APP_ID');
    expect(text()).not.toContain('Sandbox');
  });

  it('connected shows who, the status, the accounts with their checkboxes, and saves the ticked ones', () => {
    const given = actions();
    const { host, text, button } = render(
      { configured: true, sandbox: false, connection: connection() },
      given,
    );
    expect(text()).toContain('Connected by Ada Lovelace');
    expect(host.querySelector('[aria-label="Ad accounts"]')?.textContent).toContain('act_202');
    expect(text()).toContain('America/New_York');
    expect(text()).toContain('Not synced yet');
    expect(text()).toContain('The last sync completed');
    const us = host.querySelector<HTMLInputElement>('input[aria-label="Sync Acme US"]')!;
    expect(us.checked).toBe(false);
    act(() => us.click());
    act(() => button('Save and sync')!.click());
    expect(given.save).toHaveBeenCalledWith(['act_101', 'act_202'], 90);
    act(() => button('Sync now')!.click());
    expect(given.syncNow).toHaveBeenCalledOnce();
    act(() => button('Disconnect')!.click());
    expect(given.disconnect).toHaveBeenCalledOnce();
  });

  it('cannot save with no account ticked', () => {
    const { host, button, text } = render({ configured: true, sandbox: false, connection: connection() });
    act(() => host.querySelector<HTMLInputElement>('input[aria-label="Sync Acme EU"]')!.click());
    expect(button('Save and sync')!.disabled).toBe(true);
    expect(text()).toContain('Tick at least one ad account');
  });

  it('refused by Meta says to reconnect, that the data is kept, and offers only Reconnect and Disconnect', () => {
    const given = actions();
    const { host, text, button } = render(
      { configured: true, sandbox: false, connection: connection({ status: 'RECONNECT_NEEDED' }) },
      given,
    );
    expect(host.querySelector('[role="alert"]')?.textContent).toContain(
      'Meta no longer accepts the saved access: reconnect. Your synced data is kept.',
    );
    expect(text()).toContain('Reconnect needed');
    expect(button('Save and sync')!.disabled).toBe(true);
    expect(button('Sync now')!.disabled).toBe(true);
    expect(button('Disconnect')!.disabled).toBe(false);
    act(() => button('Reconnect')!.click());
    expect(given.connect).toHaveBeenCalledOnce();
  });

  it('shows the running sync’s progress and holds the sync buttons', () => {
    const { host, button } = render({
      configured: true,
      sandbox: false,
      connection: connection({ sync: { state: 'RUNNING', progress: 0.42, failures: [] } }),
    });
    expect(host.querySelector('[aria-label="Sync in progress"]')?.textContent).toContain('Syncing… 42%');
    expect(host.querySelector('[aria-label="Sync progress"]')?.getAttribute('aria-valuenow')).toBe('42');
    expect(button('Sync now')!.disabled).toBe(true);
    expect(button('Save and sync')!.disabled).toBe(true);
  });

  it('lists what failed in a partial sync', () => {
    const { host, text } = render({
      configured: true,
      sandbox: false,
      connection: connection({
        sync: {
          state: 'PARTIAL',
          failures: ['Acme US: 2026-10-01 to 2026-10-31: Job Failed', 'Acme EU: rate limited (613)'],
        },
      }),
    });
    expect(text()).toContain('completed in part');
    const failures = host.querySelectorAll('[aria-label="Sync failures"] li');
    expect([...failures].map((li) => li.textContent)).toEqual([
      'Acme US: 2026-10-01 to 2026-10-31: Job Failed',
      'Acme EU: rate limited (613)',
    ]);
  });

  it('disconnected says the data is kept and offers to connect again', () => {
    const { text, button } = render({
      configured: true,
      sandbox: false,
      connection: connection({ status: 'DISCONNECTED' }),
    });
    expect(text()).toContain('Disconnected');
    expect(text()).toContain('The data synced before is kept.');
    expect(button('Connect Meta')).toBeDefined();
    expect(button('Sync now')).toBeUndefined();
  });

  it('for a member who is not an admin offers only Sync now, and says who can do the rest', () => {
    const given = actions({ canManage: false });
    const connected = render({ configured: true, sandbox: false, connection: connection() }, given);
    expect(connected.button('Save and sync')).toBeUndefined();
    expect(connected.button('Disconnect')).toBeUndefined();
    expect(connected.host.querySelector<HTMLInputElement>('input[aria-label="Sync Acme US"]')!.disabled).toBe(
      true,
    );
    expect(connected.text()).toContain('Only an admin of this workspace can connect Meta');
    act(() => connected.button('Sync now')!.click());
    expect(given.syncNow).toHaveBeenCalledOnce();
  });

  it('for a member who is not an admin offers no Connect or Reconnect button', () => {
    const idle = render({ configured: true, sandbox: false }, actions({ canManage: false }));
    expect(idle.button('Connect Meta')).toBeUndefined();
    expect(idle.text()).toContain('Only an admin of this workspace can connect Meta');
    const refused = render(
      { configured: true, sandbox: false, connection: connection({ status: 'RECONNECT_NEEDED' }) },
      actions({ canManage: false }),
    );
    expect(refused.button('Reconnect')).toBeUndefined();
  });
});
