import { findFontFamily, parseXml, readTemplate, type XmlElement } from '@adloom/renderer';
import { render, renderSvg } from '@adloom/renderer/server';
import {
  autoTags,
  formatLayerId,
  idToLayerData,
  isLayerShown,
  parseLayerId,
  parseTemplateString,
  readBuilderDocument,
  readBuilderMetadata,
  sortMainSlotIds,
  validateTemplateForSave,
  type BuilderDocument,
} from '@adloom/template';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LONG_CATALOGUE_VALUES,
  SAMPLE_PHOTO_SIZE,
  SAMPLE_PRODUCT_COUNT,
  sampleImageLoader,
  sampleIndexFor,
  sampleMetadata,
  sampleProductImages,
  sampleRenderRequest,
} from './sample-products.js';
import {
  STARTER_DESIGNS,
  STARTER_TEMPLATES,
  STORY_SAFE_BOTTOM,
  STORY_SAFE_TOP,
} from './starter-templates.js';

const SIZES = { square: '1080x1080', portrait: '1000x1500', story: '1080x1920' } as const;

function elements(node: XmlElement): XmlElement[] {
  return node.children.filter((child): child is XmlElement => child.type === 'element');
}

function allElements(node: XmlElement): XmlElement[] {
  return [node, ...elements(node).flatMap(allElements)];
}

/** The top-level drawable elements of a template: its layers, in order. */
function layerElements(svg: string): XmlElement[] {
  return elements(parseXml(svg)).filter((node) => node.name !== 'metadata' && node.name !== 'defs');
}

function slotIds(svg: string): string[] {
  return sortMainSlotIds(layerElements(svg).map((node) => node.attributes.id ?? ''));
}

const documents = new Map<string, BuilderDocument>(
  STARTER_TEMPLATES.map((template) => [template.key, readBuilderDocument(template.templateString)]),
);

function documentOf(key: string): BuilderDocument {
  return documents.get(key)!;
}

describe('the starter library', () => {
  it('has at least 12 templates with unique keys and names', () => {
    expect(STARTER_TEMPLATES.length).toBeGreaterThanOrEqual(12);
    expect(new Set(STARTER_TEMPLATES.map((template) => template.key)).size).toBe(STARTER_TEMPLATES.length);
    expect(new Set(STARTER_TEMPLATES.map((template) => template.name)).size).toBe(STARTER_TEMPLATES.length);
    for (const template of STARTER_TEMPLATES) expect(template.key).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('covers the three sizes at least three times each and one to four slots', () => {
    const sizes = STARTER_TEMPLATES.map((template) => `${template.width}x${template.height}`);
    for (const size of Object.values(SIZES)) {
      expect(sizes.filter((each) => each === size).length).toBeGreaterThanOrEqual(3);
    }
    expect(sizes.every((size) => (Object.values(SIZES) as string[]).includes(size))).toBe(true);
    const slotCounts = new Set(STARTER_TEMPLATES.map((template) => slotIds(template.templateString).length));
    for (const count of [1, 2, 3, 4]) expect(slotCounts).toContain(count);
  });

  it('uses every feature somewhere: blur, logo, sale, rating, colour, stock, contain, alignment, rounding', () => {
    const ids = STARTER_TEMPLATES.flatMap((template) => layerElements(template.templateString));
    const has = (predicate: (node: XmlElement, id: string) => boolean) =>
      ids.some((node) => predicate(node, node.attributes.id ?? ''));
    expect(has((_, id) => id === 'MAIN_BLUR')).toBe(true);
    expect(has((_, id) => id === 'LOGO_MAIN')).toBe(true);
    expect(has((_, id) => id.startsWith('SALE'))).toBe(true);
    expect(has((_, id) => id === 'RATING')).toBe(true);
    expect(has((_, id) => id.startsWith('COLOR_PRIMARY'))).toBe(true);
    expect(has((_, id) => id.startsWith('STOCK_LEVEL_LESS_THAN_10'))).toBe(true);
    expect(has((_, id) => /^MAIN_\d{3}_CONTAIN/.test(id))).toBe(true);
    expect(has((_, id) => /^MAIN_\d{3}(?:_CONTAIN)?_(?:TOP|BOTTOM|LEFT|RIGHT)/.test(id))).toBe(true);
    expect(has((node, id) => /^MAIN_\d{3}/.test(id) && node.attributes.rx !== undefined)).toBe(true);
    const texts = STARTER_TEMPLATES.flatMap((template) =>
      documentOf(template.key).layers.flatMap((layer) => (layer.text === null ? [] : [layer.text])),
    ).join(' ');
    for (const variant of [
      '{price}',
      '{sale_price_super}',
      '{price_delta}',
      '{price|format:',
      'Save {price_delta}',
    ]) {
      expect(texts).toContain(variant);
    }
  });

  it('tags every template with style tags of the playbook and a known industry', () => {
    const styles = new Set(['Minimal', 'Bold', 'Editorial', 'Playful', 'Luxury', 'Seasonal']);
    const industries = new Set(['Fashion', 'Home', 'Beauty', 'Electronics', 'Outdoor', 'Food']);
    for (const template of STARTER_TEMPLATES) {
      expect(template.styleTags.length).toBeGreaterThan(0);
      for (const tag of template.styleTags) expect(styles).toContain(tag);
      if (template.industryTag !== undefined) expect(industries).toContain(template.industryTag);
    }
  });
});

describe.each(STARTER_TEMPLATES.map((template) => [template.key, template] as const))(
  '%s',
  (key, template) => {
    const svg = template.templateString;
    const document = documentOf(key);

    it('is a builder template of its size that may be saved', () => {
      expect(readBuilderMetadata(svg)).not.toBeNull();
      const root = parseXml(svg);
      expect(root.attributes).toMatchObject({
        width: String(template.width),
        height: String(template.height),
        viewBox: `0 0 ${template.width} ${template.height}`,
      });
      expect(document).toMatchObject({ name: template.name, width: template.width, height: template.height });
      expect(validateTemplateForSave(document)).toEqual({ ok: true });
    });

    it('claims what the auto-tags compute: its size and its number of image slots', () => {
      const tags = autoTags(document).map((tag) => tag.key);
      const size = `${template.width}x${template.height}`;
      expect(tags).toContain(size === SIZES.story ? 'size_other' : `size_${size}`);
      expect(tags).toContain(`dynamic_images_${slotIds(svg).length}`);
    });

    it('has one document layer per SVG layer, in order, with the data its id carries', () => {
      const nodes = layerElements(svg);
      expect(document.layers.map((layer) => layer.id)).toEqual(nodes.map((node) => node.attributes.id));
      document.layers.forEach((layer, index) => {
        const { name: _name, thumbnail: _thumbnail, id: _id, text, ...data } = layer;
        expect(data).toEqual(idToLayerData(layer.id));
        expect(text).toBe(nodes[index]!.name === 'text' ? nodes[index]!.attributes.title : null);
        expect(layer.name).not.toBe('');
      });
    });

    it('has unique ids that parse, canonical and with no loose legacy meaning', () => {
      const ids = allElements(parseXml(svg)).flatMap((node) =>
        node.attributes.id === undefined ? [] : [node.attributes.id],
      );
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) {
        const info = parseLayerId(id);
        expect(info.kind, id).not.toBe('legacy');
        expect(formatLayerId(info)).toBe(id);
      }
    });

    it('loses nothing to the sanitiser', () => {
      expect(readTemplate(svg).removed).toEqual([]);
    });

    it('sets its texts in catalogue fonts and weights they have', () => {
      for (const node of layerElements(svg).filter((each) => each.name === 'text')) {
        const family = findFontFamily(node.attributes['font-family'] ?? '');
        expect(family, node.attributes['font-family']).toBeDefined();
        const italic = node.attributes['font-style'] === 'italic';
        expect(italic ? family!.italicWeights : family!.weights).toContain(
          Number(node.attributes['font-weight']),
        );
      }
    });

    it('shows sale prices only on sale layers', () => {
      for (const layer of document.layers) {
        const keys = parseTemplateString(layer.text ?? '').flatMap((segment) =>
          segment.kind === 'placeholder' ? [segment.key] : [],
        );
        if (keys.some((each) => each.startsWith('sale_price') || each.startsWith('price_delta'))) {
          expect(layer.isSale, layer.id).toBe(true);
        }
      }
    });

    // Only story templates have safe zones; the others get no such test rather than a skipped one.
    if (`${template.width}x${template.height}` === SIZES.story)
      it('keeps texts, logo, rating and badges inside the story safe zone', () => {
        const limits = new Map(
          STARTER_DESIGNS.find((design) => design.template.key === key)!.textLimits.map((limit) => [
            limit.id,
            limit.maxLines,
          ]),
        );
        for (const node of layerElements(svg)) {
          const id = node.attributes.id ?? '';
          const info = parseLayerId(id);
          // Conditional badges are content; a recoloured shape alone is decoration, as are slots and the blur.
          const isContent =
            info.kind === 'logo' ||
            info.kind === 'rating' ||
            (info.kind === 'flags' &&
              (info.sale || info.stockLevelLessThan10 || info.stockLevelLessThan50)) ||
            node.name === 'text';
          if (!isContent) continue;
          const number = (name: string) => Number(node.attributes[name] ?? 0);
          let [top, bottom] = [number('y'), number('y') + number('height')];
          if (node.name === 'circle')
            [top, bottom] = [number('cy') - number('r'), number('cy') + number('r')];
          if (node.name === 'text') {
            const line = number('font-size') * (Number(node.attributes['data-line-height'] ?? 1.16) * 1.13);
            [top, bottom] = [number('data-y'), number('data-y') + line * limits.get(id)!];
          }
          if (node.name === 'path') continue;
          expect(top, id).toBeGreaterThanOrEqual(STORY_SAFE_TOP);
          expect(bottom, id).toBeLessThanOrEqual(STORY_SAFE_BOTTOM);
        }
      });
  },
);

describe('rendering the starter templates', () => {
  let images: Map<string, Buffer>;
  beforeAll(async () => {
    images = await sampleProductImages();
  });

  it('draws the sample photos at 1200 x 1200 and a logo per brand', async () => {
    expect(images.size).toBe(SAMPLE_PRODUCT_COUNT * 5);
    for (const [name, bytes] of images) {
      const { width, height } = await sharp(bytes).metadata();
      if (name.endsWith('-logo.png')) expect([width, height]).toEqual([480, 160]);
      else expect([width, height]).toEqual([SAMPLE_PHOTO_SIZE, SAMPLE_PHOTO_SIZE]);
    }
  });

  it('gives realistic catalogue metadata, with no sale price off sale', () => {
    expect(sampleMetadata(0)).toMatchObject({
      price: '129.00',
      sale_price: '99.00',
      currency: 'EUR',
      is_sale: 'True',
      rating_value: '4.6',
    });
    const offSale = sampleMetadata(0, { onSale: false });
    expect(offSale.is_sale).toBe('False');
    expect(offSale).not.toHaveProperty('sale_price');
  });

  it.each(STARTER_TEMPLATES.map((template) => [template.key, template] as const))(
    '%s renders on and off sale with no warnings',
    async (_key, template) => {
      const loadImage = sampleImageLoader(images);
      for (const onSale of [true, false]) {
        const request = sampleRenderRequest(template.templateString, sampleIndexFor(template), { onSale });
        const result = await render(request, { loadImage });
        expect(result.warnings, `on sale: ${onSale}`).toEqual([]);
        expect(result).toMatchObject({
          width: template.width,
          height: template.height,
          dynamicLayerCount: slotIds(template.templateString).length,
        });
      }
    },
  );

  /** The lines each text takes in a resolved template: one <path> per line in the text's group. */
  function linesById(root: XmlElement): Map<string, number> {
    return new Map(
      allElements(root)
        .filter(
          (node) =>
            node.name === 'g' &&
            node.attributes['aria-label'] !== undefined &&
            node.attributes.id !== undefined,
        )
        .map((node) => [node.attributes.id!, elements(node).filter((child) => child.name === 'path').length]),
    );
  }

  const GERMAN_LONG_VALUES = {
    brand: 'Bergsteigerausrüstungsmanufaktur',
    title: 'Wasserdichter Multifunktionsrucksack Trekkingausrüstung Regenschutzüberzug Hüftgurttaschen',
    product_type: 'Sportartikel > Bergsteigerausrüstung',
  };

  it.each(STARTER_DESIGNS.map((design) => [design.template.key, design] as const))(
    '%s keeps every text within its lines for every sample product and the longest values',
    async (_key, design) => {
      const loadImage = sampleImageLoader(images);
      const variants: Record<string, string>[] = [{}, LONG_CATALOGUE_VALUES, GERMAN_LONG_VALUES];
      for (let index = 0; index < SAMPLE_PRODUCT_COUNT; index += 1) {
        for (const metadata of variants) {
          for (const onSale of [true, false]) {
            const request = sampleRenderRequest(design.template.templateString, index, { onSale, metadata });
            const { resolved } = await renderSvg(request, { loadImage });
            const lines = linesById(resolved.root);
            for (const limit of design.textLimits) {
              const drawn = lines.get(limit.id) ?? 0;
              // Conditional texts whose condition fails are gone; every other text is drawn.
              if (isLayerShown(limit.id, request.metadata)) expect(drawn, limit.id).toBeGreaterThan(0);
              expect(
                drawn,
                `${limit.id} with product ${index}, ${JSON.stringify(metadata)}, on sale ${onSale}`,
              ).toBeLessThanOrEqual(limit.maxLines);
            }
          }
        }
      }
    },
  );
});
