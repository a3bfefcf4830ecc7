import type { Metadata } from '@adloom/template';
import { describe, expect, it } from 'vitest';
import { goldenCases, goldenFontSource, readGoldenCase } from '../server/test/golden.js';
import { describeError } from './errors.js';
import { layerPresence, planLayerPresence, vanishLabel, vanishSentence } from './presence.js';
import { resolveTemplate } from './resolve.js';
import { svgTemplate } from './test/helpers.js';
import { FontCache } from './text/font-loader.js';
import { attr, walk, type XmlElement } from './xml.js';

const names = {
  version: 1,
  layers: [
    { id: 'RATING', name: 'Stars' },
    { id: 'SALE', name: 'Sale badge' },
    { id: 'headline', name: 'Headline' },
  ],
};

const template = svgTemplate(
  `<metadata>${JSON.stringify(names)}</metadata>` +
    '<rect id="MAIN_BLUR" width="1080" height="1080"/>' +
    '<g id="SALE"><rect width="10" height="10"/><text id="sale_text" title="-{discount}%">x</text></g>' +
    '<rect id="STOCK_LEVEL_LESS_THAN_10" width="10" height="10"/>' +
    '<image id="LOGO_MAIN" x="20" y="20" width="100" height="50" href="https://cdn.test/p.png"/>' +
    '<rect id="MAIN_001" x="100" y="100" width="400" height="400"/>' +
    '<rect id="MAIN_002" x="600" y="100" width="400" height="400"/>' +
    '<rect id="RATING" x="100" y="800" width="223" height="40"/>' +
    '<text id="headline" title="{title|uppercase} for {price_super}">x</text>' +
    '<text id="plain">Plain words</text>',
);

const full: Metadata = {
  title: 'Boots',
  price: '10.00',
  is_sale: 'True',
  discount: '20',
  stock_level_less_than_10: 'True',
  rating_value: '4',
};

const reasons = (metadata: Metadata, options = {}) =>
  layerPresence(template, metadata, options).map((layer) => [layer.layerId, layer.reason, layer.detail]);

describe('layerPresence', () => {
  it('reports nothing for an item that fills every layer', () => {
    expect(reasons(full, { imageCount: 2, logoKeys: ['main'] })).toEqual([]);
  });

  it('reports a conditional layer whose flag is off, not what it holds', () => {
    expect(reasons({ ...full, is_sale: 'False', discount: '' })).toEqual([
      ['SALE', 'conditional-hidden', 'not on sale'],
    ]);
    expect(reasons({ ...full, stock_level_less_than_10: 'False' })).toEqual([
      ['STOCK_LEVEL_LESS_THAN_10', 'conditional-hidden', 'stock is not below 10'],
    ]);
  });

  it('reports a rating without a value, and one outside its scale', () => {
    expect(reasons({ ...full, rating_value: '' })).toEqual([['RATING', 'no-rating', 'no rating']]);
    expect(reasons({ ...full, rating_value: '9' })).toEqual([
      ['RATING', 'bad-rating', 'Rating must be between 1 and 5 (rating_value is 9)'],
    ]);
  });

  it('reports a text whose placeholders have no value, naming the keys (derived keys too)', () => {
    const [headline] = layerPresence(template, { ...full, title: ' ', price: '' });
    expect(headline).toMatchObject({
      layerId: 'headline',
      name: 'Headline',
      reason: 'missing-key',
      detail: 'no values for {title}, {price_super}',
      missingKeys: ['title', 'price_super'],
    });
  });

  it('reports slots, blur and copy without an image, when the image count is known', () => {
    expect(reasons(full, { imageCount: 1 })).toEqual([
      ['MAIN_002', 'no-image', 'no image 2 (the item has 1)'],
    ]);
    expect(reasons(full, { imageCount: 0 })).toEqual([
      ['MAIN_BLUR', 'no-image', 'the item has no image'],
      ['MAIN_001', 'no-image', 'the item has no image'],
      ['MAIN_002', 'no-image', 'the item has no image'],
    ]);
  });

  it('counts slots as the renderer does: a hidden slot gives its input to the next', () => {
    const hiddenFirst = svgTemplate(
      '<g id="SALE"><rect id="MAIN_001" width="9" height="9"/></g><rect id="MAIN_002" width="9" height="9"/>',
    );
    expect(layerPresence(hiddenFirst, {}, { imageCount: 1 }).map((layer) => layer.layerId)).toEqual(['SALE']);
  });

  it('reports logo layers when the request has no matching logo', () => {
    expect(reasons(full, { logoKeys: [] })).toEqual([['LOGO_MAIN', 'no-logo', 'the brand kit has no logo']]);
    expect(reasons(full, { logoKeys: ['main'] })).toEqual([]);
  });

  it('names layers from the builder document, else from their role', () => {
    const plan = planLayerPresence(svgTemplate('<rect id="RATING_2" width="9" height="9"/>'));
    expect(plan.layers).toEqual([{ layerId: 'RATING_2', name: 'Star Rating', parentId: null }]);
    expect(planLayerPresence(template).layers.find((l) => l.layerId === 'RATING')?.name).toBe('Stars');
  });

  it('words the tooltip and the feed line', () => {
    const [sale] = layerPresence(template, { ...full, is_sale: 'False' });
    expect(vanishLabel(sale!)).toBe('Hidden for this item: not on sale');
    expect(vanishLabel({ reason: 'no-rating', detail: 'no rating' })).toBe('Empty for this item: no rating');
    expect(vanishSentence({ name: 'rating', reason: 'no-rating' }, 20, 20)).toBe(
      'the rating layer will be empty for 20 of 20 items',
    );
    expect(vanishSentence(sale!, 1, 1)).toBe('the Sale badge layer will be hidden for 1 of 1 item');
  });

  it('refuses a template that is not SVG, as resolve does', () => {
    expect(() => planLayerPresence('<html/>')).toThrow('could not parse the template!');
  });

  it('is cheap: 5,000 items of a 40-layer template well within a second', () => {
    const body = Array.from(
      { length: 10 },
      (_, i) =>
        `<g id="SALE_${i}"><rect width="9" height="9"/></g><rect id="RATING_${i}" width="223" height="40"/>` +
        `<text id="t${i}" title="{title} {price_dot}">x</text><rect id="MAIN_00${i}" width="9" height="9"/>`,
    ).join('');
    const plan = planLayerPresence(svgTemplate(body));
    const started = performance.now();
    let vanished = 0;
    for (let item = 0; item < 5000; item += 1) {
      const metadata = item % 2 ? full : { title: `Item ${item}` };
      vanished += plan.check(metadata, { imageCount: item % 11, logoKeys: [] }).length;
    }
    expect(vanished).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

/** The ids of a tree, as a set. */
function ids(root: XmlElement): Set<string> {
  const found = new Set<string>();
  walk(root, (node) => {
    const id = attr(node, 'id');
    if (id !== undefined) found.add(id);
  });
  return found;
}

describe('layerPresence agrees with resolveTemplate over the golden templates', () => {
  const fonts = goldenFontSource();
  const fontCache = new FontCache();
  const variants: Record<string, (own: Metadata) => Metadata> = {
    own: (own) => own,
    empty: () => ({}),
    'all flags on': (own) => ({
      ...own,
      is_sale: 'True',
      stock_level_less_than_10: 'True',
      stock_level_less_than_50: 'True',
      rating_value: '4',
    }),
  };
  const cases = goldenCases().flatMap((name) => Object.keys(variants).map((variant) => [name, variant]));

  it.concurrent.each(cases)('%s, %s metadata', async (name, variant) => {
    const request = readGoldenCase(name) as {
      template: string;
      metadata?: Metadata;
      inputs?: { input?: string }[];
      additionalFiles?: { logos?: { key: string }[] };
    };
    const metadata = variants[variant]!(request.metadata ?? {});
    const inputs = request.inputs ?? [];
    const logoKeys = (request.additionalFiles?.logos ?? []).map((logo) => logo.key);
    const vanishing = layerPresence(request.template, metadata, { imageCount: inputs.length, logoKeys });
    let resolved;
    try {
      // On screen, as the builder draws: a slot without an image keeps its picture instead of failing.
      resolved = await resolveTemplate({ ...request, metadata, addToDOM: true }, { fonts, fontCache });
    } catch (error) {
      // The renderer refuses the whole ad: the rule that refuses says so for its layer.
      const message = describeError(error);
      const refusing = vanishing.filter((layer) => ['bad-rating', 'no-logo'].includes(layer.reason));
      expect(refusing.length, message).toBeGreaterThan(0);
      return;
    }
    const kept = ids(resolved.root);
    const filledSlots = new Set(
      resolved.images.filter((image) => image.kind === 'slot').map((image) => image.layerId),
    );
    for (const layer of vanishing) {
      if (layer.reason === 'no-image') expect(filledSlots.has(layer.layerId), layer.layerId).toBe(false);
      else expect(kept.has(layer.layerId), `${layer.layerId} (${layer.reason})`).toBe(false);
    }
    // And the other way: every layer the resolved tree lost is reported, or sits in one that is.
    const plan = planLayerPresence(request.template);
    const reported = new Set(vanishing.map((layer) => layer.layerId));
    const lost = plan.layers.filter((layer) => !kept.has(layer.layerId) && !reported.has(layer.layerId));
    const parents = new Map(plan.layers.map((layer) => [layer.layerId, layer.parentId]));
    const replaced = new Set(resolved.images.map((image) => image.layerId));
    for (const layer of lost) {
      let holder = parents.get(layer.layerId) ?? null;
      while (holder !== null && !reported.has(holder) && !replaced.has(holder))
        holder = parents.get(holder) ?? null;
      expect(holder, `${layer.layerId} vanished unreported`).not.toBeNull();
    }
  });
});
