/** The address guard: private networks refused unless allow-listed, and sockets pinned to the checked addresses. */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction as NetLookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { NetError } from './errors.js';

/** One address a host name resolves to. */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Resolves a host name to all its addresses (the default is `dns.lookup` with `all: true`). */
export type HostLookup = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** The system resolver, every address in the order it returned them. */
export const systemLookup: HostLookup = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

const RANGE_WORDS: Readonly<Record<string, string>> = {
  private: 'a private address',
  loopback: 'a loopback address',
  linkLocal: 'a link-local address',
  uniqueLocal: 'a unique-local address',
  multicast: 'a multicast address',
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  carrierGradeNat: 'a carrier-grade NAT address',
  reserved: 'a reserved address',
  deprecatedSiteLocal: 'a site-local address',
  ipv4Compatible: 'an IPv4-compatible IPv6 address',
  teredo: 'a Teredo tunnel address',
  invalid: 'not a valid IP address',
};

/** Says in words what kind of address a range name from {@link nonPublicRange} is, e.g. `a loopback address`. */
export function describeRange(range: string): string {
  const embedded = /^(ipv4Mapped|rfc6052|6to4):(.+)$/.exec(range);
  if (embedded?.[2] !== undefined) return `an IPv6 address embedding ${describeRange(embedded[2])}`;
  return RANGE_WORDS[range] ?? `a non-public address (${range})`;
}

/**
 * Names the special range an address lies in, or returns undefined when it is public unicast.
 * Only ipaddr.js's `unicast` counts as public, so every range it knows (private, loopback, link-local,
 * unique-local, CGNAT, multicast, reserved, documentation, ...) is refused, including ones added later.
 * IPv6 forms that carry an IPv4 address (mapped, NAT64, 6to4) are judged by the IPv4 address inside,
 * because that is where the packets end up; `ipv4Mapped:loopback` means ::ffff:127.0.0.1 and the like.
 */
export function nonPublicRange(address: string): string | undefined {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return 'invalid';
  }
  if (parsed.kind() === 'ipv4') {
    const range = parsed.range();
    return range === 'unicast' ? undefined : range;
  }
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  const embedded = embeddedIPv4(v6, range);
  if (embedded !== undefined) {
    const inner = embedded.range();
    return inner === 'unicast' ? undefined : `${range}:${inner}`;
  }
  if (range !== 'unicast') return range;
  // ::a.b.c.d (deprecated IPv4-compatible) is "unicast" to ipaddr.js, but some stacks tunnel it to IPv4.
  if (v6.parts.slice(0, 6).every((part) => part === 0)) return 'ipv4Compatible';
  return undefined;
}

/** The IPv4 address carried at a fixed place: ::ffff:a.b.c.d, the well-known NAT64 64:ff9b::/96, 6to4 2002:AABB:CCDD::. */
function embeddedIPv4(v6: ipaddr.IPv6, range: string): ipaddr.IPv4 | undefined {
  const p = v6.parts;
  const fromWords = (high = 0, low = 0) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  if (range === 'ipv4Mapped') return fromWords(p[6], p[7]);
  // Only the /96 well-known prefix has the IPv4 address in the last 32 bits; the local-use 64:ff9b:1::/48
  // puts it elsewhere and stays refused as "rfc6052".
  if (range === 'rfc6052' && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0)
    return fromWords(p[6], p[7]);
  if (range === '6to4') return fromWords(p[1], p[2]);
  return undefined;
}

/** Strips the brackets WHATWG URLs put around IPv6 host names (`[::1]` becomes `::1`). */
export function bareHostname(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

function effectivePort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

function canonicalHost(host: string): string {
  const bare = host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  return ipaddr.IPv6.isValid(bare) ? ipaddr.IPv6.parse(bare).toString() : bare;
}

/** Splits an allow-list entry into host and optional port: `cdn.test`, `cdn.test:8080`, `::1`, `[::1]:8080`. */
function parseAllowEntry(entry: string): { host: string; port: string | undefined } {
  const trimmed = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(trimmed);
  if (bracketed?.[1] !== undefined) return { host: canonicalHost(bracketed[1]), port: bracketed[2] };
  const colons = trimmed.split(':').length - 1;
  if (colons === 1) {
    const [host = '', port] = trimmed.split(':');
    return { host: canonicalHost(host), port };
  }
  return { host: canonicalHost(trimmed), port: undefined };
}

/** True when the URL's host, or its host:port, is on the allow-list (case-insensitive, trailing dot ignored). */
export function isAllowListed(url: URL, allowHosts: readonly string[]): boolean {
  const host = canonicalHost(url.hostname);
  const port = effectivePort(url);
  return allowHosts.some((entry) => {
    const allowed = parseAllowEntry(entry);
    return allowed.host === host && (allowed.port === undefined || allowed.port === port);
  });
}

/** Options of {@link resolveSafeAddresses}. */
export interface GuardOptions {
  readonly allowHosts: readonly string[];
  readonly lookup: HostLookup;
  /** Who may not reach private networks, for the refusal's text: 'server-side image fetches'. */
  readonly purpose: string;
}

/**
 * Resolves the URL's host to every address and refuses it when any of them is not public, unless the host
 * is allow-listed. Returns the checked addresses, which the connection must then be pinned to: checking
 * one answer and letting the socket resolve again would let a rebinding DNS server swap in 127.0.0.1.
 */
export async function resolveSafeAddresses(url: URL, options: GuardOptions): Promise<ResolvedAddress[]> {
  const hostname = bareHostname(url);
  const literal = ipaddr.isValid(hostname) ? ipaddr.parse(hostname) : undefined;
  const addresses: ResolvedAddress[] = literal
    ? [{ address: literal.toString(), family: literal.kind() === 'ipv6' ? 6 : 4 }]
    : [...(await lookupOrFail(hostname, url, options.lookup))];
  if (addresses.length === 0) {
    throw new NetError('NOT_FOUND', url.href, `was not found: host ${hostname} has no address`);
  }
  if (isAllowListed(url, options.allowHosts)) return addresses;
  for (const { address } of addresses) {
    const range = nonPublicRange(address);
    if (range === undefined) continue;
    const where = literal ? `host ${hostname} is` : `host ${hostname} resolves to ${address},`;
    throw new NetError(
      'PRIVATE_ADDRESS',
      url.href,
      `is refused: ${where} ${describeRange(range)}; ${options.purpose} may reach private networks only for allow-listed hosts`,
    );
  }
  return addresses;
}

async function lookupOrFail(
  hostname: string,
  url: URL,
  lookup: HostLookup,
): Promise<readonly ResolvedAddress[]> {
  try {
    return await lookup(hostname);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const cause = { cause: error };
    if (code === 'ENOTFOUND' || code === 'ENODATA' || code === 'EAI_NONAME') {
      throw new NetError('NOT_FOUND', url.href, `was not found: host ${hostname} does not exist`, cause);
    }
    const reason = error instanceof Error ? error.message : String(error);
    const text = `could not be loaded: looking up host ${hostname} failed (${reason})`;
    throw new NetError('NETWORK', url.href, text, cause);
  }
}

/**
 * A `net` lookup that answers with the already-checked addresses whatever name it is asked for, so the
 * socket connects exactly where the guard looked. Handles `all: true`, which Node 20 asks for when it
 * races IPv4 and IPv6 (autoSelectFamily), and a requested family.
 */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): NetLookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
    const candidates = addresses.filter((entry) => family === 0 || entry.family === family);
    process.nextTick(() => {
      const first = candidates[0];
      if (first === undefined) {
        const error: NodeJS.ErrnoException = new Error(`No IPv${family} address checked for ${hostname}`);
        error.code = 'ENOTFOUND';
        callback(error, '', 0);
      } else if (options.all) {
        callback(
          null,
          candidates.map(({ address, family: f }) => ({ address, family: f })),
        );
      } else {
        callback(null, first.address, first.family);
      }
    });
  };
}
