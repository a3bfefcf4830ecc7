/**
 * The fake's stand-in for Meta's image CDN: an ad's creative image and thumbnail as a small SVG picture
 * drawn from its id (a colour, the ad's kind and number), served without a token as the CDN serves
 * signed URLs. The sandbox's dashboards show these instead of images no offline install could load.
 */
import { createHash } from 'node:crypto';
import type { FakeResponse } from './errors.js';

const CDN_PATH = /^cdn\/(\d{1,40})(-thumb)?\.svg$/;

/** The image URL of an ad under the fake's mount (`{base}/cdn/{id}.svg`). */
export function cdnImageUrl(base: string, adId: string, thumbnail = false): string {
  return `${base.replace(/\/$/, '')}/cdn/${adId}${thumbnail ? '-thumb' : ''}.svg`;
}

const escapeXml = (s: string) => s.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The picture of `cdn/{id}.svg`, or null when the path is not the CDN's. */
export function cdnImage(path: string, label: (adId: string) => string | undefined): FakeResponse | null {
  const match = CDN_PATH.exec(path);
  if (!match) return null;
  const adId = match[1]!;
  const text = label(adId);
  if (text === undefined)
    return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'Not found' };
  const hue = createHash('sha256').update(adId).digest()[0]! * 1.4;
  const body = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
<rect width="400" height="400" fill="hsl(${hue.toFixed(0)} 55% 82%)"/>
<rect x="60" y="60" width="280" height="200" rx="16" fill="hsl(${hue.toFixed(0)} 45% 55%)"/>
<text x="200" y="320" font-family="sans-serif" font-size="30" text-anchor="middle" fill="#1f2933">${escapeXml(text)}</text>
</svg>`;
  return {
    status: 200,
    headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' },
    body,
  };
}
