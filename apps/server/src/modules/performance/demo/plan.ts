/**
 * What the demo data set holds, decided in code before any row is written: the account, three campaigns,
 * about sixty ads with their delivery parameters (spend share, CPM, CTR, ROAS, video hook and hold
 * rates, the days each runs) and the breakdown shares. The numbers themselves are drawn in SQL (write.ts)
 * from these parameters and a hash of each ad and day, so the same plan and day give the same rows.
 *
 * The story it tells, so every screen has something to show: weekly seasonality and a slow rise in
 * spend; a few winners and losers with clear spend in each campaign; creative tests launched in waves;
 * and in the last 30 days a ROAS drop of about a quarter, caused mainly by "Prospecting – Broad" and
 * within it by the 25-34 age group (the overview's alerts explain it).
 *
 * What the creative analyses can find (issue 19): every image ad shows a starter template of the library,
 * in turn, so its features are known exactly. Ads whose template shows the price delta get +30 % CTR
 * (PLANTED_FEATURE); dynamic colour has no effect (NULL_FEATURE), and both are spread evenly over the
 * templates, so neither stands in for the other. Half the catalogue ads show Adloom creatives and half the
 * plain catalogue image, over the same products: the ads of one template (ENHANCEMENT_TEMPLATES.lifted)
 * get +25 % CTR over the catalogue image, those of the other (ENHANCEMENT_TEMPLATES.flat) none.
 */
import type { Breakdown } from '@adloom/commerce';

export const DEMO_ACCOUNT = {
  /** Changing the plan's shape changes this id, so an older demo set is replaced, not mixed in. */
  externalId: 'demo-v2',
  name: 'Demo Store – Meta (demo)',
  currency: 'USD',
  timeZone: 'America/New_York',
  attributionSetting: '7-day click or 1-day view',
} as const;

/** Days of data, ending yesterday (in the account's time zone). */
export const DEMO_DAYS = 182;
/** The planted ROAS drop covers the last this many days. */
export const DROP_DAYS = 30;
/** How far the planted campaign's revenue falls in the drop (ramping in over its first two days). */
export const DROP_FACTORS = [0.8, 0.6, 0.42] as const;
export const PLANTED_AGE = '25-34';
/** The planted age group's part of the planted campaign's lost revenue; the other ages share the rest. */
const PLANTED_AGE_LOSS = 0.65;

/** The creative feature planted with a CTR effect, and the effect (a factor on CTR). */
export const PLANTED_FEATURE = 'text_price_delta';
export const PLANTED_FEATURE_CTR = 1.3;
/** A feature that differs between templates but is given no effect: the analyses must not call it. */
export const NULL_FEATURE = 'dynamic_color';
/** The starter templates the enhancement (Adloom creative) catalogue ads show, and their CTR over the plain image. */
export const ENHANCEMENT_TEMPLATES = {
  lifted: { starterKey: 'square-minimal-hero', ctr: 1.25 },
  flat: { starterKey: 'square-blur-spotlight', ctr: 1 },
} as const;
/** The retargeting campaign's first this many catalogue ads show Adloom creatives, the rest the plain image. */
export const ENHANCEMENT_ADS = 10;

export type CampaignKey = 'prospecting' | 'retargeting' | 'testing';
export type CreativeKind = 'image' | 'video' | 'catalog';

export interface CampaignPlan {
  key: CampaignKey;
  externalId: string;
  name: string;
  objective: string;
  /** Average spend a day of the whole campaign (before seasonality and trend). */
  dailySpend: number;
  cpm: number;
  /** Link-click-through rate. */
  ctr: number;
  roas: number;
  aov: number;
  /** The campaign whose ROAS drops in the last DROP_DAYS days. */
  planted: boolean;
  adSets: { externalId: string; name: string }[];
}

export const CAMPAIGNS: readonly CampaignPlan[] = [
  {
    key: 'prospecting',
    externalId: 'demo-c-prospecting',
    name: 'Prospecting – Broad',
    objective: 'CONVERSIONS',
    dailySpend: 2600,
    cpm: 11.5,
    ctr: 0.013,
    roas: 3.1,
    aov: 68,
    planted: true,
    adSets: [
      { externalId: 'demo-s-broad', name: 'Broad – US, CA, GB, AU, DE – 18-65+' },
      { externalId: 'demo-s-lookalike', name: 'Lookalike 1 % – purchasers 180 days' },
      { externalId: 'demo-s-interests', name: 'Interests – fashion and lifestyle' },
    ],
  },
  {
    key: 'retargeting',
    externalId: 'demo-c-retargeting',
    name: 'Retargeting – DPA',
    objective: 'PRODUCT_CATALOG_SALES',
    dailySpend: 1500,
    cpm: 9,
    ctr: 0.018,
    roas: 4.4,
    aov: 62,
    planted: false,
    adSets: [
      { externalId: 'demo-s-viewed', name: 'Viewed or added to cart – 14 days' },
      { externalId: 'demo-s-past', name: 'Past purchasers – cross-sell 180 days' },
    ],
  },
  {
    key: 'testing',
    externalId: 'demo-c-testing',
    name: 'Creative testing',
    objective: 'CONVERSIONS',
    dailySpend: 1100,
    cpm: 13,
    ctr: 0.011,
    roas: 2.1,
    aov: 71,
    planted: false,
    adSets: [
      { externalId: 'demo-s-hooks-video', name: 'Hooks – video' },
      { externalId: 'demo-s-hooks-image', name: 'Hooks – image' },
    ],
  },
];

export interface AdPlan {
  externalId: string;
  name: string;
  campaign: CampaignKey;
  adSet: string;
  kind: CreativeKind;
  status: 'ACTIVE' | 'PAUSED';
  /** Share of the campaign's daily spend while it runs. */
  spendShare: number;
  cpmFactor: number;
  ctrFactor: number;
  roasFactor: number;
  /** 3-second plays per impression and thruplays per 3-second play (video ads only). */
  hookRate: number | null;
  holdRate: number | null;
  /** First and last day it runs, as indexes 0…DEMO_DAYS-1 of the window. */
  startIndex: number;
  endIndex: number;
  /** The starter template its creative shows (image ads and enhancement catalogue ads); null otherwise. */
  starterKey: string | null;
  /** Catalogue ads: whether they show Adloom creatives or the plain catalogue image. */
  catalogShows: 'enhancement' | 'catalog' | null;
}

/** A starter template as the plan needs it: its key and its automatic tag keys (its template features). */
export interface StarterFacts {
  key: string;
  tags: readonly string[];
}

/** A small seeded generator (mulberry32): the plan's "random" parameters are the same on every build. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One ad's concept: its name, kind, and for the planted winners and losers their weight and ROAS. */
interface Concept {
  name: string;
  kind: CreativeKind;
  weight?: number;
  roas?: number;
}

const PROSPECTING: Concept[] = [
  { name: 'UGC – Unboxing', kind: 'video', weight: 3, roas: 1.45 },
  { name: 'Bestsellers – 4-up grid', kind: 'image', weight: 2.4, roas: 1.3 },
  { name: 'Brand manifesto', kind: 'video', weight: 2.2, roas: 0.45 },
  { name: 'Social proof – 4.8 stars', kind: 'image' },
  { name: 'Free shipping over $50', kind: 'image' },
  { name: 'Founder story', kind: 'video' },
  { name: 'New arrivals – lookbook', kind: 'image' },
  { name: 'Problem / solution', kind: 'video' },
  { name: 'Price anchor – was / now', kind: 'image' },
  { name: 'Behind the seams', kind: 'video' },
  { name: 'Gift guide', kind: 'image' },
  { name: 'Customer review quote', kind: 'image' },
  { name: 'Materials close-up', kind: 'image' },
  { name: 'Try-on haul', kind: 'video' },
  { name: 'Limited drop – countdown', kind: 'image' },
  { name: 'Sustainability promise', kind: 'image' },
  { name: 'Press mentions', kind: 'image' },
  { name: 'Size-inclusive fit', kind: 'image' },
  { name: 'Street-style reel', kind: 'video' },
  { name: 'Bundle and save', kind: 'image' },
];

const RETARGETING: Concept[] = Array.from({ length: 20 }, (_, i) => ({
  name: `DPA – ${['Viewed', 'Cart', 'Cross-sell', 'Back in stock'][i % 4]} ${String(Math.floor(i / 4) + 1)}`,
  kind: 'catalog' as const,
  ...(i === 0 ? { weight: 2.6, roas: 1.4 } : i === 5 ? { weight: 2, roas: 0.5 } : {}),
}));

const TESTING: Concept[] = [
  { name: 'Hook: “I tried every…”', kind: 'video', weight: 2.5, roas: 1.8 },
  { name: 'Hook: “Stop scrolling if…”', kind: 'video' },
  { name: 'Hook: “POV: you found…”', kind: 'video' },
  { name: 'Hook: “3 reasons why…”', kind: 'video' },
  { name: 'Hook: “Nobody talks about…”', kind: 'video', weight: 1.8, roas: 0.55 },
  { name: 'Hook: “Watch this before…”', kind: 'video' },
  { name: 'Hook: ASMR packing', kind: 'video' },
  { name: 'Hook: before / after', kind: 'video' },
  { name: 'Hook: green screen reply', kind: 'video' },
  { name: 'Hook: day in the life', kind: 'video' },
  { name: 'Hook: “Price drop”', kind: 'image', weight: 1.8, roas: 0.4 },
  { name: 'Hook: big number – 10,000 sold', kind: 'image' },
  { name: 'Hook: question headline', kind: 'image' },
  { name: 'Hook: meme format', kind: 'image' },
  { name: 'Hook: comparison table', kind: 'image' },
  { name: 'Hook: handwritten note', kind: 'image', weight: 1.6, roas: 1.5 },
  { name: 'Hook: flat lay', kind: 'image' },
  { name: 'Hook: emoji headline', kind: 'image' },
  { name: 'Hook: testimonial card', kind: 'image' },
  { name: 'Hook: “Only 3 left”', kind: 'image' },
];

/**
 * Creative tests run in waves of four ads, each wave 50 days from its launch, the last one until
 * yesterday; a test's winners keep running.
 */
function testWindow(i: number, winner: boolean): { startIndex: number; endIndex: number } {
  const wave = Math.floor((i % 10) / 2);
  const startIndex = Math.min(wave * 33 + (i % 2) * 3, DEMO_DAYS - 30);
  const last = wave === 4 || winner;
  return { startIndex, endIndex: last ? DEMO_DAYS - 1 : Math.min(startIndex + 50, DEMO_DAYS - 1) };
}

function adsOf(campaign: CampaignPlan, concepts: Concept[], seed: number): AdPlan[] {
  const random = seeded(seed);
  const drafts = concepts.map((c, i) => {
    const winner = (c.roas ?? 0) > 1;
    const window =
      campaign.key === 'testing' ? testWindow(i, winner) : { startIndex: 0, endIndex: DEMO_DAYS - 1 };
    const video = c.kind === 'video';
    return {
      externalId: `${campaign.externalId.replace('demo-c-', 'demo-a-')}-${String(i + 1).padStart(2, '0')}`,
      name: c.name,
      campaign: campaign.key,
      adSet:
        campaign.key === 'testing'
          ? campaign.adSets[video ? 0 : 1]!.externalId
          : campaign.adSets[i % campaign.adSets.length]!.externalId,
      kind: c.kind,
      status: window.endIndex === DEMO_DAYS - 1 ? ('ACTIVE' as const) : ('PAUSED' as const),
      weight: c.weight ?? 0.5 + random() * 0.8,
      cpmFactor: 0.85 + random() * 0.3,
      // Catalogue ads differ little (CTR here, ROAS below), so the planted enhancement effect is what
      // separates them.
      ctrFactor: c.kind === 'catalog' ? 0.95 + random() * 0.1 : 0.75 + random() * 0.55,
      roasFactor: c.roas ?? (c.kind === 'catalog' ? 0.95 + random() * 0.1 : 0.75 + random() * 0.45),
      starterKey: null,
      catalogShows: null,
      hookRate: video ? 0.2 + random() * 0.2 : null,
      holdRate: video ? 0.2 + random() * 0.25 : null,
      ...window,
    };
  });
  // Spend shares of the ads running on an average day sum to about 1, and their spend-weighted ROAS
  // factor to 1, so the campaign lands near its planned spend and ROAS.
  const running = (d: (typeof drafts)[number]) => (d.endIndex - d.startIndex + 1) / DEMO_DAYS;
  const weightSum = drafts.reduce((s, d) => s + d.weight * running(d), 0);
  const roasSum = drafts.reduce((s, d) => s + d.weight * running(d) * d.roasFactor, 0) / weightSum;
  return drafts.map(({ weight, roasFactor, ...d }) => ({
    ...d,
    spendShare: weight / weightSum,
    roasFactor: roasFactor / roasSum,
  }));
}

/**
 * The sixty ads of the demo account. Image ads show the starters in turn; the planted feature multiplies
 * their CTR. Catalogue ads alternate between the two enhancement templates, then show the plain image.
 */
export function demoAds(starters: readonly StarterFacts[]): AdPlan[] {
  const [prospecting, retargeting, testing] = CAMPAIGNS as [CampaignPlan, CampaignPlan, CampaignPlan];
  const plans = [
    ...adsOf(prospecting, PROSPECTING, 18),
    ...adsOf(retargeting, RETARGETING, 1802),
    ...adsOf(testing, TESTING, 180203),
  ];
  const tagsOf = new Map(starters.map((s) => [s.key, s.tags]));
  let imageIndex = 0;
  let catalogIndex = 0;
  return plans.map((plan) => {
    if (plan.kind === 'image') {
      const starter = starters.length ? starters[imageIndex++ % starters.length]! : null;
      const planted = starter?.tags.includes(PLANTED_FEATURE) ?? false;
      return {
        ...plan,
        starterKey: starter?.key ?? null,
        // More clicks that convert as well: CTR and ROAS rise together, CVR stays.
        ctrFactor: plan.ctrFactor * (planted ? PLANTED_FEATURE_CTR : 1),
        roasFactor: plan.roasFactor * (planted ? PLANTED_FEATURE_CTR : 1),
      };
    }
    if (plan.kind !== 'catalog') return plan;
    const index = catalogIndex++;
    if (index >= ENHANCEMENT_ADS) return { ...plan, catalogShows: 'catalog' as const };
    const template = index % 2 === 0 ? ENHANCEMENT_TEMPLATES.lifted : ENHANCEMENT_TEMPLATES.flat;
    const planted = tagsOf.get(template.starterKey)?.includes(PLANTED_FEATURE) ?? false;
    return {
      ...plan,
      catalogShows: 'enhancement' as const,
      starterKey: template.starterKey,
      ctrFactor: plan.ctrFactor * template.ctr * (planted ? PLANTED_FEATURE_CTR : 1),
      roasFactor: plan.roasFactor * template.ctr * (planted ? PLANTED_FEATURE_CTR : 1),
    };
  });
}

/**
 * One value of a breakdown: its share of delivery (spend, impressions, reach, clicks, video plays) and
 * of conversions (purchases, their value, add-to-cart). Both sum to 1 over a breakdown's values, so the
 * rows of a breakdown add up to the ad's day. `loss` (the planted campaign's ages only) is the value's
 * part of the planted drop.
 */
export interface ShareRow {
  breakdown: Breakdown;
  value: string;
  /** Only for this campaign (age differs by campaign); null: every campaign. */
  campaign: CampaignKey | null;
  /** Only for this ad (catalogue ads' products); null: every ad. */
  adExternalId: string | null;
  delivery: number;
  conversions: number;
  loss: number;
}

const AGES = ['18-24', '25-34', '35-44', '45-54', '55-64', '65+'];

function shares(
  breakdown: Breakdown,
  values: [value: string, delivery: number, conversions: number][],
  campaign: CampaignKey | null = null,
): ShareRow[] {
  return values.map(([value, delivery, conversions]) => ({
    breakdown,
    value,
    campaign,
    adExternalId: null,
    delivery,
    conversions,
    loss: 0,
  }));
}

/** The planted campaign's ages: the planted age loses PLANTED_AGE_LOSS of the drop, the others the rest. */
function plantedAges(campaign: CampaignKey, delivery: number[], conversions: number[]): ShareRow[] {
  const k = AGES.indexOf(PLANTED_AGE);
  const others = 1 - conversions[k]!;
  return AGES.map((value, i) => ({
    breakdown: 'age' as const,
    value,
    campaign,
    adExternalId: null,
    delivery: delivery[i]!,
    conversions: conversions[i]!,
    loss: i === k ? PLANTED_AGE_LOSS : ((1 - PLANTED_AGE_LOSS) * conversions[i]!) / others,
  }));
}

/** Breakdown shares shared by every ad (age by campaign). */
export function demoShares(): ShareRow[] {
  const ages = (delivery: number[], conversions: number[], campaign: CampaignKey) =>
    shares(
      'age',
      AGES.map((a, i) => [a, delivery[i]!, conversions[i]!]),
      campaign,
    );
  return [
    ...plantedAges('prospecting', [0.15, 0.36, 0.22, 0.14, 0.08, 0.05], [0.09, 0.45, 0.22, 0.13, 0.07, 0.04]),
    ...ages([0.1, 0.3, 0.27, 0.18, 0.1, 0.05], [0.08, 0.31, 0.29, 0.18, 0.1, 0.04], 'retargeting'),
    ...ages([0.2, 0.35, 0.22, 0.12, 0.07, 0.04], [0.15, 0.37, 0.24, 0.13, 0.07, 0.04], 'testing'),
    ...shares('gender', [
      ['female', 0.58, 0.63],
      ['male', 0.39, 0.35],
      ['unknown', 0.03, 0.02],
    ]),
    ...shares('country', [
      ['US', 0.72, 0.75],
      ['CA', 0.12, 0.11],
      ['GB', 0.08, 0.07],
      ['AU', 0.05, 0.05],
      ['DE', 0.03, 0.02],
    ]),
    ...shares('placement', [
      ['facebook · feed', 0.3, 0.34],
      ['instagram · feed', 0.24, 0.27],
      ['instagram · stories', 0.16, 0.14],
      ['instagram · reels', 0.18, 0.15],
      ['facebook · marketplace', 0.07, 0.07],
      ['audience_network · classic', 0.05, 0.03],
    ]),
    ...shares('device', [
      ['iphone', 0.52, 0.58],
      ['android_smartphone', 0.33, 0.27],
      ['desktop', 0.1, 0.11],
      ['ipad', 0.05, 0.04],
    ]),
  ];
}

const PRODUCT_DELIVERY = [0.36, 0.22, 0.18, 0.14, 0.1];
const PRODUCT_CONVERSIONS = [0.42, 0.22, 0.16, 0.12, 0.08];

/**
 * The product_id rows of one catalogue ad: its own product first, then the next ones of the list
 * (distinct; shares renormalised when the list is shorter than five).
 */
export function productShares(adExternalId: string, products: readonly string[], first: number): ShareRow[] {
  const picked: string[] = [];
  for (let i = 0; i < products.length && picked.length < PRODUCT_DELIVERY.length; i++) {
    const id = products[(first + i) % products.length]!;
    if (!picked.includes(id)) picked.push(id);
  }
  const delivery = PRODUCT_DELIVERY.slice(0, picked.length);
  const conversions = PRODUCT_CONVERSIONS.slice(0, picked.length);
  const d = delivery.reduce((s, x) => s + x, 0);
  const c = conversions.reduce((s, x) => s + x, 0);
  return picked.map((value, i) => ({
    breakdown: 'product_id' as const,
    value,
    campaign: null,
    adExternalId,
    delivery: delivery[i]! / d,
    conversions: conversions[i]! / c,
    loss: 0,
  }));
}

/** Product ids for the catalogue ads when the client has no generated creatives. */
export const PLACEHOLDER_PRODUCTS = Array.from({ length: 24 }, (_, i) => `DS-${1001 + i * 7}`);
