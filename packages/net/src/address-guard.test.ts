import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  describeRange,
  isAllowListed,
  nonPublicRange,
  pinnedLookup,
  type ResolvedAddress,
} from './address-guard.js';
import { requestOptions } from './request.js';

describe('nonPublicRange', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '64:ff9b::808:808', // NAT64 of 8.8.8.8
    '2002:808:808::1', // 6to4 of 8.8.8.8
    '::ffff:8.8.8.8',
  ])('lets public %s through', (address) => {
    expect(nonPublicRange(address)).toBeUndefined();
  });

  it.each([
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['fec0::1', 'deprecatedSiteLocal'],
    ['2001:db8::1', 'reserved'],
    ['::ffff:127.0.0.1', 'ipv4Mapped:loopback'],
    ['::ffff:10.0.0.1', 'ipv4Mapped:private'],
    ['::ffff:169.254.169.254', 'ipv4Mapped:linkLocal'],
    ['64:ff9b::7f00:1', 'rfc6052:loopback'],
    ['64:ff9b:1::a00:1', 'rfc6052'],
    ['2002:7f00:1::', '6to4:loopback'],
    ['2002:a00:1::', '6to4:private'],
    ['::7f00:1', 'ipv4Compatible'],
    ['localhost', 'invalid'],
    ['', 'invalid'],
  ])('refuses %s as %s', (address, range) => {
    expect(nonPublicRange(address)).toBe(range);
  });

  it('describes ranges in words', () => {
    expect(describeRange('linkLocal')).toBe('a link-local address');
    expect(describeRange('ipv4Mapped:loopback')).toBe('an IPv6 address embedding a loopback address');
    expect(describeRange('amt')).toBe('a non-public address (amt)');
  });
});

describe('isAllowListed', () => {
  const url = (href: string) => new URL(href);

  it('matches a host name with any port, case-insensitively and ignoring a trailing dot', () => {
    expect(isAllowListed(url('http://cdn.test:8080/a.png'), ['cdn.test'])).toBe(true);
    expect(isAllowListed(url('https://CDN.test./a.png'), ['cdn.TEST'])).toBe(true);
    expect(isAllowListed(url('https://img.cdn.test/a.png'), ['cdn.test'])).toBe(false);
    expect(isAllowListed(url('https://cdn.test.evil.com/a.png'), ['cdn.test'])).toBe(false);
  });

  it('matches host:port against the effective port', () => {
    expect(isAllowListed(url('http://cdn.test:8080/a.png'), ['cdn.test:8080'])).toBe(true);
    expect(isAllowListed(url('http://cdn.test:8081/a.png'), ['cdn.test:8080'])).toBe(false);
    expect(isAllowListed(url('http://cdn.test/a.png'), ['cdn.test:80'])).toBe(true);
    expect(isAllowListed(url('https://cdn.test/a.png'), ['cdn.test:443'])).toBe(true);
    expect(isAllowListed(url('https://cdn.test/a.png'), ['cdn.test:80'])).toBe(false);
  });

  it('matches IPv6 entries with or without brackets, in any spelling', () => {
    expect(isAllowListed(url('http://[::1]:9000/a.png'), ['::1'])).toBe(true);
    expect(isAllowListed(url('http://[::1]:9000/a.png'), ['[0:0::1]:9000'])).toBe(true);
    expect(isAllowListed(url('http://[::1]:9000/a.png'), ['[::1]:9001'])).toBe(false);
  });
});

describe('pinnedLookup', () => {
  const checked: ResolvedAddress[] = [
    { address: '93.184.215.14', family: 4 },
    { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
  ];

  function ask(options: { all?: boolean; family?: number }) {
    return new Promise<{
      address: string | LookupAddress[];
      family?: number | undefined;
      code?: string | undefined;
    }>((resolve) => {
      pinnedLookup(checked)('any.name.at.all', options, (error, address, family) =>
        resolve({ address, family, code: error?.code }),
      );
    });
  }

  it('answers the checked addresses whatever name it is asked for', async () => {
    await expect(ask({})).resolves.toEqual({ address: '93.184.215.14', family: 4, code: undefined });
    await expect(ask({ all: true })).resolves.toMatchObject({ address: checked });
  });

  it('honours a requested family, and fails rather than resolving again', async () => {
    await expect(ask({ family: 6 })).resolves.toMatchObject({ address: checked[1]!.address, family: 6 });
    const onlyV4 = await new Promise<string | undefined>((resolve) => {
      pinnedLookup([checked[0]!])('x', { family: 6 }, (error) => resolve(error?.code));
    });
    expect(onlyV4).toBe('ENOTFOUND');
  });
});

describe('requestOptions', () => {
  const signal = new AbortController().signal;
  const addresses: ResolvedAddress[] = [{ address: '93.184.215.14', family: 4 }];

  it('keeps the real host for the Host header and TLS name, with a pinned lookup and no shared agent', () => {
    const options = requestOptions(
      new URL('https://img.example.com:8443/a/b.png?w=1#frag'),
      addresses,
      signal,
    );
    expect(options).toMatchObject({
      hostname: 'img.example.com',
      port: 8443,
      path: '/a/b.png?w=1',
      servername: 'img.example.com',
      agent: false,
      headers: { host: 'img.example.com:8443' },
    });
    expect(options.lookup).toBeTypeOf('function');
    expect(JSON.stringify(options.headers)).not.toMatch(/authorization|cookie/i);
  });

  it('sends no SNI for an address literal and strips IPv6 brackets', () => {
    const options = requestOptions(new URL('https://[2606:4700::1]/a.png'), addresses, signal);
    expect(options.hostname).toBe('2606:4700::1');
    expect(options.servername).toBeUndefined();
    expect(options.headers).toMatchObject({ host: '[2606:4700::1]' });
  });
});
