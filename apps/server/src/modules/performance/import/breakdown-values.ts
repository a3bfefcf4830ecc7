/**
 * Breakdown values as Ads Manager writes them ("Female", "Homme", "Instagram Stories", "France"), stored as
 * Meta's Insights API reports them, so that imported and synced rows of the same breakdown meet on the
 * dashboards: gender `female`/`male`/`unknown`, age `18-24`…`65+`/`Unknown`, country ISO 3166-1 alpha-2,
 * placement `{publisher_platform} · {platform_position}` (placementValue), device `iphone`, `desktop`…
 * Pure.
 */
import countries from 'i18n-iso-countries';
import { placementValue } from '@adloom/commerce';
import type { Language } from './aliases.js';

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ' ');

const UNKNOWN = new Set([
  'unknown',
  'inconnu',
  'inconnue',
  'desconocido',
  'desconocida',
  'non classe',
  'sin clasificar',
]);

const GENDERS: Readonly<Record<string, string>> = {
  female: 'female',
  women: 'female',
  femme: 'female',
  femmes: 'female',
  mujer: 'female',
  mujeres: 'female',
  male: 'male',
  men: 'male',
  homme: 'male',
  hommes: 'male',
  hombre: 'male',
  hombres: 'male',
};

/** `female`, `male` or `unknown`; null for a value that is no gender. */
export function genderValue(text: string): string | null {
  const key = fold(text);
  if (UNKNOWN.has(key)) return 'unknown';
  return GENDERS[key] ?? null;
}

/** `18-24`, `65+`, `Unknown` (dashes of any kind, "65 +" and "65 ans et plus" read too); null otherwise. */
export function ageValue(text: string): string | null {
  const key = fold(text);
  if (UNKNOWN.has(key)) return 'Unknown';
  const range = /^(\d{2})\s*[-–—]\s*(\d{2})(?:\s*(?:ans|anos))?$/.exec(key);
  if (range) return `${range[1]}-${range[2]}`;
  const open = /^(\d{2})\s*(?:\+|ans et plus|y mas|or older|and over)$/.exec(key);
  if (open) return `${open[1]}+`;
  return null;
}

/** ISO 3166-1 alpha-2 from a code ("fr", "FR") or a name in the file's language or English; null otherwise. */
export function countryValue(text: string, language: Language): string | null {
  const trimmed = text.trim();
  if (UNKNOWN.has(fold(trimmed))) return 'unknown';
  if (/^[A-Za-z]{2}$/.test(trimmed) && countries.isValid(trimmed.toUpperCase())) return trimmed.toUpperCase();
  return (
    countries.getSimpleAlpha2Code(trimmed, language) ??
    (language === 'en' ? undefined : countries.getSimpleAlpha2Code(trimmed, 'en')) ??
    null
  );
}

const slug = (s: string) =>
  fold(s)
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** Ads Manager's platform names → the Insights API's publisher_platform. */
const PLATFORMS: Readonly<Record<string, string>> = {
  facebook: 'facebook',
  instagram: 'instagram',
  messenger: 'messenger',
  audience_network: 'audience_network',
  threads: 'threads',
  whatsapp: 'whatsapp',
};

/** Ads Manager's placement names (with or without the platform) → the Insights API's platform_position. */
const POSITIONS: Readonly<Record<string, string>> = {
  feed: 'feed',
  feeds: 'feed',
  facebook_feed: 'feed',
  instagram_feed: 'feed',
  threads_feed: 'threads_feed',
  stories: 'story',
  facebook_stories: 'facebook_stories',
  instagram_stories: 'instagram_stories',
  messenger_stories: 'messenger_stories',
  reels: 'reels',
  facebook_reels: 'facebook_reels',
  instagram_reels: 'instagram_reels',
  reels_overlay: 'facebook_reels_overlay',
  facebook_reels_overlay: 'facebook_reels_overlay',
  explore: 'instagram_explore',
  instagram_explore: 'instagram_explore',
  explore_home: 'instagram_explore_grid_home',
  instagram_explore_home: 'instagram_explore_grid_home',
  instagram_profile_feed: 'instagram_profile_feed',
  facebook_profile_feed: 'profile_feed',
  profile_feed: 'profile_feed',
  marketplace: 'marketplace',
  facebook_marketplace: 'marketplace',
  video_feeds: 'video_feeds',
  facebook_video_feeds: 'video_feeds',
  right_column: 'right_hand_column',
  facebook_right_column: 'right_hand_column',
  search_results: 'search',
  facebook_search_results: 'search',
  in_stream_videos: 'instream_video',
  facebook_in_stream_videos: 'instream_video',
  messenger_inbox: 'messenger_inbox',
  native_banner_and_interstitial: 'an_classic',
  rewarded_videos: 'rewarded_video',
  rewarded_video: 'rewarded_video',
};

/** The platform a placement name starts with ("Instagram Stories" → instagram). */
function platformOfPlacement(placement: string): string | null {
  const key = slug(placement);
  for (const name of Object.keys(PLATFORMS))
    if (key === name || key.startsWith(`${name}_`)) return PLATFORMS[name]!;
  return null;
}

/**
 * The stored placement of a row: from the Platform column and the Placement column (either may be missing;
 * a placement named with its platform, "Facebook Feed", gives both). Null when neither says anything.
 */
export function placementOf(platform: string | null, placement: string | null): string | null {
  const place = placement?.trim() || null;
  const platformKey = platform?.trim() ? slug(platform) : null;
  const publisher = platformKey
    ? (PLATFORMS[platformKey] ?? platformKey)
    : place
      ? platformOfPlacement(place)
      : null;
  if (!publisher && !place) return null;
  const position = place ? (POSITIONS[slug(place)] ?? slug(place)) : null;
  if (!publisher) return position;
  return placementValue(publisher, position === publisher ? null : position);
}

/** Ads Manager's impression devices → the Insights API's impression_device ("Android Smartphone" → android_smartphone). */
export function deviceValue(text: string): string | null {
  const key = slug(text);
  return key === '' ? null : key;
}

/**
 * Ads Manager's attribution setting ("7-day click or 1-day view", "Clic sur 7 jours ou vue sur 1 jour",
 * "Clic de 7 días o visualización de 1 día") as the dashboards show it ('7d_click_1d_view'); other text as
 * written.
 */
export function attributionValue(text: string): string | null {
  const key = fold(text);
  if (key === '') return null;
  const m =
    /^(\d+)-day click(?: or (\d+)-day (?:view|engaged-view))?/.exec(key) ??
    /^clic sur (\d+) jours?(?: ou vue sur (\d+) jours?)?/.exec(key) ??
    /^clic de (\d+) dias?(?: o visualizacion de (\d+) dias?)?/.exec(key);
  if (!m) return text.trim();
  return m[2] ? `${m[1]}d_click_${m[2]}d_view` : `${m[1]}d_click`;
}
