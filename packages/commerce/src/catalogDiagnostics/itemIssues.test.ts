import { describe, expect, it } from 'vitest';
import {
  AD_NETWORKS,
  ITEM_ISSUES,
  imageSizeIssues,
  isReadyFor,
  itemIssues,
  type AdNetwork,
  type DiagnosableItem,
  type ItemIssueCode,
} from '../index.js';

const readyItem: DiagnosableItem = {
  id: 'FB_product_1234',
  title: 'Facebook T-Shirt (Unisex)',
  description: 'A vibrant crewneck for all shapes and sizes. Made from 100% cotton.',
  link: 'https://www.example.com/facebook_t_shirt',
  imageLink: 'https://www.example.com/t_shirt_image_001.jpg',
  availability: 'in stock',
  condition: 'new',
  priceAmount: 999,
  salePriceAmount: null,
  currency: 'USD',
  brand: 'Facebook',
  gtin: '4006381333931',
  mpn: '',
  googleProductCategory: 'Apparel & Accessories > Clothing > Shirts & Tops',
};

/** The codes that concern the network, as a per-network count would filter them. */
const forNetwork = (network: AdNetwork, codes: readonly ItemIssueCode[]) =>
  codes.filter((code) => ITEM_ISSUES[code].networks.includes(network));

describe('itemIssues', () => {
  it('finds nothing wrong with a complete item, ready for both networks', () => {
    expect(itemIssues(readyItem)).toEqual([]);
    for (const network of AD_NETWORKS) expect(isReadyFor(network, itemIssues(readyItem))).toBe(true);
  });

  it('holds the importer’s assumptions against the item: no availability, no condition', () => {
    const issues = itemIssues({ ...readyItem, availability: null, condition: null });
    expect(issues).toEqual(['missing_availability', 'missing_condition']);
    expect(isReadyFor('meta', issues)).toBe(false);
    expect(isReadyFor('google', issues)).toBe(false);
    expect(isReadyFor('google', itemIssues({ ...readyItem, condition: null }))).toBe(true);
  });

  it('judges each network by its own limits', () => {
    const issues = itemIssues({ ...readyItem, title: 'T'.repeat(180), gtin: '' });
    expect(issues).toEqual(['title_too_long_google', 'missing_identifier_google']);
    expect(forNetwork('google', issues)).toEqual(issues);
    expect(forNetwork('meta', issues)).toEqual([]);
    expect(isReadyFor('meta', issues)).toBe(true);
    expect(isReadyFor('google', issues)).toBe(false);
  });

  it('lists every family’s issues in ITEM_ISSUES order', () => {
    const issues = itemIssues({
      id: 'x',
      title: '',
      description: '',
      link: '',
      imageLink: 'image.jpg',
      availability: 'pending',
      condition: 'used_good',
      priceAmount: 0,
      salePriceAmount: null,
      currency: null,
      brand: '',
      gtin: '123',
      mpn: '',
      googleProductCategory: '',
    });
    expect(issues).toEqual([
      'missing_title',
      'missing_description',
      'missing_link',
      'invalid_image_link',
      'missing_price',
      'invalid_availability_google',
      'invalid_condition_google',
      'missing_brand',
      'missing_brand_google',
      'invalid_gtin',
    ]);
    const order = Object.keys(ITEM_ISSUES);
    expect([...issues].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(issues);
  });

  it('leaves the image size to imageSizeIssues, which reads the item’s category', () => {
    expect(imageSizeIssues({ width: 400, height: 400 }, readyItem.googleProductCategory)).toEqual([
      'image_too_small_meta',
    ]);
    expect(imageSizeIssues({ width: 240, height: 240 }, readyItem.googleProductCategory)).toEqual([
      'image_too_small_meta',
      'image_too_small_google',
    ]);
  });
});
