import { describe, expect, it } from 'vitest';
import type { HostLookup } from './address-guard.js';
import { refusedHosts } from './host-check.js';

const DNS: Record<string, string[]> = {
  'shop.test': ['93.184.215.14'],
  'cdn.local': ['10.0.0.5'],
  'mixed.test': ['93.184.215.14', '127.0.0.1'],
};

/** A resolver from the table above that counts its questions; `slow.test` never answers. */
function fakeDns() {
  const asked: string[] = [];
  const lookup: HostLookup = async (hostname) => {
    asked.push(hostname);
    if (hostname === 'slow.test') return new Promise(() => undefined);
    const addresses = DNS[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: 4 as const }));
  };
  return { lookup, asked };
}

const urls = (...hrefs: string[]) => hrefs.map((href) => new URL(href));
const purpose = 'server-side image fetches';

describe('refusedHosts', () => {
  it('names the hosts the guard would refuse, with its reason, and no others', async () => {
    const { lookup } = fakeDns();
    const refused = await refusedHosts(
      urls(
        'https://shop.test/a.jpg',
        'https://cdn.local/b.jpg',
        'http://127.0.0.1:9000/c.png',
        'https://mixed.test/d.jpg',
        'https://nowhere.test/e.jpg',
      ),
      { allowHosts: [], lookup, purpose },
    );
    expect(refused).toEqual([
      {
        host: 'cdn.local',
        reason: `host cdn.local resolves to 10.0.0.5, a private address; ${purpose} may reach private networks only for allow-listed hosts`,
      },
      {
        host: '127.0.0.1:9000',
        reason: `host 127.0.0.1 is a loopback address; ${purpose} may reach private networks only for allow-listed hosts`,
      },
      expect.objectContaining({ host: 'mixed.test' }),
    ]);
  });

  it('lets allow-listed hosts through without a lookup, and looks each other host up once', async () => {
    const { lookup, asked } = fakeDns();
    const refused = await refusedHosts(
      urls(
        'https://cdn.local/1.jpg',
        'https://cdn.local/2.jpg',
        'http://127.0.0.1:9000/x',
        'https://shop.test/3',
      ),
      { allowHosts: ['cdn.local', '127.0.0.1'], lookup, purpose },
    );
    expect(refused).toEqual([]);
    expect(asked).toEqual(['shop.test']);
  });

  it('is bounded: at most maxHosts hosts, and a lookup that does not answer in time is not judged', async () => {
    const { lookup, asked } = fakeDns();
    const started = Date.now();
    const refused = await refusedHosts(
      urls('https://slow.test/a', 'https://cdn.local/b', 'https://shop.test/c', 'https://mixed.test/d'),
      { allowHosts: [], lookup, purpose, maxHosts: 2, timeoutMs: 50 },
    );
    expect(refused.map((r) => r.host)).toEqual(['cdn.local']);
    expect(asked).toEqual(['slow.test', 'cdn.local']);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
