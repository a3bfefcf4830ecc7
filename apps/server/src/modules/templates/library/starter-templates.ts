/**
 * The starter template library (issue 4, part 6): twelve designs in the three sizes the networks ask
 * for, square 1080 x 1080, portrait 1000 x 1500 and story 1080 x 1920. Each is a saved template "made
 * with the builder" (compose.ts). Story designs keep their content between 14 % from the top and 20 %
 * from the bottom, where the networks draw their own interface.
 */
import { pill, priceSwap, roundBadge } from './blocks.js';
import { composeTemplate, type TemplateDesign, type TextLimit } from './compose.js';
import {
  blurredBackground,
  circle,
  clipPath,
  imageSlot,
  inPrimaryColour,
  linearGradient,
  logo,
  onSale,
  path,
  rect,
  starRating,
  text,
  textTopForCentre,
  whenFewerThan10,
  type DesignLayer,
} from './svg.js';

/** One template of the starter library, as the server seeds it. */
export interface StarterTemplate {
  /** Stable slug: the seed updates the template with this key instead of adding another. */
  key: string;
  name: string;
  width: number;
  height: number;
  /** The complete SVG, with the builder document in <metadata>. */
  templateString: string;
  /** Style tag keys (group 'Template Design Playbook'). */
  styleTags: string[];
  /** Industry tag key. */
  industryTag?: string;
}

/** A starter template and, per text layer, the most lines it may take. */
export interface StarterDesign {
  template: StarterTemplate;
  textLimits: readonly TextLimit[];
}

const SQUARE = { width: 1080, height: 1080 } as const;
const PORTRAIT = { width: 1000, height: 1500 } as const;
const STORY = { width: 1080, height: 1920 } as const;

/** Story safe zone: content stays between these two lines (14 % and 80 % of 1920). */
export const STORY_SAFE_TOP = Math.ceil(STORY.height * 0.14);
export const STORY_SAFE_BOTTOM = Math.floor(STORY.height * 0.8);

const INK = '#1d1d1f';

/**
 * The item's title, cut to at most `maxLength` characters at a word boundary; a joining word the cut
 * leaves at the end ('... Running Shoe with') goes too. `filters` follow (e.g. 'uppercase').
 */
function fittedTitle(maxLength: number, ...filters: string[]): string {
  const danglingWord = String.raw`(?i)[\s,]+(?:with\|and\|for\|in\|of\|the\|a\|an\|to\|by\|&)$`;
  return `{${['title', `maxlength:${maxLength}`, `remove:${danglingWord}`, ...filters].join('|')}}`;
}

/** A short arrow after a call to action, pointing right, its tip at (x, y). */
function arrow(plainId: string, x: number, y: number, color: string, size = 18): DesignLayer {
  return path(
    plainId,
    'Arrow',
    `M${x - size * 1.6} ${y} L${x} ${y} M${x - size * 0.55} ${y - size * 0.55} L${x} ${y} L${x - size * 0.55} ${y + size * 0.55}`,
    { fill: 'none', stroke: color, strokeWidth: 3 },
  );
}

function starter(
  meta: { key: string; styleTags: string[]; industryTag?: string },
  design: TemplateDesign,
): StarterDesign {
  const composed = composeTemplate(design);
  return {
    template: {
      key: meta.key,
      name: design.name,
      width: design.width,
      height: design.height,
      templateString: composed.templateString,
      styleTags: meta.styleTags,
      ...(meta.industryTag ? { industryTag: meta.industryTag } : {}),
    },
    textLimits: composed.textLimits,
  };
}

// ---------------------------------------------------------------------------------------------------
// Square 1080 x 1080

/** One large photo, quiet type on warm paper: the product speaks. */
function squareMinimalHero(): StarterDesign {
  const paper = '#f4f1ec';
  const red = '#b3261e';
  return starter(
    { key: 'square-minimal-hero', styleTags: ['Minimal'], industryTag: 'Fashion' },
    {
      name: 'Minimal Hero',
      ...SQUARE,
      background: paper,
      layers: [
        imageSlot(1, { x: 60, y: 60, width: 960, height: 700 }, { name: 'Product photo', radius: 28 }),
        logo({ x: 96, y: 92, width: 204, height: 68 }),
        ...pill('sale-badge', 'Sale badge', { x: 872, y: 96, width: 112, height: 50 }, red, 'SALE', {
          family: 'Inter',
          weight: 700,
          size: 22,
          fill: '#ffffff',
        }).map(onSale),
        text(
          'brand',
          'Brand',
          '{brand|maxlength:30|uppercase}',
          { x: 60, y: 796, width: 560, maxLines: 1 },
          { family: 'Inter', weight: 600, size: 22, fill: '#8a8580' },
        ),
        text(
          'title',
          'Title',
          fittedTitle(52),
          { x: 60, y: 830, width: 600, maxLines: 2 },
          { family: 'Poppins', weight: 500, size: 38, fill: INK, lineHeight: 1.12 },
        ),
        ...priceSwap({
          x: 680,
          width: 340,
          regular: {
            template: '{price} {currency}',
            y: 824,
            type: { family: 'Poppins', weight: 600, size: 42, fill: INK, align: 'right' },
          },
          cover: { box: { x: 670, y: 786, width: 360, height: 160 }, fill: paper },
          sale: [
            {
              template: '{sale_price} {currency}',
              y: 824,
              type: { family: 'Poppins', weight: 600, size: 42, fill: red, align: 'right' },
            },
            {
              template: 'Was {price} {currency}',
              y: 886,
              type: { family: 'Inter', weight: 500, size: 22, fill: '#8a8580', align: 'right' },
            },
          ],
        }),
        text(
          'call-to-action',
          'Call to action',
          'Shop now',
          { x: 60, y: 976, width: 200, maxLines: 1 },
          { family: 'Inter', weight: 600, size: 24, fill: INK },
        ),
        arrow('call-to-action-arrow', 218, 992, INK, 14),
      ],
    },
  );
}

/** Two photos side by side on the brand's colour, the facts on a white card. */
function squareSplitDuo(): StarterDesign {
  const red = '#d92d20';
  return starter(
    { key: 'square-split-duo', styleTags: ['Bold'], industryTag: 'Electronics' },
    {
      name: 'Split Duo',
      ...SQUARE,
      background: '#ffffff',
      layers: [
        inPrimaryColour(
          rect('brand-field', 'Brand colour field', { x: 0, y: 0, ...SQUARE }, { fill: '#2563eb' }),
        ),
        imageSlot(1, { x: 60, y: 60, width: 470, height: 600 }, { name: 'Main photo', radius: 24 }),
        imageSlot(2, { x: 550, y: 60, width: 470, height: 600 }, { name: 'Second photo', radius: 24 }),
        rect(
          'info-card',
          'Info card',
          { x: 60, y: 690, width: 960, height: 330 },
          { fill: '#ffffff', radius: 24 },
        ),
        logo({ x: 100, y: 722, width: 180, height: 60 }),
        text(
          'title',
          'Title',
          fittedTitle(46),
          { x: 100, y: 800, width: 560, maxLines: 2 },
          { family: 'Poppins', weight: 700, size: 36, fill: INK, lineHeight: 1.1 },
        ),
        starRating({ x: 100, y: 930, width: 190, height: 40 }, { filled: '#f5a524', empty: '#e4e4e7' }),
        text(
          'rating-value',
          'Rating value',
          '{rating_value}',
          { x: 298, y: textTopForCentre(950, 24), width: 100, maxLines: 1 },
          { family: 'Inter', weight: 600, size: 24, fill: '#52525b' },
        ),
        rect('divider', 'Divider', { x: 700, y: 726, width: 2, height: 258 }, { fill: '#e4e4e7' }),
        ...priceSwap({
          x: 720,
          width: 280,
          regular: {
            template: '{price_super}',
            y: 796,
            type: { family: 'Poppins', weight: 800, size: 76, fill: INK, align: 'center' },
          },
          cover: { box: { x: 710, y: 730, width: 300, height: 250 }, fill: '#ffffff' },
          sale: [
            {
              template: '{sale_price_super}',
              y: 796,
              type: { family: 'Poppins', weight: 800, size: 76, fill: red, align: 'center' },
            },
            {
              template: 'Was {price} {currency}',
              y: 930,
              type: { family: 'Inter', weight: 500, size: 22, fill: '#71717a', align: 'center' },
            },
          ],
        }),
        text(
          'currency',
          'Currency',
          '{currency}',
          { x: 720, y: 746, width: 280, maxLines: 1 },
          { family: 'Inter', weight: 600, size: 24, fill: '#71717a', align: 'center' },
        ),
        ...pill('sale-badge', 'Sale badge', { x: 84, y: 84, width: 120, height: 52 }, red, 'SALE', {
          family: 'Poppins',
          weight: 700,
          size: 24,
          fill: '#ffffff',
        }).map(onSale),
      ],
    },
  );
}

/** The product framed on a white card over its own blurred photo: calm and precious. */
function squareBlurSpotlight(): StarterDesign {
  const gold = '#a8844f';
  const wine = '#8c2f45';
  return starter(
    { key: 'square-blur-spotlight', styleTags: ['Luxury'], industryTag: 'Beauty' },
    {
      name: 'Blur Spotlight',
      ...SQUARE,
      background: '#efe9e2',
      layers: [
        blurredBackground({ x: 0, y: 0, ...SQUARE }),
        rect('veil', 'Soft veil', { x: 0, y: 0, ...SQUARE }, { fill: '#f7f2ec', opacity: 0.35 }),
        rect('card', 'Card', { x: 170, y: 60, width: 740, height: 960 }, { fill: '#ffffff' }),
        imageSlot(1, { x: 210, y: 100, width: 660, height: 540 }, { name: 'Product photo', fit: 'contain' }),
        logo({ x: 440, y: 664, width: 200, height: 60 }),
        text(
          'title',
          'Title',
          fittedTitle(48),
          { x: 230, y: 744, width: 620, maxLines: 2 },
          { family: 'Playfair Display', weight: 500, size: 38, fill: INK, align: 'center', lineHeight: 1.1 },
        ),
        rect('rule', 'Gold rule', { x: 500, y: 864, width: 80, height: 2 }, { fill: gold }),
        ...priceSwap({
          x: 230,
          width: 620,
          regular: {
            template: '{price} {currency}',
            y: 892,
            type: { family: 'Playfair Display', weight: 500, size: 34, fill: INK, align: 'center' },
          },
          cover: { box: { x: 220, y: 880, width: 640, height: 120 }, fill: '#ffffff' },
          sale: [
            {
              template: '{sale_price} {currency}',
              y: 892,
              type: { family: 'Playfair Display', weight: 600, size: 34, fill: wine, align: 'center' },
            },
            {
              template: 'Regular price {price} {currency}',
              y: 944,
              type: { family: 'Lato', weight: 400, size: 20, fill: '#8a8580', align: 'center' },
            },
          ],
        }),
        ...roundBadge('sale-badge', 'Sale badge', { cx: 880, cy: 100, r: 64 }, gold, [
          {
            template: 'Sale',
            centreY: 100,
            type: { family: 'Playfair Display', weight: 600, size: 32, fill: '#ffffff', italic: true },
          },
        ]).map(onSale),
      ],
    },
  );
}

/** A lookbook: one large photo and three details, set like a magazine page. */
function squareLookbook(): StarterDesign {
  const paper = '#efebe4';
  const terracotta = '#a4482f';
  return starter(
    { key: 'square-lookbook-four', styleTags: ['Editorial'], industryTag: 'Home' },
    {
      name: 'Lookbook Four',
      ...SQUARE,
      background: paper,
      layers: [
        imageSlot(1, { x: 60, y: 60, width: 700, height: 700 }, { name: 'Main photo' }),
        imageSlot(2, { x: 780, y: 60, width: 240, height: 220 }, { name: 'Detail 1', vertical: 'TOP' }),
        imageSlot(3, { x: 780, y: 300, width: 240, height: 220 }, { name: 'Detail 2' }),
        imageSlot(4, { x: 780, y: 540, width: 240, height: 220 }, { name: 'Detail 3', vertical: 'BOTTOM' }),
        ...roundBadge('sale-badge', 'Sale badge', { cx: 150, cy: 150, r: 66 }, terracotta, [
          {
            template: 'Sale',
            centreY: 150,
            type: { family: 'Playfair Display', weight: 600, size: 34, fill: '#ffffff', italic: true },
          },
        ]).map(onSale),
        text(
          'brand',
          'Brand',
          '{brand|maxlength:30|uppercase}',
          { x: 60, y: 794, width: 560, maxLines: 1 },
          { family: 'Inter', weight: 600, size: 22, fill: '#7a7167' },
        ),
        text(
          'title',
          'Title',
          fittedTitle(46),
          { x: 60, y: 828, width: 600, maxLines: 2 },
          { family: 'Playfair Display', weight: 500, size: 44, fill: INK, lineHeight: 1.08 },
        ),
        ...priceSwap({
          x: 680,
          width: 340,
          regular: {
            template: '{price|format:#,##0.00} {currency}',
            y: 826,
            type: { family: 'Playfair Display', weight: 600, size: 38, fill: INK, align: 'right' },
          },
          cover: { box: { x: 670, y: 790, width: 360, height: 160 }, fill: paper },
          sale: [
            {
              template: '{sale_price|format:#,##0.00} {currency}',
              y: 826,
              type: { family: 'Playfair Display', weight: 600, size: 38, fill: terracotta, align: 'right' },
            },
            {
              template: 'Save {price_delta} {currency}',
              y: 884,
              type: { family: 'Inter', weight: 600, size: 22, fill: terracotta, align: 'right' },
            },
          ],
        }),
        rect('rule', 'Rule', { x: 60, y: 972, width: 960, height: 1 }, { fill: '#cfc6ba' }),
        text(
          'call-to-action',
          'Call to action',
          'Discover the collection',
          { x: 60, y: 994, width: 500, maxLines: 1 },
          { family: 'Inter', weight: 500, size: 22, fill: INK },
        ),
        logo({ x: 860, y: 988, width: 160, height: 48 }),
      ],
    },
  );
}

// ---------------------------------------------------------------------------------------------------
// Portrait 1000 x 1500

/** An arched window on cream paper, serif title, centred: a fashion editorial. */
function portraitEditorialArch(): StarterDesign {
  const cream = '#f3ece2';
  const rust = '#a4442f';
  const arch = (inset: number, bottom: number) => {
    const left = 90 - inset;
    const right = 910 + inset;
    const r = (right - left) / 2;
    return `M${left} ${bottom} L${left} 580 A${r} ${r} 0 0 1 ${right} 580 L${right} ${bottom} Z`;
  };
  return starter(
    { key: 'portrait-editorial-arch', styleTags: ['Editorial', 'Minimal'], industryTag: 'Fashion' },
    {
      name: 'Editorial Arch',
      ...PORTRAIT,
      background: cream,
      defs: [clipPath('arch-window', arch(0, 1060))],
      layers: [
        logo({ x: 400, y: 52, width: 200, height: 64 }),
        path('arch-outline', 'Arch outline', arch(18, 1078), {
          fill: 'none',
          stroke: '#cdbba5',
          strokeWidth: 2,
        }),
        imageSlot(
          1,
          { x: 90, y: 170, width: 820, height: 890 },
          { name: 'Product photo', clipPath: 'url(#arch-window)' },
        ),
        ...roundBadge('sale-badge', 'Sale badge', { cx: 850, cy: 290, r: 74 }, rust, [
          {
            template: 'Sale',
            centreY: 290,
            type: { family: 'Playfair Display', weight: 600, size: 38, fill: '#ffffff', italic: true },
          },
        ]).map(onSale),
        text(
          'brand',
          'Brand',
          '{brand|maxlength:34|uppercase}',
          { x: 90, y: 1112, width: 820, maxLines: 1 },
          { family: 'Inter', weight: 600, size: 22, fill: '#8c7b6b', align: 'center' },
        ),
        text(
          'title',
          'Title',
          fittedTitle(50),
          { x: 110, y: 1148, width: 780, maxLines: 2 },
          { family: 'Playfair Display', weight: 500, size: 48, fill: INK, align: 'center', lineHeight: 1.08 },
        ),
        ...priceSwap({
          x: 90,
          width: 820,
          regular: {
            template: '{price|format:#,##0.00} {currency}',
            y: 1298,
            type: { family: 'Lato', weight: 700, size: 34, fill: INK, align: 'center' },
          },
          cover: { box: { x: 90, y: 1286, width: 820, height: 130 }, fill: cream },
          sale: [
            {
              template: '{sale_price|format:#,##0.00} {currency}',
              y: 1298,
              type: { family: 'Lato', weight: 700, size: 34, fill: rust, align: 'center' },
            },
            {
              template: 'Originally {price|format:#,##0.00} {currency}',
              y: 1350,
              type: { family: 'Lato', weight: 400, size: 22, fill: '#8c7b6b', align: 'center' },
            },
          ],
        }),
        text(
          'call-to-action',
          'Call to action',
          'SHOP THE LOOK',
          { x: 300, y: 1412, width: 400, maxLines: 1 },
          { family: 'Inter', weight: 600, size: 20, fill: INK, align: 'center' },
        ),
        rect(
          'call-to-action-rule',
          'Call to action underline',
          { x: 440, y: 1446, width: 120, height: 2 },
          { fill: INK },
        ),
      ],
    },
  );
}

/** Three photos on white, generous margins, one quiet line of facts. */
function portraitTriptych(): StarterDesign {
  const red = '#c2261b';
  return starter(
    { key: 'portrait-triptych', styleTags: ['Minimal'], industryTag: 'Home' },
    {
      name: 'Triptych',
      ...PORTRAIT,
      background: '#ffffff',
      layers: [
        imageSlot(1, { x: 60, y: 60, width: 880, height: 760 }, { name: 'Main photo', radius: 24 }),
        imageSlot(2, { x: 60, y: 840, width: 430, height: 330 }, { name: 'Second photo', radius: 24 }),
        imageSlot(
          3,
          { x: 510, y: 840, width: 430, height: 330 },
          { name: 'Third photo', radius: 24, vertical: 'BOTTOM' },
        ),
        logo({ x: 96, y: 92, width: 190, height: 62 }),
        ...pill(
          'stock-badge',
          'Low stock badge',
          { x: 88, y: 744, width: 250, height: 50 },
          INK,
          'Only a few left',
          {
            family: 'Inter',
            weight: 600,
            size: 22,
            fill: '#ffffff',
          },
        ).map(whenFewerThan10),
        ...pill('sale-badge', 'Sale badge', { x: 800, y: 96, width: 108, height: 48 }, red, 'SALE', {
          family: 'Inter',
          weight: 700,
          size: 22,
          fill: '#ffffff',
        }).map(onSale),
        text(
          'brand',
          'Brand',
          '{brand|maxlength:30|uppercase}',
          { x: 60, y: 1206, width: 560, maxLines: 1 },
          { family: 'Inter', weight: 600, size: 22, fill: '#8a8a8a' },
        ),
        text(
          'title',
          'Title',
          fittedTitle(50),
          { x: 60, y: 1240, width: 560, maxLines: 2 },
          { family: 'Poppins', weight: 500, size: 38, fill: INK, lineHeight: 1.12 },
        ),
        ...priceSwap({
          x: 640,
          width: 300,
          regular: {
            template: '{price} {currency}',
            y: 1236,
            type: { family: 'Poppins', weight: 600, size: 40, fill: INK, align: 'right' },
          },
          cover: { box: { x: 630, y: 1200, width: 320, height: 150 }, fill: '#ffffff' },
          sale: [
            {
              template: '{sale_price} {currency}',
              y: 1236,
              type: { family: 'Poppins', weight: 600, size: 40, fill: red, align: 'right' },
            },
            {
              template: 'Was {price} {currency}',
              y: 1294,
              type: { family: 'Inter', weight: 500, size: 22, fill: '#8a8a8a', align: 'right' },
            },
          ],
        }),
        rect('rule', 'Rule', { x: 60, y: 1378, width: 880, height: 1 }, { fill: '#e5e5e5' }),
        text(
          'call-to-action',
          'Call to action',
          'Shop now',
          { x: 60, y: 1404, width: 200, maxLines: 1 },
          { family: 'Inter', weight: 600, size: 24, fill: INK },
        ),
        arrow('call-to-action-arrow', 218, 1420, INK, 14),
      ],
    },
  );
}

/** A big photo over black, a poster-sized price and a season-sale tag in the brand's colour. */
function portraitBoldSale(): StarterDesign {
  const black = '#111111';
  const grey = '#a3a3a3';
  return starter(
    { key: 'portrait-bold-season-sale', styleTags: ['Bold', 'Seasonal'], industryTag: 'Outdoor' },
    {
      name: 'Bold Season Sale',
      ...PORTRAIT,
      background: black,
      defs: [
        linearGradient('photo-fade-gradient', [
          [0, black, 0],
          [1, black, 1],
        ]),
      ],
      layers: [
        imageSlot(1, { x: 0, y: 0, width: 1000, height: 900 }, { name: 'Product photo', vertical: 'TOP' }),
        rect(
          'photo-fade',
          'Photo fade',
          { x: 0, y: 760, width: 1000, height: 142 },
          { fill: 'url(#photo-fade-gradient)' },
        ),
        logo({ x: 740, y: 56, width: 204, height: 68 }),
        ...pill(
          'sale-tag',
          'Season sale tag',
          { x: 56, y: 60, width: 290, height: 64 },
          black,
          'SEASON SALE',
          {
            family: 'Anton',
            weight: 400,
            size: 34,
            fill: '#ffffff',
          },
        ).map(onSale),
        inPrimaryColour(
          rect('accent-bar', 'Accent bar', { x: 60, y: 912, width: 96, height: 10 }, { fill: '#f97316' }),
        ),
        text(
          'brand',
          'Brand',
          '{brand|maxlength:30|uppercase}',
          { x: 60, y: 946, width: 880, maxLines: 1 },
          { family: 'Oswald', weight: 500, size: 28, fill: grey },
        ),
        text(
          'title',
          'Title',
          fittedTitle(42, 'uppercase'),
          { x: 60, y: 988, width: 880, maxLines: 2 },
          { family: 'Anton', weight: 400, size: 56, fill: '#ffffff', lineHeight: 1.04 },
        ),
        text(
          'currency',
          'Currency',
          '{currency}',
          { x: 60, y: 1140, width: 200, maxLines: 1 },
          { family: 'Oswald', weight: 500, size: 28, fill: grey },
        ),
        ...priceSwap({
          x: 60,
          width: 560,
          regular: {
            template: '{price_super}',
            y: 1184,
            type: { family: 'Anton', weight: 400, size: 150, fill: '#ffffff', lineHeight: 1 },
          },
          cover: { box: { x: 50, y: 1134, width: 560, height: 240 }, fill: black },
          sale: [
            {
              template: '{sale_price_super}',
              y: 1184,
              type: { family: 'Anton', weight: 400, size: 150, fill: '#ffffff', lineHeight: 1 },
            },
            {
              template: 'WAS {price} {currency}',
              y: 1140,
              type: { family: 'Oswald', weight: 500, size: 28, fill: grey },
            },
          ],
        }),
        ...pill(
          'save-chip',
          'Save chip',
          { x: 620, y: 1220, width: 320, height: 84 },
          '#f97316',
          'SAVE {price_delta_round} {currency}',
          { family: 'Oswald', weight: 600, size: 34, fill: '#ffffff' },
        ).map((layer, index) => onSale(index === 0 ? inPrimaryColour(layer) : layer)),
        rect('rule', 'Rule', { x: 60, y: 1388, width: 880, height: 1 }, { fill: '#333333' }),
        text(
          'call-to-action',
          'Call to action',
          'SHOP NOW',
          { x: 60, y: 1412, width: 300, maxLines: 1 },
          { family: 'Oswald', weight: 600, size: 30, fill: '#ffffff' },
        ),
        arrow('call-to-action-arrow', 230, 1432, '#ffffff', 16),
      ],
    },
  );
}

/** The product floating over its own soft blur, the facts on a white card below: gold stars, serif type. */
function portraitBlurLuxe(): StarterDesign {
  const gold = '#a8844f';
  const wine = '#8c2f45';
  const card = '#ffffff';
  return starter(
    { key: 'portrait-blur-luxe', styleTags: ['Luxury'], industryTag: 'Beauty' },
    {
      name: 'Blur Luxe',
      ...PORTRAIT,
      background: '#f3ede6',
      // Denser at the top, so the logo reads on any photo's colours.
      defs: [
        linearGradient('veil-gradient', [
          [0, '#fbf7f2', 0.96],
          [0.2, '#fbf7f2', 0.85],
          [0.5, '#fbf7f2', 0.45],
          [1, '#fbf7f2', 0.3],
        ]),
      ],
      layers: [
        blurredBackground({ x: 0, y: 0, ...PORTRAIT }),
        rect('veil', 'Soft veil', { x: 0, y: 0, ...PORTRAIT }, { fill: 'url(#veil-gradient)' }),
        logo({ x: 390, y: 64, width: 220, height: 70 }),
        imageSlot(
          1,
          { x: 150, y: 170, width: 700, height: 780 },
          { name: 'Product photo', fit: 'contain', vertical: 'BOTTOM' },
        ),
        ...roundBadge('sale-badge', 'Sale badge', { cx: 836, cy: 270, r: 70 }, gold, [
          {
            template: 'Sale',
            centreY: 270,
            type: { family: 'Playfair Display', weight: 600, size: 36, fill: '#ffffff', italic: true },
          },
        ]).map(onSale),
        rect('card', 'Card', { x: 90, y: 910, width: 820, height: 500 }, { fill: card, radius: 28 }),
        starRating({ x: 410, y: 950, width: 180, height: 36 }, { filled: gold, empty: '#e6dccd' }),
        text(
          'title',
          'Title',
          fittedTitle(48),
          { x: 150, y: 1006, width: 700, maxLines: 2 },
          { family: 'Playfair Display', weight: 500, size: 44, fill: INK, align: 'center', lineHeight: 1.1 },
        ),
        rect('rule', 'Gold rule', { x: 460, y: 1140, width: 80, height: 2 }, { fill: gold }),
        ...priceSwap({
          x: 150,
          width: 700,
          regular: {
            template: '{price} {currency}',
            y: 1168,
            type: { family: 'Playfair Display', weight: 500, size: 36, fill: INK, align: 'center' },
          },
          cover: { box: { x: 140, y: 1156, width: 720, height: 120 }, fill: card },
          sale: [
            {
              template: '{sale_price} {currency}',
              y: 1168,
              type: { family: 'Playfair Display', weight: 600, size: 36, fill: wine, align: 'center' },
            },
            {
              template: 'Regular price {price} {currency}',
              y: 1222,
              type: { family: 'Lato', weight: 400, size: 20, fill: '#8a8580', align: 'center' },
            },
          ],
        }),
        text(
          'call-to-action',
          'Call to action',
          'DISCOVER',
          { x: 150, y: 1310, width: 700, maxLines: 1 },
          { family: 'Lato', weight: 700, size: 20, fill: gold, align: 'center' },
        ),
        rect(
          'call-to-action-rule',
          'Call to action underline',
          { x: 460, y: 1342, width: 80, height: 1 },
          { fill: gold },
        ),
      ],
    },
  );
}

// ---------------------------------------------------------------------------------------------------
// Story 1080 x 1920

/** Photo on top fading into black, a poster title and price below; everything inside the safe zone. */
function storyBoldCover(): StarterDesign {
  const black = '#0f0f10';
  const pink = '#ff4d6d';
  return starter(
    { key: 'story-bold-cover', styleTags: ['Bold'], industryTag: 'Fashion' },
    {
      name: 'Bold Cover Story',
      ...STORY,
      background: black,
      defs: [
        linearGradient('photo-fade-gradient', [
          [0, black, 0],
          [0.7, black, 0.85],
          [1, black, 1],
        ]),
      ],
      layers: [
        imageSlot(1, { x: 0, y: 0, width: 1080, height: 1300 }, { name: 'Product photo' }),
        rect(
          'photo-fade',
          'Photo fade',
          { x: 0, y: 1010, width: 1080, height: 292 },
          { fill: 'url(#photo-fade-gradient)' },
        ),
        logo({ x: 80, y: 290, width: 220, height: 72 }),
        ...pill('sale-tag', 'Sale tag', { x: 820, y: 294, width: 180, height: 68 }, pink, 'SALE', {
          family: 'Anton',
          weight: 400,
          size: 40,
          fill: '#ffffff',
        }).map(onSale),
        ...pill(
          'stock-badge',
          'Low stock badge',
          { x: 80, y: 1100, width: 270, height: 54 },
          '#ffffff',
          'ONLY A FEW LEFT',
          {
            family: 'Oswald',
            weight: 600,
            size: 26,
            fill: black,
          },
        ).map(whenFewerThan10),
        text(
          'brand',
          'Brand',
          '{brand|maxlength:34|uppercase}',
          { x: 80, y: 1180, width: 920, maxLines: 1 },
          { family: 'Oswald', weight: 500, size: 30, fill: '#bdbdbd' },
        ),
        text(
          'title',
          'Title',
          fittedTitle(38, 'uppercase'),
          { x: 80, y: 1224, width: 920, maxLines: 2 },
          { family: 'Anton', weight: 400, size: 68, fill: '#ffffff', lineHeight: 1.02 },
        ),
        ...priceSwap({
          x: 80,
          width: 580,
          regular: {
            template: '{price_super} {currency}',
            y: 1412,
            type: { family: 'Anton', weight: 400, size: 92, fill: '#ffffff', lineHeight: 1 },
          },
          cover: { box: { x: 70, y: 1400, width: 610, height: 130 }, fill: black },
          sale: [
            {
              template: '{sale_price_super} {currency}',
              y: 1412,
              type: { family: 'Anton', weight: 400, size: 92, fill: pink, lineHeight: 1 },
            },
          ],
        }),
        ...pill(
          'shop-button',
          'Shop button',
          { x: 720, y: 1424, width: 280, height: 84 },
          '#ffffff',
          'SHOP NOW',
          {
            family: 'Oswald',
            weight: 600,
            size: 32,
            fill: black,
          },
        ),
      ],
    },
  );
}

/** Two tilted snapshots on blush, a handwritten caption and a price sticker. */
function storyPolaroidDuo(): StarterDesign {
  const blush = '#fde7e1';
  const coral = '#ff6b57';
  const tiltLeft = 'rotate(-6 390 690)';
  const tiltRight = 'rotate(5 720 960)';
  const shadow = { fill: '#7a3b2e', opacity: 0.12 };
  return starter(
    { key: 'story-polaroid-duo', styleTags: ['Playful'], industryTag: 'Beauty' },
    {
      name: 'Polaroid Duo Story',
      ...STORY,
      background: blush,
      layers: [
        inPrimaryColour(
          circle(
            'blob-1',
            'Brand colour blob',
            { cx: 170, cy: 390, r: 170 },
            { fill: '#e85d75', opacity: 0.85 },
          ),
        ),
        circle('blob-2', 'Blob', { cx: 950, cy: 610, r: 250 }, { fill: '#fbd3c9' }),
        logo({ x: 760, y: 286, width: 240, height: 76 }),
        rect(
          'snapshot-1-shadow',
          'Snapshot shadow',
          { x: 118, y: 386, width: 560, height: 640 },
          { ...shadow, transform: tiltLeft },
        ),
        rect(
          'snapshot-1',
          'Snapshot frame',
          { x: 110, y: 370, width: 560, height: 640 },
          { fill: '#ffffff', transform: tiltLeft },
        ),
        imageSlot(
          1,
          { x: 136, y: 396, width: 508, height: 508 },
          { name: 'Main photo', transform: tiltLeft },
        ),
        rect(
          'snapshot-2-shadow',
          'Snapshot shadow',
          { x: 478, y: 686, width: 500, height: 580 },
          { ...shadow, transform: tiltRight },
        ),
        rect(
          'snapshot-2',
          'Snapshot frame',
          { x: 470, y: 670, width: 500, height: 580 },
          { fill: '#ffffff', transform: tiltRight },
        ),
        imageSlot(
          2,
          { x: 494, y: 694, width: 452, height: 452 },
          { name: 'Second photo', transform: tiltRight },
        ),
        text(
          'caption',
          'Caption',
          '{product_type|remove:^.*>\\s*|maxlength:22}',
          { x: 494, y: 1154, width: 452, maxLines: 1, transform: tiltRight },
          { family: 'Caveat', weight: 600, size: 50, fill: '#3b3b3b', align: 'center' },
        ),
        ...roundBadge('sale-burst', 'Sale sticker', { cx: 640, cy: 390, r: 84 }, '#ffd23f', [
          {
            template: 'SALE!',
            centreY: 390,
            type: { family: 'Poppins', weight: 800, size: 36, fill: INK },
          },
        ]).map(onSale),
        text(
          'title',
          'Title',
          fittedTitle(44),
          { x: 80, y: 1350, width: 640, maxLines: 2 },
          { family: 'Poppins', weight: 700, size: 44, fill: INK, lineHeight: 1.08 },
        ),
        text(
          'brand',
          'Brand',
          'by {brand|maxlength:30}',
          { x: 80, y: 1466, width: 640, maxLines: 1 },
          { family: 'Caveat', weight: 600, size: 40, fill: '#6b4f4a' },
        ),
        ...roundBadge('price-sticker', 'Price sticker', { cx: 880, cy: 1420, r: 112 }, coral, [
          {
            template: '{price_round}',
            centreY: 1410,
            type: { family: 'Poppins', weight: 800, size: 64, fill: '#ffffff' },
          },
          {
            template: '{currency}',
            centreY: 1470,
            type: { family: 'Poppins', weight: 600, size: 24, fill: '#ffffff' },
          },
        ]),
        ...roundBadge('sale-price-sticker', 'Sale price sticker', { cx: 880, cy: 1420, r: 112 }, INK, [
          {
            template: 'was {price_round}',
            centreY: 1350,
            type: { family: 'Poppins', weight: 500, size: 22, fill: '#d4d4d4' },
          },
          {
            template: '{sale_price_round}',
            centreY: 1412,
            type: { family: 'Poppins', weight: 800, size: 64, fill: '#ffd23f' },
          },
          {
            template: '{currency}',
            centreY: 1472,
            type: { family: 'Poppins', weight: 600, size: 24, fill: '#ffffff' },
          },
        ]).map(onSale),
      ],
    },
  );
}

/** A centred serif title, a grid of four photos and the price: a collection story. */
function storyCollectionGrid(): StarterDesign {
  const paper = '#f3efe9';
  const terracotta = '#a4482f';
  const tile = 420;
  const gap = 12;
  const left = (STORY.width - 2 * tile - gap) / 2;
  const top = 536;
  const at = (column: number, row: number) => ({
    x: left + column * (tile + gap),
    y: top + row * (tile + gap),
    width: tile,
    height: tile,
  });
  return starter(
    { key: 'story-collection-grid', styleTags: ['Editorial'], industryTag: 'Home' },
    {
      name: 'Collection Grid Story',
      ...STORY,
      background: paper,
      layers: [
        logo({ x: 430, y: 286, width: 220, height: 70 }),
        text(
          'title',
          'Title',
          fittedTitle(50),
          { x: 110, y: 388, width: 860, maxLines: 2 },
          { family: 'Playfair Display', weight: 500, size: 50, fill: INK, align: 'center', lineHeight: 1.08 },
        ),
        imageSlot(1, at(0, 0), { name: 'Photo 1' }),
        imageSlot(2, at(1, 0), { name: 'Photo 2', vertical: 'TOP' }),
        imageSlot(3, at(0, 1), { name: 'Photo 3' }),
        imageSlot(4, at(1, 1), { name: 'Photo 4', horizontal: 'RIGHT' }),
        ...roundBadge('save-badge', 'Save badge', { cx: 540, cy: top + tile + gap / 2, r: 96 }, terracotta, [
          {
            template: 'SAVE',
            centreY: top + tile - 22,
            type: { family: 'Inter', weight: 700, size: 24, fill: '#ffffff' },
          },
          {
            template: '{price_delta_round} {currency}',
            centreY: top + tile + 26,
            type: { family: 'Playfair Display', weight: 600, size: 36, fill: '#ffffff' },
          },
        ]).map(onSale),
        ...priceSwap({
          x: 90,
          width: 900,
          regular: {
            template: '{price|format:#,##0.00} {currency}',
            y: 1426,
            type: { family: 'Lato', weight: 700, size: 40, fill: INK, align: 'center' },
          },
          cover: { box: { x: 90, y: 1414, width: 900, height: 80 }, fill: paper },
          sale: [
            {
              template: '{sale_price|format:#,##0.00} {currency}  ·  was {price|format:#,##0.00}',
              y: 1426,
              type: { family: 'Lato', weight: 700, size: 40, fill: terracotta, align: 'center' },
            },
          ],
        }),
      ],
    },
  );
}

/** The product on a rounded card over its own dark blur: a tech launch. */
function storyDarkSpotlight(): StarterDesign {
  const red = '#ef4444';
  return starter(
    { key: 'story-dark-spotlight', styleTags: ['Bold', 'Minimal'], industryTag: 'Electronics' },
    {
      name: 'Dark Spotlight Story',
      ...STORY,
      background: '#0b0d12',
      layers: [
        blurredBackground({ x: 0, y: 0, ...STORY }),
        rect('veil', 'Dark veil', { x: 0, y: 0, ...STORY }, { fill: '#0b0d12', opacity: 0.72 }),
        rect(
          'brand-plate',
          'Logo plate',
          { x: 400, y: 288, width: 280, height: 88 },
          { fill: '#ffffff', radius: 44 },
        ),
        logo({ x: 430, y: 300, width: 220, height: 64 }),
        imageSlot(
          1,
          { x: 160, y: 420, width: 760, height: 760 },
          { name: 'Product photo', fit: 'contain', radius: 40 },
        ),
        ...pill(
          'stock-badge',
          'Low stock badge',
          { x: 380, y: 1150, width: 320, height: 60 },
          '#f59e0b',
          'Only a few left',
          {
            family: 'Inter',
            weight: 700,
            size: 24,
            fill: INK,
          },
        ).map(whenFewerThan10),
        starRating({ x: 450, y: 1240, width: 180, height: 36 }, { filled: '#fbbf24', empty: '#4b5563' }),
        text(
          'title',
          'Title',
          fittedTitle(46),
          { x: 120, y: 1296, width: 840, maxLines: 2 },
          { family: 'Inter', weight: 700, size: 40, fill: '#ffffff', align: 'center', lineHeight: 1.12 },
        ),
        ...pill(
          'price-pill',
          'Price pill',
          { x: 340, y: 1430, width: 400, height: 80 },
          '#ffffff',
          '{price} {currency}',
          {
            family: 'Inter',
            weight: 800,
            size: 36,
            fill: INK,
          },
        ),
        ...pill(
          'sale-price-pill',
          'Sale price pill',
          { x: 340, y: 1430, width: 400, height: 80 },
          red,
          '{sale_price} {currency}',
          {
            family: 'Inter',
            weight: 800,
            size: 36,
            fill: '#ffffff',
          },
        ).map(onSale),
        ...pill(
          'sale-tag',
          'Save tag',
          { x: 690, y: 390, width: 260, height: 60 },
          red,
          'SAVE {price_delta_round} {currency}',
          {
            family: 'Inter',
            weight: 800,
            size: 24,
            fill: '#ffffff',
          },
        ).map(onSale),
      ],
    },
  );
}

/** The library, in the order it is shown. */
export const STARTER_DESIGNS: readonly StarterDesign[] = [
  squareMinimalHero(),
  squareSplitDuo(),
  squareBlurSpotlight(),
  squareLookbook(),
  portraitEditorialArch(),
  portraitTriptych(),
  portraitBoldSale(),
  portraitBlurLuxe(),
  storyBoldCover(),
  storyPolaroidDuo(),
  storyCollectionGrid(),
  storyDarkSpotlight(),
];

/** The starter templates the server seeds into the library. */
export const STARTER_TEMPLATES: readonly StarterTemplate[] = STARTER_DESIGNS.map((design) => design.template);
