import type { PreviewItem } from './previewItem';

/** A preview item for tests: catalogue 'cat-1', the given item id, blank fields elsewhere. */
export function testItem(id: string, fields: Partial<PreviewItem> = {}): PreviewItem {
  return {
    id,
    productCatalogItemId: `cat-1:${id}`,
    title: `Item ${id}`,
    description: '',
    brand: '',
    availability: 'in stock',
    condition: 'new',
    link: '',
    imageLink: `https://img.test/${id}.jpg`,
    additionalImageLinks: [],
    itemGroupId: '',
    productType: '',
    googleProductCategory: '',
    customLabels: [],
    price: '10.00',
    salePrice: null,
    salePriceStart: null,
    salePriceEnd: null,
    currency: 'USD',
    rating: null,
    reviewCount: null,
    inventory: null,
    extraJson: '{}',
    ...fields,
  };
}
