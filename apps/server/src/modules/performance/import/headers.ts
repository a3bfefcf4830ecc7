/**
 * Reading an export's header row: which column holds which field, the language of the headers, the currency
 * the spend column names, and the columns the importer does not know (listed in the report).
 */
import {
  DERIVED_OR_SETTING_HEADERS,
  EXPORT_FIELDS,
  HEADER_ALIASES,
  headerCurrency,
  headerKey,
  LANGUAGES,
  type ExportField,
  type Language,
} from './aliases.js';

interface Known {
  field: ExportField | null;
  languages: Language[];
}

/** headerKey → the field (null: known but not stored) and the languages that spell it so. */
const KNOWN: ReadonlyMap<string, Known> = (() => {
  const known = new Map<string, Known>();
  const add = (name: string, field: ExportField | null, language: Language) => {
    const key = headerKey(name);
    const entry = known.get(key) ?? { field, languages: [] };
    if (!entry.languages.includes(language)) entry.languages.push(language);
    known.set(key, entry);
  };
  for (const field of EXPORT_FIELDS)
    for (const language of LANGUAGES)
      for (const name of HEADER_ALIASES[field][language]) add(name, field, language);
  for (const language of LANGUAGES)
    for (const name of DERIVED_OR_SETTING_HEADERS[language])
      if (!known.has(headerKey(name))) add(name, null, language);
  return known;
})();

export interface HeaderMap {
  /** The column index of each field found (the first column, when a header repeats). */
  columns: Partial<Record<ExportField, number>>;
  /** The language most headers are in ('en' when they are as much English as anything else). */
  language: Language;
  /** The currency the spend header names ("Amount spent (EUR)"), or null. */
  spendCurrency: string | null;
  /** Headers that are no field and not a known derived or settings column, as written. */
  unknownColumns: string[];
}

/** Maps a header row (cells as read; empty trailing cells ignored). */
export function readHeaders(headers: readonly string[]): HeaderMap {
  const columns: Partial<Record<ExportField, number>> = {};
  const votes: Record<Language, number> = { en: 0, fr: 0, es: 0 };
  const unknownColumns: string[] = [];
  let spendCurrency: string | null = null;
  headers.forEach((raw, index) => {
    const header = raw.trim();
    if (header === '') return;
    const known = KNOWN.get(headerKey(header));
    if (!known) return void unknownColumns.push(header);
    for (const language of known.languages) votes[language] += 1;
    if (!known.field || columns[known.field] !== undefined) return;
    columns[known.field] = index;
    if (known.field === 'spend') spendCurrency = headerCurrency(header);
  });
  const language = LANGUAGES.reduce((best, l) => (votes[l] > votes[best] ? l : best), 'en' as Language);
  return { columns, language, spendCurrency, unknownColumns };
}

/** The name of a field's column in messages, in the file's language (the first of its aliases). */
export function fieldName(field: ExportField, language: Language = 'en'): string {
  return HEADER_ALIASES[field][language][0]!;
}
