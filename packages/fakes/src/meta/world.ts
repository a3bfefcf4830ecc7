/**
 * The fake Graph API's advertising world: ad accounts, campaigns, ad sets and ads made from a seed (a few
 * thousand objects at most, kept in memory), and each ad's daily delivery computed on demand from the seed,
 * the ad and the day (never stored), so a year × 500 ads costs no memory.
 */
import { createHash } from 'node:crypto';
import { cdnImageUrl } from './cdn.js';
import { dayNumber, dayString } from './days.js';
import { hash32, randomFor } from './random.js';

export interface FakeMetaWorldOptions {
  /** Everything generated follows from it (default 'adloom'). */
  seed?: string;
  accounts?: number;
  campaignsPerAccount?: number;
  adSetsPerCampaign?: number;
  adsPerAdSet?: number;
  /** Currency of each account by index (default USD, then EUR, GBP). */
  currencies?: string[];
  timeZone?: string;
  /** The last day with delivery (default: today in UTC). */
  lastDay?: string;
  /** Days of delivery up to lastDay (default 1,130: Meta keeps 37 months). */
  historyDays?: number;
  /**
   * The creative image URL of an ad, e.g. an Adloom creative for some of them (asked each time the ad is
   * served); default a CDN-like URL.
   */
  creativeUrl?: (ad: {
    id: string;
    accountIndex: number;
    index: number;
    kind: FakeAdKind;
  }) => string | undefined;
  /**
   * The AdImage hash (`image_hash`) of an image ad's creative, e.g. the MD5 of an Adloom creative's bytes
   * the marketer uploaded (asked each time the ad is served); default a hash drawn from the seed and the ad.
   */
  creativeImageHash?: (ad: { id: string; accountIndex: number; index: number }) => string | undefined;
  /** The catalogue items catalogue ads show (product_id breakdown values). */
  productIds?: string[];
  /** Where the fake's own CDN is served (its public URL): creative images then point there (cdn.ts). */
  imageBaseUrl?: string;
}

export type FakeAdKind = 'image' | 'video' | 'catalog';

/**
 * What the fake's creatives carry for the creative analyses to find (issue 19): about half the pictures
 * have a dark background, and those ads' CTR is PLANTED_DARK_CTR times the others' (more link clicks that
 * convert alike); the hue of the picture is drawn at random and has no effect.
 */
export const PLANTED_DARK_CTR = 1.3;

/** How an ad's picture looks on the fake CDN (cdn.ts draws it). */
export interface FakeLook {
  dark: boolean;
  /** 0–360. */
  hue: number;
}

export interface FakeAccount {
  id: string;
  /** The number after act_. */
  accountId: string;
  index: number;
  name: string;
  currency: string;
  timeZone: string;
  accountStatus: number;
}

export interface FakeAd {
  id: string;
  index: number;
  accountId: string;
  name: string;
  status: string;
  kind: FakeAdKind;
  campaign: { id: string; name: string; objective: string; status: string };
  adset: { id: string; name: string; status: string };
  creative: {
    id: string;
    imageUrl: string | undefined;
    /** Image ads: the AdImage hash Meta keeps for the uploaded image (the MD5 of its bytes). */
    imageHash: string | undefined;
    thumbnailUrl: string;
    videoId: string | undefined;
  };
  /** First day (day number) the ad delivered. */
  startDay: number;
  /** Typical daily spend. */
  scale: number;
  look: FakeLook;
}

export interface FakeMetrics {
  spend: number;
  impressions: number;
  reach: number;
  clicks: number;
  linkClicks: number;
  addToCart: number;
  purchases: number;
  purchaseValue: number;
  video3s: number | null;
  thruplays: number | null;
}

const OBJECTIVES = ['OUTCOME_SALES', 'OUTCOME_TRAFFIC', 'OUTCOME_AWARENESS'];
const CAMPAIGN_NAMES = ['Prospecting', 'Retargeting', 'Catalogue sales', 'Brand awareness', 'Seasonal'];
const KINDS: FakeAdKind[] = ['image', 'video', 'catalog'];

export class FakeMetaWorld {
  readonly seed: string;
  readonly accounts: FakeAccount[] = [];
  readonly lastDay: number;
  readonly firstDay: number;
  readonly productIds: string[];
  private readonly adsByAccount = new Map<string, FakeAd[]>();

  constructor(options: FakeMetaWorldOptions = {}) {
    this.seed = options.seed ?? 'adloom';
    this.lastDay = dayNumber(options.lastDay ?? new Date().toISOString().slice(0, 10));
    this.firstDay = this.lastDay - (options.historyDays ?? 1130) + 1;
    this.productIds = options.productIds ?? ['SKU-1001', 'SKU-1002', 'SKU-1003', 'SKU-1004'];
    const currencies = options.currencies ?? ['USD', 'EUR', 'GBP'];
    const base = 100_000 + (hash32(this.seed) % 800_000);
    for (let i = 0; i < (options.accounts ?? 2); i++) {
      const accountId = String((base + i) * 1000 + 7);
      const account: FakeAccount = {
        id: `act_${accountId}`,
        accountId,
        index: i,
        name: i === 0 ? 'Main ad account' : `Ad account ${i + 1}`,
        currency: currencies[i % currencies.length]!,
        timeZone: options.timeZone ?? 'America/New_York',
        accountStatus: 1,
      };
      this.accounts.push(account);
      this.adsByAccount.set(account.id, this.makeAds(account, options));
    }
  }

  private makeAds(account: FakeAccount, options: FakeMetaWorldOptions): FakeAd[] {
    const out: FakeAd[] = [];
    const campaigns = options.campaignsPerAccount ?? 3;
    const sets = options.adSetsPerCampaign ?? 2;
    const perSet = options.adsPerAdSet ?? 3;
    const span = this.lastDay - this.firstDay + 1;
    for (let c = 0; c < campaigns; c++) {
      const campaignId = `${account.accountId}${String(c).padStart(3, '0')}`;
      const campaign = {
        id: campaignId,
        name: `${CAMPAIGN_NAMES[c % CAMPAIGN_NAMES.length]}${c >= CAMPAIGN_NAMES.length ? ` ${c + 1}` : ''}`,
        objective: OBJECTIVES[c % OBJECTIVES.length]!,
        status: 'ACTIVE',
      };
      for (let s = 0; s < sets; s++) {
        const adset = {
          id: `${campaignId}${String(s).padStart(3, '0')}`,
          name: `Ad set ${s + 1}`,
          status: 'ACTIVE',
        };
        for (let a = 0; a < perSet; a++) {
          const id = `${adset.id}${String(a).padStart(4, '0')}`;
          const random = randomFor(`${this.seed}|ad|${id}`);
          const index = out.length;
          const kind = KINDS[(c + a) % KINDS.length]!;
          const defaultUrl = options.imageBaseUrl
            ? cdnImageUrl(options.imageBaseUrl, id)
            : `https://scontent.fake-fbcdn.net/v/${id}.jpg`;
          // Asked each time the ad is served, so a test may name creatives made after the fake started.
          const imageUrl = () =>
            kind === 'video'
              ? undefined
              : (options.creativeUrl?.({ id, accountIndex: account.index, index, kind }) ?? defaultUrl);
          const seed = this.seed;
          const imageHash = () =>
            options.creativeImageHash?.({ id, accountIndex: account.index, index }) ??
            createHash('md5').update(`${seed}|image|${id}`).digest('hex');
          out.push({
            id,
            index,
            accountId: account.id,
            name: `${campaign.name} · ${kind} ad ${a + 1}`,
            status: random() < 0.85 ? 'ACTIVE' : 'PAUSED',
            kind,
            campaign,
            adset,
            creative: {
              id: `9${id}`,
              get imageUrl() {
                return imageUrl();
              },
              get imageHash() {
                return kind === 'image' ? imageHash() : undefined;
              },
              get thumbnailUrl() {
                return (
                  imageUrl() ??
                  (options.imageBaseUrl
                    ? cdnImageUrl(options.imageBaseUrl, id, true)
                    : `https://scontent.fake-fbcdn.net/v/${id}-thumb.jpg`)
                );
              },
              videoId: kind === 'video' ? `8${id}` : undefined,
            },
            // Most ads ran the whole history; some started later.
            startDay: this.firstDay + (random() < 0.7 ? 0 : Math.floor(random() * span * 0.8)),
            scale: 5 + random() * 45,
            // Drawn from its own stream, so adding the look changed no other figure of the ad.
            look: lookOf(`${this.seed}|look|${id}`),
          });
        }
      }
    }
    return out;
  }

  account(id: string): FakeAccount | undefined {
    return this.accounts.find((a) => a.id === id);
  }

  /** The ad of an id, in any account. */
  adById(id: string): FakeAd | undefined {
    for (const ads of this.adsByAccount.values()) {
      const ad = ads.find((a) => a.id === id);
      if (ad) return ad;
    }
    return undefined;
  }

  ads(accountId: string): FakeAd[] {
    return this.adsByAccount.get(accountId) ?? [];
  }

  /** The ad's delivery on a day (day number), or null when it did not deliver. */
  metrics(ad: FakeAd, day: number): FakeMetrics | null {
    if (day < ad.startDay || day > this.lastDay) return null;
    const r = randomFor(`${this.seed}|${ad.id}|${day}`);
    const weekday = new Date(day * 86_400_000).getUTCDay();
    const weekFactor = weekday === 0 || weekday === 6 ? 1.2 : 1;
    const spend = Math.round(ad.scale * (0.6 + 0.8 * r()) * weekFactor * 100) / 100;
    const impressions = Math.round((spend / (6 + 10 * r())) * 1000);
    if (impressions === 0) return null;
    const reach = Math.max(1, Math.round(impressions * (0.7 + 0.2 * r())));
    const planted = ad.kind !== 'video' && ad.look.dark ? PLANTED_DARK_CTR : 1;
    const clicks = Math.round(impressions * (0.008 + 0.02 * r()) * planted);
    const linkClicks = Math.round(clicks * (0.6 + 0.3 * r()));
    const addToCart = Math.round(linkClicks * (0.05 + 0.15 * r()));
    const purchases = Math.round(addToCart * (0.2 + 0.4 * r()));
    const purchaseValue = Math.round(purchases * (40 + 50 * r()) * 100) / 100;
    const video3s = ad.kind === 'video' ? Math.round(impressions * (0.2 + 0.2 * r())) : null;
    const thruplays = video3s === null ? null : Math.round(video3s * (0.2 + 0.2 * r()));
    return {
      spend,
      impressions,
      reach,
      clicks,
      linkClicks,
      addToCart,
      purchases,
      purchaseValue,
      video3s,
      thruplays,
    };
  }

  /** Totals of an account's ads over days (ISO, both included): what a full sync must end up with. */
  totals(accountId: string, since: string, until: string): FakeMetrics {
    const sum: FakeMetrics = {
      spend: 0,
      impressions: 0,
      reach: 0,
      clicks: 0,
      linkClicks: 0,
      addToCart: 0,
      purchases: 0,
      purchaseValue: 0,
      video3s: 0,
      thruplays: 0,
    };
    for (const ad of this.ads(accountId))
      for (let d = dayNumber(since); d <= dayNumber(until); d++) {
        const m = this.metrics(ad, d);
        if (!m) continue;
        sum.spend += m.spend;
        sum.impressions += m.impressions;
        sum.reach += m.reach;
        sum.clicks += m.clicks;
        sum.linkClicks += m.linkClicks;
        sum.addToCart += m.addToCart;
        sum.purchases += m.purchases;
        sum.purchaseValue += m.purchaseValue;
        sum.video3s! += m.video3s ?? 0;
        sum.thruplays! += m.thruplays ?? 0;
      }
    sum.spend = Math.round(sum.spend * 100) / 100;
    sum.purchaseValue = Math.round(sum.purchaseValue * 100) / 100;
    return sum;
  }

  lastDayString(): string {
    return dayString(this.lastDay);
  }
}

function lookOf(seed: string): FakeLook {
  const random = randomFor(seed);
  return { dark: random() < 0.5, hue: Math.floor(random() * 360) };
}
