/**
 * The fake's stand-in for Meta's image CDN: an ad's creative image and thumbnail as a small SVG picture
 * drawn from the ad (its look: dark or light, and a hue; its kind and number), served without a token as the CDN serves
 * signed URLs. The sandbox's dashboards show these instead of images no offline install could load.
 */
import type { FakeResponse } from './errors.js';
import type { FakeLook } from './world.js';

const CDN_PATH = /^cdn\/(\d{1,40})(-thumb)?\.svg$/;

/** The image URL of an ad under the fake's mount (`{base}/cdn/{id}.svg`). */
export function cdnImageUrl(base: string, adId: string, thumbnail = false): string {
  return `${base.replace(/\/$/, '')}/cdn/${adId}${thumbnail ? '-thumb' : ''}.svg`;
}

const escapeXml = (s: string) => s.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The picture of `cdn/{id}.svg`, or null when the path is not the CDN's. */
export function cdnImage(
  path: string,
  picture: (adId: string) => { label: string; look: FakeLook } | undefined,
): FakeResponse | null {
  const match = CDN_PATH.exec(path);
  if (!match) return null;
  const adId = match[1]!;
  const found = picture(adId);
  if (found === undefined)
    return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'Not found' };
  const { label, look } = found;
  // A dark picture (the planted feature, world.ts) or a light one, in the ad's hue.
  const background = look.dark ? `hsl(${look.hue} 35% 12%)` : `hsl(${look.hue} 55% 82%)`;
  const panel = look.dark ? `hsl(${look.hue} 40% 28%)` : `hsl(${look.hue} 45% 55%)`;
  const ink = look.dark ? '#f5f7fa' : '#1f2933';
  const body = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
<rect width="400" height="400" fill="${background}"/>
<rect x="60" y="60" width="280" height="200" rx="16" fill="${panel}"/>
<text x="200" y="320" font-family="sans-serif" font-size="30" text-anchor="middle" fill="${ink}">${escapeXml(label)}</text>
</svg>`;
  return {
    status: 200,
    headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' },
    body,
  };
}
