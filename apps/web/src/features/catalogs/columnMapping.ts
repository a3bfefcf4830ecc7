/**
 * The column mapping of a catalogue (no React): which canonical field an unknown source column
 * feeds, stored on the catalogue as `{"source column": "canonical field" | "ignore"}`.
 */

/** The choice that keeps a column as an extra field: no mapping entry. */
export const KEEP_AS_EXTRA = 'extra';
/** The server's word for a column the importer skips. */
export const IGNORE_COLUMN = 'ignore';

export type ColumnMapping = Record<string, string>;

/** The options of each column's select: keep, ignore, then the canonical fields the server lists. */
export function mappingOptions(fields: readonly string[]): { value: string; label: string }[] {
  return [
    { value: KEEP_AS_EXTRA, label: 'Keep as extra field' },
    { value: IGNORE_COLUMN, label: 'Ignore this column' },
    ...fields.map((field) => ({ value: field, label: field })),
  ];
}

/** The stored mapping; anything that is not an object of texts reads as no mapping. */
export function parseColumnMapping(json: string): ColumnMapping {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** What each column's select starts at: its stored mapping, else keep as an extra field. */
export function initialChoices(columns: readonly string[], mapping: ColumnMapping): ColumnMapping {
  return Object.fromEntries(columns.map((column) => [column, mapping[column] ?? KEEP_AS_EXTRA]));
}

/** The mapping to store: the old one with these columns' choices; keeping a column removes its entry. */
export function applyChoices(mapping: ColumnMapping, choices: ColumnMapping): ColumnMapping {
  const next = { ...mapping };
  for (const [column, choice] of Object.entries(choices)) {
    if (choice === KEEP_AS_EXTRA) delete next[column];
    else next[column] = choice;
  }
  return next;
}

/** The canonical fields chosen for more than one column (only one of them can feed it). */
export function fieldsChosenTwice(choices: ColumnMapping): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const choice of Object.values(choices)) {
    if (choice === KEEP_AS_EXTRA || choice === IGNORE_COLUMN) continue;
    if (seen.has(choice)) twice.add(choice);
    seen.add(choice);
  }
  return [...twice];
}

/** Whether two mappings send every column to the same place (key order aside). */
export function sameMapping(a: ColumnMapping, b: ColumnMapping): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => b[key] === a[key]);
}
