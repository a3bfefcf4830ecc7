/**
 * The column headers of Meta Ads Manager's "Export table data", in English, French and Spanish, for each
 * field the importer reads: one table, so that a header Meta renames is one line to add. Headers are
 * compared by {@link headerKey} (case, accents, spaces and a trailing currency such as "(USD)" ignored).
 * The first English name of a field is the one messages use.
 */

/** The fields an Ads Manager export is read into. */
export const EXPORT_FIELDS = [
  'reportingStarts',
  'reportingEnds',
  'day',
  'accountName',
  'accountId',
  'currency',
  'campaignName',
  'campaignId',
  'adSetName',
  'adSetId',
  'adName',
  'adId',
  'spend',
  'impressions',
  'reach',
  'clicks',
  'linkClicks',
  'purchases',
  'purchaseValue',
  'addToCart',
  'video3sPlays',
  'thruplays',
  'attributionSetting',
  'age',
  'gender',
  'country',
  'platform',
  'placement',
  'device',
  'productId',
  'imageUrl',
  'videoUrl',
] as const;
export type ExportField = (typeof EXPORT_FIELDS)[number];

export const LANGUAGES = ['en', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

type Names = Readonly<Record<Language, readonly string[]>>;

/** Each field's headers per language; the first English one names the field in messages. */
export const HEADER_ALIASES: Readonly<Record<ExportField, Names>> = {
  reportingStarts: {
    en: ['Reporting starts'],
    fr: ['Début des rapports', 'Début du rapport'],
    es: ['Inicio del informe'],
  },
  reportingEnds: {
    en: ['Reporting ends'],
    fr: ['Fin des rapports', 'Fin du rapport'],
    es: ['Fin del informe'],
  },
  day: { en: ['Day', 'Date'], fr: ['Jour', 'Date'], es: ['Día', 'Fecha'] },
  accountName: { en: ['Account name'], fr: ['Nom du compte'], es: ['Nombre de la cuenta'] },
  accountId: {
    en: ['Account ID'],
    fr: ['Identifiant du compte', 'ID du compte'],
    es: ['Identificador de la cuenta', 'ID de la cuenta'],
  },
  currency: { en: ['Currency'], fr: ['Devise'], es: ['Divisa', 'Moneda'] },
  campaignName: {
    en: ['Campaign name'],
    fr: ['Nom de la campagne'],
    es: ['Nombre de la campaña'],
  },
  campaignId: {
    en: ['Campaign ID'],
    fr: ['Identifiant de la campagne', 'ID de la campagne'],
    es: ['Identificador de la campaña', 'ID de la campaña'],
  },
  adSetName: {
    en: ['Ad set name'],
    fr: ["Nom de l'ensemble de publicités"],
    es: ['Nombre del conjunto de anuncios'],
  },
  adSetId: {
    en: ['Ad set ID'],
    fr: ["Identifiant de l'ensemble de publicités", "ID de l'ensemble de publicités"],
    es: ['Identificador del conjunto de anuncios', 'ID del conjunto de anuncios'],
  },
  adName: { en: ['Ad name'], fr: ['Nom de la publicité'], es: ['Nombre del anuncio'] },
  adId: {
    en: ['Ad ID'],
    fr: ['Identifiant de la publicité', 'ID de la publicité'],
    es: ['Identificador del anuncio', 'ID del anuncio'],
  },
  spend: { en: ['Amount spent'], fr: ['Montant dépensé'], es: ['Importe gastado'] },
  impressions: { en: ['Impressions'], fr: ['Impressions'], es: ['Impresiones'] },
  reach: { en: ['Reach'], fr: ['Couverture', 'Portée'], es: ['Alcance'] },
  clicks: { en: ['Clicks (all)'], fr: ['Clics (tous)'], es: ['Clics (todos)'] },
  linkClicks: {
    en: ['Link clicks'],
    fr: ['Clics sur un lien', 'Clics sur le lien'],
    es: ['Clics en el enlace'],
  },
  purchases: {
    en: ['Purchases', 'Website purchases'],
    fr: ['Achats', 'Achats sur le site web'],
    es: ['Compras', 'Compras en el sitio web'],
  },
  purchaseValue: {
    en: ['Purchases conversion value', 'Purchase conversion value', 'Website purchases conversion value'],
    fr: ['Valeur de conversion des achats', 'Valeur de conversion des achats sur le site web'],
    es: ['Valor de conversión de compras', 'Valor de conversión de compras en el sitio web'],
  },
  addToCart: {
    en: ['Adds to cart', 'Website adds to cart'],
    fr: ['Ajouts au panier', 'Ajouts au panier sur le site web'],
    es: ['Artículos agregados al carrito', 'Artículos agregados al carrito en el sitio web'],
  },
  video3sPlays: {
    en: ['3-second video plays'],
    fr: ['Lectures de vidéo de 3 secondes'],
    es: ['Reproducciones de video de 3 segundos'],
  },
  thruplays: { en: ['ThruPlays'], fr: ['ThruPlays'], es: ['ThruPlays'] },
  attributionSetting: {
    en: ['Attribution setting'],
    fr: ["Paramètre d'attribution"],
    es: ['Configuración de atribución'],
  },
  age: { en: ['Age'], fr: ['Âge'], es: ['Edad'] },
  gender: { en: ['Gender'], fr: ['Sexe', 'Genre'], es: ['Sexo'] },
  country: { en: ['Country'], fr: ['Pays'], es: ['País'] },
  platform: { en: ['Platform'], fr: ['Plateforme'], es: ['Plataforma'] },
  placement: { en: ['Placement'], fr: ['Placement', 'Emplacement'], es: ['Ubicación'] },
  device: {
    en: ['Impression device', 'Device'],
    fr: ["Appareil d'impression", 'Appareil'],
    es: ['Dispositivo de impresión', 'Dispositivo'],
  },
  productId: {
    en: ['Product ID'],
    fr: ['ID du produit', 'Identifiant du produit'],
    es: ['ID del producto', 'Identificador del producto'],
  },
  imageUrl: {
    en: ['Image URL', 'Thumbnail URL'],
    fr: ["URL de l'image", 'URL de la miniature'],
    es: ['URL de la imagen', 'URL de la miniatura'],
  },
  videoUrl: { en: ['Video URL'], fr: ['URL de la vidéo'], es: ['URL del video', 'URL del vídeo'] },
};

/**
 * Columns Ads Manager exports that Adloom does not store because it computes them from the sums (ratios,
 * costs) or they describe settings, not delivery: known, so not listed as unknown in the report.
 */
export const DERIVED_OR_SETTING_HEADERS: Readonly<Record<Language, readonly string[]>> = {
  en: [
    'Frequency',
    'CTR (link click-through rate)',
    'CTR (all)',
    'CPC (cost per link click)',
    'CPC (all)',
    'CPM (cost per 1,000 impressions)',
    'Cost per result',
    'Cost per purchase',
    'Cost per add to cart',
    'Purchase ROAS (return on ad spend)',
    'Results',
    'Result indicator',
    'Result type',
    'Campaign delivery',
    'Ad set delivery',
    'Ad delivery',
    'Delivery status',
    'Delivery level',
    'Ends',
    'Starts',
  ],
  fr: [
    'Répétition',
    'Fréquence',
    'CTR (taux de clics sur le lien)',
    'CTR (tous)',
    'CPC (coût par clic sur un lien)',
    'CPC (tous)',
    'CPM (coût pour 1 000 impressions)',
    'Coût par résultat',
    'Coût par achat',
    'ROAS des achats (retour sur les dépenses publicitaires)',
    'Résultats',
    'Indicateur de résultats',
    'Type de résultat',
    'Diffusion de la campagne',
    "Diffusion de l'ensemble de publicités",
    'Diffusion de la publicité',
    'Fin',
    'Début',
  ],
  es: [
    'Frecuencia',
    'CTR (porcentaje de clics en el enlace)',
    'CTR (todos)',
    'CPC (costo por clic en el enlace)',
    'CPC (todos)',
    'CPM (costo por mil impresiones)',
    'Costo por resultado',
    'Coste por resultado',
    'Costo por compra',
    'ROAS (retorno de la inversión en publicidad) de las compras',
    'Resultados',
    'Indicador de resultado',
    'Tipo de resultado',
    'Entrega de la campaña',
    'Entrega del conjunto de anuncios',
    'Entrega del anuncio',
    'Finalización',
    'Inicio',
  ],
};

/**
 * A header as compared: a trailing currency code in parentheses removed ("Amount spent (USD)"; upper case, so "Clicks (all)" keeps its "(all)"), lower case,
 * accents removed, every kind of apostrophe one, spaces and non-breaking spaces removed.
 */
export function headerKey(header: string): string {
  return header
    .replace(/^\ufeff/, '')
    .replace(/\s*\([A-Z]{3}\)\s*$/, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\u2019\u2018`´]/g, "'")
    .replace(/[\s\u00a0\u202f]+/g, '');
}

/** The currency a header ends with, "(USD)" → "USD"; null for none. */
export function headerCurrency(header: string): string | null {
  const match = /\(([A-Z]{3})\)\s*$/.exec(header.trim());
  return match ? match[1]! : null;
}
