/** The fields a product-set rule can test: the known ones, then the catalogue's extra columns (pure). */
import { KEEP_AS_EXTRA, parseColumnMapping } from './columnMapping';
import type { RuleField } from './productSetRules';

/** productSetFields as the API lists them. */
export interface KnownField {
  name: string;
  label: string;
  kind: string;
}

/** The known fields (number or text) followed by the extra fields the catalogue kept (always text). */
export function ruleFieldsOf(known: readonly KnownField[], extraFieldNames: readonly string[]): RuleField[] {
  return [
    ...known.map((field) => ({
      ...field,
      kind: field.kind === 'number' ? ('number' as const) : ('text' as const),
    })),
    ...extraFieldNames
      .filter((name) => !known.some((field) => field.name === name))
      .map((name) => ({ name, label: name, kind: 'text' as const, extra: true })),
  ];
}

/** The columns of the newest finished import that were kept as extra fields: rules can test them. */
export function extraFieldNames(catalog: {
  columnMappingJson: string;
  imports: readonly { status: string; unknownColumns: readonly string[] }[];
}): string[] {
  const finished = catalog.imports.find((entry) => entry.status === 'completed');
  const mapping = parseColumnMapping(catalog.columnMappingJson);
  return (finished?.unknownColumns ?? [])
    .filter((column) => (mapping[column] ?? KEEP_AS_EXTRA) === KEEP_AS_EXTRA)
    .map((column) => column.trim().replace(/^g:/i, ''));
}
