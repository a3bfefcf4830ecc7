/**
 * What the rules look at: an imported item. Prices in cents. `availability`/`condition` are null when the
 * feed did not give them (the importer then assumes 'in stock'/'new', which a network would not).
 */
export interface DiagnosableItem {
  id: string;
  title: string;
  description: string;
  link: string;
  imageLink: string;
  availability: string | null;
  condition: string | null;
  priceAmount: number | null;
  salePriceAmount: number | null;
  currency: string | null;
  brand: string;
  gtin: string;
  mpn: string;
  googleProductCategory: string;
}
