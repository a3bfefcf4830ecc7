import { describe, expect, it } from 'vitest';
import type { MetaConnection, MetaIntegration, MetaSync } from './integration';
import {
  backfillOptions,
  isSyncActive,
  metaCardView,
  metaReturnNotice,
  syncOutcome,
  syncPercent,
} from './metaStatus';

const sync = (init: Partial<MetaSync> = {}): MetaSync => ({ state: 'IDLE', failures: [], ...init });
const connection = (status: MetaConnection['status']): MetaConnection => ({
  id: '1',
  status,
  connectedAt: '2026-11-01T10:00:00Z',
  backfillDays: 90,
  accounts: [],
  sync: sync(),
});
const integration = (init: Partial<MetaIntegration>): MetaIntegration => ({
  configured: false,
  sandbox: false,
  ...init,
});

describe('the Meta card’s view', () => {
  it('asks for the settings when no app is set and the fake is not used', () => {
    expect(metaCardView(integration({}))).toBe('setup');
  });
  it('offers to connect with a real app or the sandbox, and again after a disconnect', () => {
    expect(metaCardView(integration({ configured: true }))).toBe('connect');
    expect(metaCardView(integration({ sandbox: true }))).toBe('connect');
    expect(metaCardView(integration({ configured: true, connection: connection('DISCONNECTED') }))).toBe(
      'connect',
    );
  });
  it('shows the connection while it is live or refused', () => {
    expect(metaCardView(integration({ configured: true, connection: connection('CONNECTED') }))).toBe(
      'connected',
    );
    expect(metaCardView(integration({ configured: true, connection: connection('RECONNECT_NEEDED') }))).toBe(
      'connected',
    );
  });
});

describe('the sync', () => {
  it('is polled only while queued or running', () => {
    expect(isSyncActive('QUEUED')).toBe(true);
    expect(isSyncActive('RUNNING')).toBe(true);
    for (const state of ['IDLE', 'COMPLETED', 'FAILED', 'PARTIAL'] as const)
      expect(isSyncActive(state)).toBe(false);
    expect(isSyncActive(undefined)).toBe(false);
  });
  it('shows its progress as a whole percentage, bounded', () => {
    expect(syncPercent(sync({ progress: 0.426 }))).toBe(43);
    expect(syncPercent(sync({ progress: null }))).toBe(0);
    expect(syncPercent(sync({ progress: 1.2 }))).toBe(100);
  });
  it('tells how the last one ended, with the failures of a partial or failed one', () => {
    expect(syncOutcome(sync())).toBeNull();
    expect(syncOutcome(sync({ state: 'RUNNING' }))).toBeNull();
    expect(syncOutcome(sync({ state: 'COMPLETED' }))?.color).toBe('green');
    const partial = syncOutcome(
      sync({ state: 'PARTIAL', failures: ['act_2: 2026-10-03 rate limited (17)'] }),
    );
    expect(partial?.color).toBe('orange');
    expect(partial?.title).toContain('kept');
    expect(partial?.failures).toEqual(['act_2: 2026-10-03 rate limited (17)']);
    expect(syncOutcome(sync({ state: 'FAILED', message: 'Job Failed' }))).toMatchObject({
      color: 'red',
      message: 'Job Failed',
    });
  });
  it('offers 30, 90, 180 and 365 days, and keeps another saved length', () => {
    expect(backfillOptions(90).map((option) => option.value)).toEqual(['30', '90', '180', '365']);
    expect(backfillOptions(60).map((option) => option.value)).toEqual(['30', '60', '90', '180', '365']);
  });
});

describe('the return from Meta', () => {
  it('says Meta is connected', () => {
    expect(metaReturnNotice(new URLSearchParams('meta=connected'))).toEqual({
      kind: 'success',
      message: 'Meta is connected. Pick the ad accounts to sync.',
    });
  });
  it('gives Meta’s reason for an error, or says to try again', () => {
    expect(metaReturnNotice(new URLSearchParams('meta=error&message=The+user+denied+access'))).toEqual({
      kind: 'error',
      message: 'Meta was not connected: The user denied access',
    });
    expect(metaReturnNotice(new URLSearchParams('meta=error'))?.message).toBe(
      'Meta was not connected. Try again.',
    );
  });
  it('says nothing without the parameter', () => {
    expect(metaReturnNotice(new URLSearchParams('tab=1'))).toBeNull();
  });
});
