/** Which hosts the address guard would refuse, judged before anything is fetched (e.g. at a catalogue import). */
import { type HostLookup, isAllowListed, resolveSafeAddresses, systemLookup } from './address-guard.js';
import { NetError } from './errors.js';

/** A host the guard refuses, and its reason (`host cdn.local resolves to 10.0.0.5, a private address; …`). */
export interface RefusedHost {
  /** The URL's host, with its port when it has one. */
  readonly host: string;
  readonly reason: string;
}

export interface HostCheckOptions {
  readonly allowHosts: readonly string[];
  readonly lookup?: HostLookup | undefined;
  /** Who may not reach private networks, for the reason's text: 'server-side image fetches'. */
  readonly purpose: string;
  /** At most this many distinct hosts are judged, the first ones given (default 20). */
  readonly maxHosts?: number | undefined;
  /** Each host's DNS lookup may take this long (default 2000 ms); a slower one is not judged. */
  readonly timeoutMs?: number | undefined;
}

/**
 * The hosts among `urls` that fetches through the guard would refuse: the rule of resolveSafeAddresses
 * (private or local addresses refused unless allow-listed), one lookup per distinct host not allow-listed, all at once,
 * each bounded in time; nothing is downloaded. Hosts that do not resolve, or not in time, are not
 * reported: the fetch itself says what is wrong with them.
 */
export async function refusedHosts(urls: Iterable<URL>, options: HostCheckOptions): Promise<RefusedHost[]> {
  const byHost = new Map<string, URL>();
  for (const url of urls) {
    if (byHost.size >= (options.maxHosts ?? 20)) break;
    if (!byHost.has(url.host) && !isAllowListed(url, options.allowHosts)) byHost.set(url.host, url);
  }
  const lookup = withTimeout(options.lookup ?? systemLookup, options.timeoutMs ?? 2000);
  const verdicts = await Promise.all(
    [...byHost].map(async ([host, url]): Promise<RefusedHost | undefined> => {
      try {
        await resolveSafeAddresses(url, { allowHosts: options.allowHosts, lookup, purpose: options.purpose });
        return undefined;
      } catch (error) {
        if (error instanceof NetError && error.code === 'PRIVATE_ADDRESS')
          return { host, reason: error.reason.replace(/^is refused: /, '') };
        return undefined;
      }
    }),
  );
  return verdicts.filter((verdict) => verdict !== undefined);
}

function withTimeout(lookup: HostLookup, timeoutMs: number): HostLookup {
  return (hostname) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    return Promise.race([lookup(hostname), late]).finally(() => clearTimeout(timer));
  };
}
