import { describe, expect, it } from 'vitest';
import { decryptToken, encryptToken, tokenKeyFrom } from './token-crypto.js';
import { signState, verifyState } from './oauth-state.js';
import { creativeKeyOf } from './ad-tree.js';
import { loadConfig } from '../../../config.js';

const key = tokenKeyFrom('a secret of at least sixteen characters');
const CLIENT = '11111111-1111-4111-8111-111111111111';

describe('connection tokens at rest', () => {
  it('round-trips, never holds the token in clear, and binds it to the client and the key', () => {
    const stored = encryptToken(key, CLIENT, 'EAAF-the-token');
    expect(stored).not.toContain('EAAF');
    expect(stored).toMatch(/^v1\./);
    expect(decryptToken(key, CLIENT, stored)).toBe('EAAF-the-token');
    expect(encryptToken(key, CLIENT, 'EAAF-the-token')).not.toBe(stored);
    expect(() => decryptToken(key, '22222222-2222-4222-8222-222222222222', stored)).toThrow();
    expect(() => decryptToken(tokenKeyFrom('another secret, sixteen or more'), CLIENT, stored)).toThrow();
    expect(() => tokenKeyFrom('short')).toThrow(/16 characters/);
  });
});

describe('OAuth state', () => {
  it('carries the client and user, and refuses tampering and expiry', () => {
    const state = signState(key, { clientId: CLIENT, userId: 'u1' }, 1_000);
    expect(verifyState(key, state, 2_000)).toEqual({ clientId: CLIENT, userId: 'u1' });
    expect(verifyState(key, state, 1_000 + 10 * 60_000 + 1)).toBeNull();
    const [payload, mac] = state.split('.');
    const forged = Buffer.from(JSON.stringify({ c: 'other', u: 'u1', e: 9e15, n: 'x' })).toString(
      'base64url',
    );
    expect(verifyState(key, `${forged}.${mac}`, 2_000)).toBeNull();
    expect(
      verifyState(tokenKeyFrom('another secret, sixteen or more'), `${payload}.${mac}`, 2_000),
    ).toBeNull();
    expect(verifyState(key, undefined)).toBeNull();
  });
});

describe('Adloom creatives in ads', () => {
  it('finds the stored key of a creative URL on this site or elsewhere, and nothing else', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://app.adloom.test' });
    const key = `clients/${CLIENT}/creatives/${'a'.repeat(64)}.jpg`;
    expect(creativeKeyOf(config, `https://app.adloom.test/files/${key}`)).toBe(key);
    expect(creativeKeyOf(config, `https://cdn.example/x/files/${key}?v=2`)).toBe(key);
    expect(creativeKeyOf(config, 'https://scontent.fbcdn.net/v/123.jpg')).toBeNull();
    expect(creativeKeyOf(config, `https://app.adloom.test/files/clients/${CLIENT}/logo.png`)).toBeNull();
  });
});
