/**
 * Sample products for the starter library: six products (a sneaker, a backpack, a lamp, a perfume, a
 * chair and a watch), each with four studio "photos" drawn as SVG artwork and rasterised with sharp
 * (nothing is downloaded), a wordmark logo and catalogue metadata. The library's tests render every
 * template with them, and so does the seeding of the library's thumbnails.
 */
import { render, type ImageLoader } from '@adloom/renderer/server';
import sharp from 'sharp';

/** Side of every product photo, in pixels. */
export const SAMPLE_PHOTO_SIZE = 1200;
/** Photos per product: the main image and three additional images (image_link, additional_image_link). */
export const SAMPLE_PHOTOS_PER_PRODUCT = 4;

interface Colourway {
  /** The product's main colour and its shade. */
  main: string;
  shade: string;
  /** A second colour: trims, straps, accents. */
  accent: string;
}

interface SampleProduct {
  /** Stable slug, used in the image names. */
  slug: string;
  /** The colour a COLOR_PRIMARY layer takes (inputs[0].color). */
  brandColor: string;
  metadata: Readonly<Record<string, string>>;
  /** Main photo, then two other colourways. */
  colourways: readonly [Colourway, Colourway, Colourway];
  /** The artwork for a colourway, inside a 1200 x 1200 canvas. */
  draw(colours: Colourway): string;
  /** The part of the canvas the close-up photo shows (a square: x, y, side). */
  detail: readonly [number, number, number];
  logo: LogoDesign;
}

interface LogoDesign {
  /** Markup of the logo, drawn in a 480 x 160 box, dark on transparent. */
  svg: string;
}

const INK = '#1d1d1f';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A 480 x 160 wordmark: an optional mark on the left and the name in a catalogue font. */
function wordmark(
  name: string,
  font: { family: string; weight: number; size: number; italic?: boolean },
  mark = '',
  textX = 0,
): LogoDesign {
  const width = 480 - textX;
  const top = 80 - font.size * 0.6;
  const style = font.italic ? ' font-style="italic"' : '';
  const text = escapeXml(name);
  return {
    svg:
      `${mark}<text title="${text}" data-x="${textX}" data-y="${top.toFixed(1)}" data-width="${width}" ` +
      `data-align="${textX === 0 ? 'center' : 'left'}" font-family="${font.family}" font-weight="${font.weight}"${style} ` +
      `font-size="${font.size}" fill="${INK}">${text}</text>`,
  };
}

/** The studio: a soft light backdrop, a floor line and a contact shadow under the product. */
function studio(shadow: { cx: number; cy: number; rx: number; ry: number }, tint = '#f4f2ee'): string {
  return (
    `<defs><radialGradient id="backdrop" cx="50%" cy="38%" r="75%">` +
    `<stop offset="0" stop-color="#ffffff"/><stop offset="0.6" stop-color="${tint}"/>` +
    `<stop offset="1" stop-color="#dedad3"/></radialGradient>` +
    `<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="18"/></filter>` +
    `<filter id="softer" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="6"/></filter></defs>` +
    `<rect width="1200" height="1200" fill="url(#backdrop)"/>` +
    `<ellipse cx="${shadow.cx}" cy="${shadow.cy}" rx="${shadow.rx}" ry="${shadow.ry}" fill="#000000" opacity="0.28" filter="url(#soft)"/>` +
    `<ellipse cx="${shadow.cx}" cy="${shadow.cy - 4}" rx="${shadow.rx * 0.8}" ry="${shadow.ry * 0.35}" fill="#000000" opacity="0.35" filter="url(#softer)"/>`
  );
}

function vertical(id: string, top: string, bottom: string): string {
  return (
    `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`
  );
}

function horizontal(id: string, stops: readonly string[]): string {
  const step = 1 / (stops.length - 1);
  return (
    `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0">` +
    stops
      .map((color, index) => `<stop offset="${(index * step).toFixed(3)}" stop-color="${color}"/>`)
      .join('') +
    `</linearGradient>`
  );
}

function drawSneaker(c: Colourway): string {
  const upper =
    'M205 742 C196 650 205 548 246 497 C268 471 306 465 336 477 C376 495 404 510 434 503 ' +
    'C444 463 460 432 496 428 C528 425 538 445 535 466 C626 506 706 566 806 626 ' +
    'C906 666 1008 688 1016 738 Z';
  const laces = [0, 1, 2, 3, 4]
    .map((index) => {
      const x = 560 + index * 52;
      const y = 480 + index * 30;
      return `<path d="M${x - 34} ${y + 26} L${x + 10} ${y - 18}" stroke="#f5f5f5" stroke-width="12" stroke-linecap="round"/>`;
    })
    .join('');
  const eyelets = [0, 1, 2, 3, 4]
    .map((index) => `<circle cx="${548 + index * 52}" cy="${500 + index * 30}" r="7" fill="${c.shade}"/>`)
    .join('');
  return (
    studio({ cx: 610, cy: 842, rx: 430, ry: 34 }) +
    `<defs>${vertical('upper', c.main, c.shade)}${vertical('midsole', '#ffffff', '#dcdcdc')}</defs>` +
    `<path d="M190 742 C188 800 224 826 300 830 L940 836 C1010 836 1040 806 1034 766 L1024 732 L196 730 Z" fill="url(#midsole)"/>` +
    `<path d="M212 812 C240 836 280 842 320 842 L940 848 C990 848 1020 834 1032 812 L1030 830 C1018 858 990 866 940 866 L310 860 C262 858 230 846 212 830 Z" fill="#2b2b2b"/>` +
    `<path d="${upper}" fill="url(#upper)"/>` +
    `<path d="M338 700 C500 650 680 600 938 596 C760 656 560 712 350 736 Z" fill="${c.accent}"/>` +
    `<path d="M205 742 C200 690 204 640 214 600 L300 612 C292 660 292 706 298 742 Z" fill="${c.shade}" opacity="0.55"/>` +
    `<path d="M246 497 C268 471 306 465 336 477 L330 500 C306 490 280 494 262 512 Z" fill="${c.accent}"/>` +
    `<path d="M760 622 C860 650 960 676 1012 720" stroke="#ffffff" stroke-opacity="0.35" stroke-width="6" fill="none"/>` +
    eyelets +
    laces +
    `<path d="M220 760 L1020 766" stroke="#bdbdbd" stroke-width="4" stroke-dasharray="18 12"/>`
  );
}

function drawBackpack(c: Colourway): string {
  return (
    studio({ cx: 600, cy: 1010, rx: 280, ry: 30 }) +
    `<defs>${horizontal('body', [c.shade, c.main, c.main, c.shade])}${vertical('pocket', c.main, c.shade)}</defs>` +
    `<path d="M520 250 C520 180 680 180 680 250" stroke="${INK}" stroke-width="26" fill="none" stroke-linecap="round"/>` +
    `<rect x="350" y="330" width="60" height="560" rx="26" fill="${c.shade}"/>` +
    `<rect x="790" y="330" width="60" height="560" rx="26" fill="${c.shade}"/>` +
    `<path d="M380 420 C380 300 460 240 600 240 C740 240 820 300 820 420 L820 930 C820 980 790 1000 740 1000 L460 1000 C410 1000 380 980 380 930 Z" fill="url(#body)"/>` +
    `<path d="M420 420 C420 330 500 282 600 282 C700 282 780 330 780 420" stroke="#ffffff" stroke-opacity="0.35" stroke-width="6" fill="none" stroke-dasharray="14 10"/>` +
    `<rect x="430" y="600" width="340" height="340" rx="70" fill="url(#pocket)"/>` +
    `<path d="M452 650 C520 630 680 630 748 650" stroke="${INK}" stroke-width="8" fill="none" stroke-linecap="round"/>` +
    `<rect x="728" y="640" width="16" height="44" rx="6" fill="#d9d9d9"/>` +
    `<rect x="480" y="470" width="44" height="450" rx="12" fill="${c.accent}"/>` +
    `<rect x="676" y="470" width="44" height="450" rx="12" fill="${c.accent}"/>` +
    `<rect x="472" y="740" width="60" height="46" rx="10" fill="${INK}"/>` +
    `<rect x="668" y="740" width="60" height="46" rx="10" fill="${INK}"/>` +
    `<rect x="560" y="400" width="80" height="50" rx="10" fill="${c.accent}"/>` +
    `<path d="M575 436 L600 410 L625 436 Z" fill="${c.main}"/>`
  );
}

function drawLamp(c: Colourway): string {
  return (
    studio({ cx: 600, cy: 1000, rx: 250, ry: 28 }, '#f3efe8') +
    `<defs>${horizontal('shade', [c.shade, c.main, '#fffdf6', c.main, c.shade])}` +
    `${horizontal('base', [c.shade, c.accent, '#ffffff', c.accent, c.shade])}` +
    `${horizontal('brass', ['#8c6a2f', '#e9cf8f', '#a47c34'])}` +
    `<radialGradient id="glow" cx="50%" cy="0%" r="80%"><stop offset="0" stop-color="#fff3c4" stop-opacity="0.9"/>` +
    `<stop offset="1" stop-color="#fff3c4" stop-opacity="0"/></radialGradient></defs>` +
    `<ellipse cx="600" cy="640" rx="330" ry="120" fill="url(#glow)"/>` +
    `<rect x="588" y="560" width="24" height="200" fill="url(#brass)"/>` +
    `<path d="M600 740 C480 740 420 820 420 880 C420 960 500 1000 600 1000 C700 1000 780 960 780 880 C780 820 720 740 600 740 Z" fill="url(#base)"/>` +
    `<path d="M470 860 C500 800 560 780 600 780" stroke="#ffffff" stroke-opacity="0.5" stroke-width="10" fill="none" stroke-linecap="round"/>` +
    `<path d="M440 250 L760 250 L880 590 C880 606 860 612 840 612 L360 612 C340 612 320 606 320 590 Z" fill="url(#shade)"/>` +
    `<path d="M440 250 L760 250 L770 278 L430 278 Z" fill="${c.shade}" opacity="0.35"/>` +
    `<rect x="560" y="985" width="80" height="14" rx="6" fill="url(#brass)"/>`
  );
}

function drawBottle(c: Colourway): string {
  return (
    studio({ cx: 600, cy: 986, rx: 230, ry: 26 }, '#f5efed') +
    `<defs>${horizontal('glass', ['#ffffff', c.main, c.main, '#ffffff'])}${vertical('liquid', c.main, c.shade)}` +
    `${horizontal('cap', ['#7a5a22', '#f3dc9a', '#c49a45', '#7a5a22'])}</defs>` +
    `<rect x="400" y="420" width="400" height="560" rx="56" fill="url(#glass)" opacity="0.55"/>` +
    `<rect x="424" y="520" width="352" height="436" rx="40" fill="url(#liquid)" opacity="0.9"/>` +
    `<rect x="400" y="420" width="400" height="560" rx="56" fill="none" stroke="#ffffff" stroke-opacity="0.8" stroke-width="6"/>` +
    `<rect x="452" y="450" width="30" height="480" rx="15" fill="#ffffff" opacity="0.55"/>` +
    `<rect x="560" y="360" width="80" height="70" fill="#d8d2cc"/>` +
    `<rect x="500" y="210" width="200" height="160" rx="18" fill="url(#cap)"/>` +
    `<rect x="500" y="350" width="200" height="20" fill="#6b4e1c" opacity="0.5"/>` +
    `<rect x="488" y="650" width="224" height="150" rx="6" fill="#fbf8f4" opacity="0.92"/>` +
    `<rect x="530" y="690" width="140" height="14" rx="7" fill="${c.accent}"/>` +
    `<rect x="550" y="724" width="100" height="8" rx="4" fill="${c.accent}" opacity="0.6"/>` +
    `<rect x="565" y="750" width="70" height="8" rx="4" fill="${c.accent}" opacity="0.6"/>`
  );
}

function drawChair(c: Colourway): string {
  return (
    studio({ cx: 600, cy: 1010, rx: 360, ry: 30 }, '#f1eee9') +
    `<defs>${vertical('cushion', c.main, c.shade)}${horizontal('wood', ['#8a5a32', '#c48a55', '#9b6a3e'])}` +
    `<pattern id="boucle" width="24" height="24" patternUnits="userSpaceOnUse">` +
    `<circle cx="6" cy="6" r="4" fill="#ffffff" opacity="0.18"/><circle cx="18" cy="16" r="5" fill="#000000" opacity="0.06"/></pattern></defs>` +
    `<path d="M380 760 L300 1000" stroke="url(#wood)" stroke-width="30" stroke-linecap="round"/>` +
    `<path d="M820 760 L900 1000" stroke="url(#wood)" stroke-width="30" stroke-linecap="round"/>` +
    `<path d="M470 770 L450 960" stroke="#7a4e2a" stroke-width="24" stroke-linecap="round"/>` +
    `<path d="M730 770 L750 960" stroke="#7a4e2a" stroke-width="24" stroke-linecap="round"/>` +
    `<path d="M330 300 C330 250 370 220 420 220 L780 220 C830 220 870 250 870 300 L880 640 L320 640 Z" fill="url(#cushion)"/>` +
    `<path d="M330 300 C330 250 370 220 420 220 L780 220 C830 220 870 250 870 300 L880 640 L320 640 Z" fill="url(#boucle)"/>` +
    `<path d="M280 640 C280 600 310 580 360 580 L840 580 C890 580 920 600 920 640 L920 730 C920 770 890 790 850 790 L350 790 C310 790 280 770 280 730 Z" fill="url(#cushion)"/>` +
    `<path d="M280 640 C280 600 310 580 360 580 L840 580 C890 580 920 600 920 640 L920 730 C920 770 890 790 850 790 L350 790 C310 790 280 770 280 730 Z" fill="url(#boucle)"/>` +
    `<path d="M330 640 L870 640" stroke="#ffffff" stroke-opacity="0.3" stroke-width="6"/>` +
    `<rect x="240" y="560" width="70" height="260" rx="34" fill="url(#wood)"/>` +
    `<rect x="890" y="560" width="70" height="260" rx="34" fill="url(#wood)"/>` +
    `<rect x="520" y="420" width="160" height="14" rx="7" fill="${c.accent}" opacity="0.35"/>`
  );
}

function drawWatch(c: Colourway): string {
  const ring = (r: number, color: string, fraction: number) => {
    const circumference = 2 * Math.PI * r;
    return (
      `<circle cx="600" cy="560" r="${r}" fill="none" stroke="${color}" stroke-opacity="0.25" stroke-width="22"/>` +
      `<circle cx="600" cy="560" r="${r}" fill="none" stroke="${color}" stroke-width="22" stroke-linecap="round" ` +
      `stroke-dasharray="${(circumference * fraction).toFixed(1)} ${circumference.toFixed(1)}" transform="rotate(-90 600 560)"/>`
    );
  };
  return (
    studio({ cx: 600, cy: 1040, rx: 200, ry: 24 }, '#eff1f3') +
    `<defs>${vertical('strap', c.main, c.shade)}${horizontal('case', ['#5f6368', '#e8eaed', '#9aa0a6', '#3c4043'])}</defs>` +
    `<path d="M470 120 L730 120 L720 360 L480 360 Z" fill="url(#strap)"/>` +
    `<path d="M480 760 L720 760 L730 1010 L470 1010 Z" fill="url(#strap)"/>` +
    [0, 1, 2, 3]
      .map(
        (index) => `<rect x="584" y="${820 + index * 44}" width="32" height="18" rx="9" fill="${c.shade}"/>`,
      )
      .join('') +
    `<rect x="400" y="330" width="400" height="460" rx="104" fill="url(#case)"/>` +
    `<rect x="796" y="480" width="24" height="80" rx="10" fill="#9aa0a6"/>` +
    `<rect x="428" y="358" width="344" height="404" rx="84" fill="#0b0c0e"/>` +
    ring(118, c.accent, 0.78) +
    ring(88, '#7bdc65', 0.62) +
    ring(58, '#3fc8f2', 0.9) +
    `<rect x="540" y="700" width="120" height="12" rx="6" fill="#ffffff" opacity="0.7"/>` +
    `<path d="M460 380 C520 368 600 366 660 372" stroke="#ffffff" stroke-opacity="0.25" stroke-width="8" fill="none" stroke-linecap="round"/>`
  );
}

const SAMPLE_PRODUCTS: readonly SampleProduct[] = [
  {
    slug: 'sneaker',
    brandColor: '#e4572e',
    metadata: {
      id: 'STR-1042',
      brand: 'Stride',
      title: 'Aero Knit Running Sneaker',
      description: 'A breathable knit upper on a responsive foam sole, made for everyday miles.',
      product_type: 'Shoes > Sneakers',
      price: '129.00',
      sale_price: '99.00',
      rating_value: '4.6',
      stock_level_less_than_10: 'True',
      stock_level_less_than_50: 'True',
    },
    colourways: [
      { main: '#34434d', shade: '#1c252b', accent: '#e4572e' },
      { main: '#f4f4f2', shade: '#c9c9c6', accent: '#3a6ea5' },
      { main: '#d8b4a6', shade: '#a97f70', accent: '#2d3142' },
    ],
    draw: drawSneaker,
    detail: [380, 360, 620],
    logo: wordmark(
      'STRIDE',
      { family: 'Anton', weight: 400, size: 96 },
      `<path d="M30 110 L110 40 L150 40 L70 110 Z M90 110 L170 40 L200 40 L120 110 Z" fill="${INK}"/>`,
      220,
    ),
  },
  {
    slug: 'backpack',
    brandColor: '#2f6f4f',
    metadata: {
      id: 'NP-2810',
      brand: 'Northpeak',
      title: 'Summit 28L Waterproof Hiking Backpack',
      description: 'Roll-top waterproof pack with a ventilated back panel and hip-belt pockets.',
      product_type: 'Outdoor > Backpacks',
      price: '149.00',
      sale_price: '119.00',
      rating_value: '4.8',
      stock_level_less_than_10: 'False',
      stock_level_less_than_50: 'True',
    },
    colourways: [
      { main: '#d9652b', shade: '#9c3f15', accent: '#2b2d2f' },
      { main: '#4f6b4a', shade: '#2e3f2b', accent: '#d9b44a' },
      { main: '#2f4858', shade: '#1a2a33', accent: '#f26419' },
    ],
    draw: drawBackpack,
    detail: [360, 420, 520],
    logo: wordmark(
      'NORTHPEAK',
      { family: 'Oswald', weight: 600, size: 60 },
      `<path d="M20 120 L80 40 L112 82 L128 64 L170 120 Z" fill="${INK}"/>`,
      186,
    ),
  },
  {
    slug: 'lamp',
    brandColor: '#b5835a',
    metadata: {
      id: 'LC-0330',
      brand: 'Lumen & Co',
      title: 'Halo Ceramic Table Lamp',
      description: 'Hand-glazed ceramic base with a linen shade and a warm dimmable glow.',
      product_type: 'Home > Lighting > Table Lamps',
      price: '89.00',
      sale_price: '69.00',
      rating_value: '4.7',
      stock_level_less_than_10: 'True',
      stock_level_less_than_50: 'True',
    },
    colourways: [
      { main: '#efe4d0', shade: '#c9b48f', accent: '#7a8b7f' },
      { main: '#f3f0ea', shade: '#cfc8bb', accent: '#c46a4a' },
      { main: '#e7d9c7', shade: '#b99d7a', accent: '#2f4858' },
    ],
    draw: drawLamp,
    detail: [300, 200, 600],
    logo: wordmark('Lumen & Co', { family: 'Playfair Display', weight: 600, size: 76, italic: true }),
  },
  {
    slug: 'perfume',
    brandColor: '#b4435b',
    metadata: {
      id: 'AU-5001',
      brand: 'Aurelle',
      title: 'Rose Ambre Eau de Parfum 50 ml',
      description: 'Damask rose and warm amber over a soft musk base. Long-lasting and elegant.',
      product_type: 'Beauty > Fragrance',
      price: '78.00',
      sale_price: '59.00',
      rating_value: '4.5',
      stock_level_less_than_10: 'False',
      stock_level_less_than_50: 'False',
    },
    colourways: [
      { main: '#e8a3b0', shade: '#b4435b', accent: '#8c6a2f' },
      { main: '#f1c27d', shade: '#c07f2a', accent: '#5a3e1b' },
      { main: '#b9c7e6', shade: '#5c6fa8', accent: '#2d2d4a' },
    ],
    draw: drawBottle,
    detail: [340, 180, 520],
    logo: wordmark('AURELLE', { family: 'Playfair Display', weight: 500, size: 72 }),
  },
  {
    slug: 'chair',
    brandColor: '#6d7b5c',
    metadata: {
      id: 'FO-7710',
      brand: 'Forma',
      title: 'Oslo Lounge Chair in Oak and Boucle',
      description: 'Solid oak frame and a deep boucle cushion: Scandinavian comfort for slow mornings.',
      product_type: 'Home > Furniture > Chairs',
      price: '549.00',
      sale_price: '449.00',
      rating_value: '4.4',
      stock_level_less_than_10: 'False',
      stock_level_less_than_50: 'True',
    },
    colourways: [
      { main: '#ece6dc', shade: '#c8bca9', accent: '#6d7b5c' },
      { main: '#9aa58a', shade: '#65704f', accent: '#f4efe6' },
      { main: '#c9825b', shade: '#8f4f2e', accent: '#f4efe6' },
    ],
    draw: drawChair,
    detail: [250, 180, 700],
    logo: wordmark(
      'forma',
      { family: 'Montserrat', weight: 800, size: 92 },
      `<circle cx="402" cy="106" r="13" fill="#6d7b5c"/>`,
    ),
  },
  {
    slug: 'watch',
    brandColor: '#2563eb',
    metadata: {
      id: 'TP-0202',
      brand: 'Tempo',
      title: 'Pulse 2 Smartwatch with AMOLED Display',
      description: 'Heart-rate, sleep and GPS tracking with seven days of battery on one charge.',
      product_type: 'Electronics > Wearables',
      price: '249.00',
      sale_price: '199.00',
      rating_value: '4.3',
      stock_level_less_than_10: 'True',
      stock_level_less_than_50: 'True',
    },
    colourways: [
      { main: '#2b2f36', shade: '#111317', accent: '#ff5a5f' },
      { main: '#e9d8c4', shade: '#b79b7c', accent: '#ff9f1c' },
      { main: '#3a5a8c', shade: '#1f3456', accent: '#ffd166' },
    ],
    draw: drawWatch,
    detail: [360, 300, 480],
    logo: wordmark(
      'TEMPO',
      { family: 'Exo 2', weight: 800, size: 84 },
      `<circle cx="80" cy="80" r="46" fill="none" stroke="${INK}" stroke-width="14"/><path d="M80 52 L80 82 L100 96" stroke="${INK}" stroke-width="10" fill="none" stroke-linecap="round"/>`,
      150,
    ),
  },
];

/** How many sample products there are; the sample functions take a product index modulo this. */
export const SAMPLE_PRODUCT_COUNT = SAMPLE_PRODUCTS.length;

function productAt(index: number): SampleProduct {
  const count = SAMPLE_PRODUCTS.length;
  return SAMPLE_PRODUCTS[((index % count) + count) % count]!;
}

const INDUSTRY_PRODUCTS: Readonly<Record<string, string>> = {
  Fashion: 'sneaker',
  Outdoor: 'backpack',
  Home: 'chair',
  Beauty: 'perfume',
  Electronics: 'watch',
};

/** The index of the sample product that suits a template's industry (the first product when none does). */
export function sampleIndexFor(template: { industryTag?: string }): number {
  const slug = template.industryTag === undefined ? undefined : INDUSTRY_PRODUCTS[template.industryTag];
  return Math.max(
    0,
    SAMPLE_PRODUCTS.findIndex((product) => product.slug === slug),
  );
}

/** The image name of a product's n-th photo (0 = image_link, then the additional images). */
export function samplePhotoName(index: number, photo: number): string {
  return `sample:${productAt(index).slug}-${photo + 1}.jpg`;
}

/** The image name of a product's brand logo. */
export function sampleLogoName(index: number): string {
  return `sample:${productAt(index).slug}-logo.png`;
}

/** The SVG of one product photo: the main colourway, two other colourways and a close-up. */
function photoSvg(product: SampleProduct, photo: number): string {
  const [x, y, side] = photo === 2 ? product.detail : [0, 0, SAMPLE_PHOTO_SIZE];
  const colours = product.colourways[photo === 3 ? 2 : photo === 1 ? 1 : 0];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SAMPLE_PHOTO_SIZE}" height="${SAMPLE_PHOTO_SIZE}" ` +
    `viewBox="${x} ${y} ${side} ${side}">${product.draw(colours)}</svg>`
  );
}

/** The SVG of one product photo, for looking at the artwork. */
export function samplePhotoSvg(index: number, photo: number): string {
  return photoSvg(productAt(index), photo);
}

async function rasteriseLogo(product: SampleProduct): Promise<Buffer> {
  // Drawn by the renderer itself so the wordmark uses the catalogue's fonts, not the machine's.
  const template =
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160" viewBox="0 0 480 160">` +
    `${product.logo.svg}</svg>`;
  const result = await render({ template }, { background: 'transparent' });
  return result.bytes;
}

/**
 * Every sample image, by the name the sample requests use: four JPEG photos per product (as a catalogue
 * would serve them) and one transparent PNG logo per brand.
 */
export async function sampleProductImages(): Promise<Map<string, Buffer>> {
  const entries = await Promise.all(
    SAMPLE_PRODUCTS.flatMap((product, index) => [
      ...Array.from({ length: SAMPLE_PHOTOS_PER_PRODUCT }, async (_, photo) => {
        const bytes = await sharp(Buffer.from(photoSvg(product, photo)))
          .jpeg({ quality: 90 })
          .toBuffer();
        return [samplePhotoName(index, photo), bytes] as const;
      }),
      rasteriseLogo(product).then((bytes) => [sampleLogoName(index), bytes] as const),
    ]),
  );
  return new Map(entries);
}

/** Options of sampleMetadata. */
export interface SampleMetadataOptions {
  /** Default true. Off sale, is_sale is 'False' and the item has no sale_price, as in a catalogue. */
  onSale?: boolean;
}

/**
 * Catalogue metadata of the index-th sample product (index modulo SAMPLE_PRODUCT_COUNT): brand, title,
 * description, product_type, price, sale_price, currency, is_sale, rating_value and the stock flags.
 */
export function sampleMetadata(index: number, options: SampleMetadataOptions = {}): Record<string, string> {
  const { sale_price: salePrice, ...rest } = productAt(index).metadata;
  const onSale = options.onSale ?? true;
  return {
    ...rest,
    ...(onSale && salePrice !== undefined ? { sale_price: salePrice } : {}),
    currency: 'EUR',
    is_sale: onSale ? 'True' : 'False',
  };
}

/**
 * The longest values a catalogue item realistically has, for checking that every text stays in its
 * box: a 100-character title, a long brand, four-digit prices and savings and a deep product type.
 */
export const LONG_CATALOGUE_VALUES: Readonly<Record<string, string>> = {
  brand: 'Northpeak Mountain Equipment Co.',
  title:
    "Men's Ultralight Waterproof Trail Running Shoe with Recycled Mesh Upper and Vibram Megagrip Outsole",
  product_type: 'Sporting Goods > Outdoor Recreation > Camping & Hiking > Hiking Backpacks',
  price: '2499.00',
  sale_price: '1249.00',
  rating_value: '5',
};

/** Options of sampleRenderRequest. */
export interface SampleRequestOptions extends SampleMetadataOptions {
  /** Metadata values that replace the sample's (long titles, other prices...). */
  metadata?: Readonly<Record<string, string>>;
}

/**
 * A render request (spec section 3) for a template with the index-th sample product: its four photos as
 * inputs (slot i takes photo i), its brand colour, its metadata and its brand's logo as the `main` logo.
 */
export function sampleRenderRequest(
  template: string,
  index: number,
  options: SampleRequestOptions = {},
): {
  template: string;
  inputs: { input: string; color: string }[];
  metadata: Record<string, string>;
  additionalFiles: { logos: { key: string; input: string }[] };
} {
  const product = productAt(index);
  const metadata: Record<string, string> = { ...sampleMetadata(index, options), ...options.metadata };
  // An item that is not on sale has no sale price, whatever the overrides say.
  if (options.onSale === false) delete metadata.sale_price;
  return {
    template,
    inputs: Array.from({ length: SAMPLE_PHOTOS_PER_PRODUCT }, (_, photo) => ({
      input: samplePhotoName(index, photo),
      color: product.brandColor,
    })),
    metadata,
    additionalFiles: { logos: [{ key: 'main', input: sampleLogoName(index) }] },
  };
}

/** render()'s image loader for the sample images; an unknown name fails as a missing file would. */
export function sampleImageLoader(images: ReadonlyMap<string, Buffer>): ImageLoader {
  return async (source) => {
    const bytes = images.get(source);
    if (!bytes) throw new Error(`Image ${source} could not be loaded: there is no sample image of that name`);
    const { width, height, format } = await sharp(bytes).metadata();
    return { bytes, width, height, format };
  };
}
