/** Metadata of a render request (spec section 3) and the rules for reading its values. */

/** A metadata value as the renderer receives it. */
export type MetadataValue = string | number | boolean | null | undefined;

/** Metadata of a render request: a key-value map. */
export type Metadata = Readonly<Record<string, MetadataValue>>;

/** The value stored under the key itself; a key such as 'constructor' is missing, not Object's method. */
export function ownMetadataValue(metadata: Metadata, key: string): MetadataValue {
  return Object.hasOwn(metadata, key) ? metadata[key] : undefined;
}

/** True for a value that counts as missing: undefined, null or blank text. */
export function isMissingValue(value: MetadataValue): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * A metadata flag (is_sale, stock_level_less_than_10/50): false when missing or the string 'False'.
 * Boolean false and 'false' in any case also read as false, because feeds written by different tools
 * spell "no" all these ways.
 */
export function metadataFlag(metadata: Metadata, key: string): boolean {
  const value = ownMetadataValue(metadata, key);
  if (isMissingValue(value) || value === false) return false;
  return !(typeof value === 'string' && value.toLowerCase() === 'false');
}
