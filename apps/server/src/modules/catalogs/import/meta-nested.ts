/**
 * Meta's nested catalogue fields (its feed reference: "nested or multi-value fields, such as image, can be
 * represented using JSON-encoded values or by a set of flattened plain-text columns labeled using JSON-path
 * syntax"): `image[0].url`, `image[0].tag[0]`, and `additional_variant_attribute` in its flattened, pair
 * and JSON forms. Pure; canonical.ts's row collector is the sink.
 */

/** Where a row's nested values go. */
export interface NestedFields {
  /** Meta's `image` field: its pictures by index (the first is the main image when image_link is absent). */
  readonly images: string[];
  /** Meta's additional_variant_attribute labels and values by index. */
  readonly variantLabels: string[];
  readonly variantValues: string[];
  /** Adds a value to an extra field (a second value makes it a list). */
  addExtra(name: string, value: string): void;
}

/**
 * Meta's flattened nested columns (JSON-path names): `image[0].url`, `image[1].tag[0]`,
 * `additional_variant_attribute[0].label`. Group 1 is the field, 2 the index, 3 the member. An index has at
 * most 3 digits (Meta takes 20 images): a larger one is an ordinary extra column, never a huge array.
 */
const NESTED_COLUMN = /^(image|additional_variant_attribute)\[(\d{1,3})\]\.(\w+)(?:\[\d{1,3}\])?$/i;

/**
 * Meta's nested fields, flattened (`image[0].url`) or JSON-encoded in one cell: images join the item's
 * images, a variant attribute becomes an extra field named by its label. False when `name` is not one.
 */
export function collectNested(row: NestedFields, name: string, value: string): boolean {
  const nested = NESTED_COLUMN.exec(name);
  if (nested) {
    const field = nested[1]!.toLowerCase();
    const index = Number(nested[2]);
    const member = nested[3]!.toLowerCase();
    if (field === 'image' && member === 'url') {
      row.images[index] = value;
      return true;
    }
    if (field === 'image') {
      // An image's tags stay with that image's index: `image[0].tag` → ['front', 'lifestyle'].
      row.addExtra(name.replace(/\[\d+\]$/, ''), value);
      return true;
    }
    if (member === 'label') row.variantLabels[index] = value;
    else if (member === 'value') row.variantValues[index] = value;
    else return false;
    return true;
  }
  if (name.toLowerCase() !== 'additional_variant_attribute') return false;
  // Meta's one-cell forms: `Scent:Fruity,Size:Large`, or JSON ({"Scent": "Fruity"} or [{label, value}]).
  for (const [label, attribute] of variantAttributes(value)) row.addExtra(label, attribute);
  return true;
}

function variantAttributes(value: string): [string, string][] {
  if (value.startsWith('{') || value.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(value);
      const entries = Array.isArray(parsed)
        ? parsed.map((e) => [(e as Record<string, unknown>)?.label, (e as Record<string, unknown>)?.value])
        : Object.entries(parsed as Record<string, unknown>);
      return entries
        .filter(([l, v]) => typeof l === 'string' && l.trim() !== '' && v !== null && v !== undefined)
        .map(([l, v]) => [String(l).trim(), String(v as string).trim()]);
    } catch {
      // Not JSON after all: read as pairs below.
    }
  }
  return value
    .split(/[,;|]/)
    .map((pair) => pair.split(':'))
    .filter((parts) => parts.length >= 2 && parts[0]!.trim() !== '')
    .map(([label, ...rest]) => [label!.trim(), rest.join(':').trim()] as [string, string]);
}
