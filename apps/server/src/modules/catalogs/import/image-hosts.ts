/**
 * The image hosts of an import, judged by the same address guard as the image fetches (@adloom/net),
 * so that a host the server may not fetch from is reported with the import, naming the setting that
 * allows it, instead of first failing in a preview.
 */
import { refusedHosts } from '@adloom/net';
import type { ImageHostWarning } from '../../../db/schema.js';
import type { FetchSourceOptions } from './fetch-source.js';

/** Distinct hosts tallied (a feed of one shop has a few; beyond this, hosts are not judged). */
const MAX_HOSTS_TALLIED = 1000;
/** Hosts looked up at the end of an import, most used first, each lookup within LOOKUP_TIMEOUT_MS. */
const MAX_HOSTS_CHECKED = 20;
const LOOKUP_TIMEOUT_MS = 2000;

/** The host part of an http(s) URL as written (credentials left out), without parsing the whole URL. */
const HTTP_HOST = /^https?:\/\/(?:[^@/?#]*@)?([^/?#]+)/i;

/** How many items have an image on each host, with one image URL of each host. */
export class ImageHostTally {
  private readonly hosts = new Map<string, { items: number; url: string }>();

  /** Counts one item's images (each host once per item). */
  add(imageLink: string, additionalImageLinks: readonly string[]): void {
    const first = this.count(imageLink, undefined);
    for (const link of additionalImageLinks) this.count(link, first);
  }

  private count(link: string, skip: string | undefined): string | undefined {
    const host = HTTP_HOST.exec(link)?.[1]?.toLowerCase();
    if (host === undefined || host === skip) return host;
    const entry = this.hosts.get(host);
    if (entry) entry.items += 1;
    else if (this.hosts.size < MAX_HOSTS_TALLIED) this.hosts.set(host, { items: 1, url: link });
    return host;
  }

  /** The tallied hosts, most used first. */
  entries(): { host: string; items: number; url: string }[] {
    return [...this.hosts].map(([host, entry]) => ({ host, ...entry })).sort((a, b) => b.items - a.items);
  }
}

/** The sentence of the import report for a refused image host. */
export function imageHostWarningText(host: string, items: number, reason: string): string {
  const count = items === 1 ? '1 item' : `${items.toLocaleString('en')} items`;
  return `The server may not fetch images from ${host} (${count}): ${reason}. Allow it with the setting FETCH_ALLOW_HOSTS.`;
}

/**
 * The warnings for the tallied hosts the server may not fetch images from: the most used hosts,
 * looked up once each, the whole check bounded in time (no image is downloaded).
 */
export async function checkImageHosts(
  tally: ImageHostTally,
  fetch: Pick<FetchSourceOptions, 'allowHosts' | 'lookup'> | undefined,
): Promise<ImageHostWarning[]> {
  const checked = tally.entries().slice(0, MAX_HOSTS_CHECKED);
  const urls = checked.flatMap(({ url }) => (URL.canParse(url) ? [new URL(url)] : []));
  const refused = await refusedHosts(urls, {
    allowHosts: fetch?.allowHosts ?? [],
    lookup: fetch?.lookup,
    purpose: 'server-side image fetches',
    maxHosts: MAX_HOSTS_CHECKED,
    timeoutMs: LOOKUP_TIMEOUT_MS,
  });
  // The tally's hosts are as written; the guard names them as URLs do (default port dropped).
  const itemsOf = new Map<string, number>();
  for (const { url, items } of checked) {
    if (!URL.canParse(url)) continue;
    const host = new URL(url).host;
    itemsOf.set(host, (itemsOf.get(host) ?? 0) + items);
  }
  return refused.map(({ host, reason }) => {
    const items = itemsOf.get(host) ?? 0;
    return { kind: 'imageHost', host, items, reason: imageHostWarningText(host, items, reason) };
  });
}
