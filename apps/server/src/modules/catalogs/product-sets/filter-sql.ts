/**
 * A product-set filter as a WHERE condition over catalog_items, with the semantics of matchesFilter
 * (see filter.ts): every value is a bound parameter, missing values go through coalesce, and text read
 * as a number is cast only after the decimal pattern matched, so no row can raise an SQL error.
 */
import { sql, type SQL } from 'drizzle-orm';
import { catalogItems } from '../../../db/schema.js';
import { containing, escapeLike } from '../../../db/like.js';
import {
  DECIMAL_PATTERN,
  NEGATED_OPERATORS,
  type FieldKind,
  type FilterOperator,
  type FilterRule,
  type ProductSetFilter,
} from '@adloom/commerce';
import { fieldSource, FOLD_FROM, FOLD_TO, foldCase } from './filter.js';

type CatalogItemsTable = typeof catalogItems;

const COMPARISONS: Partial<Record<FilterOperator, string>> = { lt: '<', lte: '<=', gt: '>', gte: '>=' };

const folded = (expr: SQL) => sql`translate(${expr}, ${FOLD_FROM}, ${FOLD_TO})`;

/** The positive form of a rule; null (a missing value) where matchesFilter says false. */
function holdsSql(operator: FilterOperator, expr: SQL, kind: FieldKind, expected: FilterRule['value']): SQL {
  switch (operator) {
    case 'eq':
      return kind === 'number' ? sql`${expr}::float8 = ${expected}::float8` : sql`${expr} = ${expected}`;
    case 'is_any': {
      const list = sql`jsonb_array_elements_text(${JSON.stringify(expected)}::jsonb)`;
      return kind === 'number'
        ? sql`${expr}::float8 in (select ${list}::float8)`
        : sql`${expr} in (select ${list})`;
    }
    case 'contains':
      return sql`${expr} like ${containing(expected as string)}`;
    case 'starts_with':
      return sql`${expr} like ${`${escapeLike(expected as string)}%`}`;
    case 'i_contains':
      return sql`${folded(expr)} like ${containing(foldCase(expected as string))}`;
    case 'i_starts_with':
      return sql`${folded(expr)} like ${`${escapeLike(foldCase(expected as string))}%`}`;
  }
  const comparison = COMPARISONS[operator];
  if (!comparison) throw new Error(`operator ${operator} has no positive form`);
  const number =
    kind === 'number'
      ? sql`${expr}::float8`
      : sql`(case when ${expr} ~ ${DECIMAL_PATTERN} then (${expr})::float8 end)`;
  return sql`${number} ${sql.raw(comparison)} ${expected}::float8`;
}

/**
 * An extra field as text, as the item matcher reads it: a list (a repeated source column) is its
 * values joined with commas.
 */
function extraText(table: CatalogItemsTable, name: string): SQL {
  const value = sql`(${table.extra} -> ${name}::text)`;
  return sql`(case when jsonb_typeof(${value}) = 'array' then array_to_string(array(select jsonb_array_elements_text(${value})), ',') else ${table.extra} ->> ${name}::text end)`;
}

/** A WHERE condition over catalog_items (or an alias of it) selecting the items the filter matches. */
export function filterToSql(filter: ProductSetFilter, table: CatalogItemsTable = catalogItems): SQL {
  switch (filter.type) {
    case 'all':
      return sql`true`;
    case 'and':
    case 'or': {
      if (filter.rules.length === 0) return filter.type === 'and' ? sql`true` : sql`false`;
      const parts = filter.rules.map((rule) => filterToSql(rule, table));
      return sql`(${sql.join(parts, filter.type === 'and' ? sql` and ` : sql` or `)})`;
    }
  }
  const field = fieldSource(filter.field);
  const expr = field.column ? sql`${table[field.column]}` : extraText(table, field.name);
  const positive = NEGATED_OPERATORS[filter.operator];
  return positive
    ? sql`(not coalesce(${holdsSql(positive, expr, field.kind, filter.value)}, false))`
    : sql`coalesce(${holdsSql(filter.operator, expr, field.kind, filter.value)}, false)`;
}
