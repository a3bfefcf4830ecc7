/**
 * Saved views of the detailed report (performance_report_views): a name unique per client and a definition
 * {dimensions, metrics, sortBy, sortDesc}, checked here so a view always opens.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { performanceReportViews } from '../../../db/schema.js';
import { DomainError, invalidInput, isUuid, notFound } from '../../../errors.js';
import { PERFORMANCE_METRIC_NAMES, type PerformanceMetricName } from './metric-enum.js';
import { REPORT_DIMENSIONS, checkDimensions, type ReportDimension } from './report.js';

export interface ReportViewDefinition {
  dimensions: ReportDimension[];
  metrics: PerformanceMetricName[];
  sortBy?: PerformanceMetricName | null;
  sortDesc?: boolean | null;
}

export interface ReportViewShape {
  id: string;
  name: string;
  definition: string;
  createdAt: Date;
}

const MAX_NAME = 100;

/** The definition parsed and checked; the error names what is wrong. */
export function parseViewDefinition(text: string): ReportViewDefinition {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw invalidInput(`The view's definition is not valid JSON (${(e as Error).message}).`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw invalidInput(
      'The view\'s definition must be a JSON object {"dimensions", "metrics", "sortBy", "sortDesc"}.',
    );
  const v = value as Record<string, unknown>;
  const list = (key: string, allowed: readonly string[]) => {
    const items = v[key];
    if (!Array.isArray(items) || items.length === 0)
      throw invalidInput(`The view's definition needs "${key}": a list of ${allowed.join(', ')}.`);
    for (const item of items)
      if (typeof item !== 'string' || !allowed.includes(item))
        throw invalidInput(
          `The view's "${key}" holds ${JSON.stringify(item)}, which is not one of ${allowed.join(', ')}.`,
        );
    return items as string[];
  };
  const dimensions = list('dimensions', REPORT_DIMENSIONS) as ReportDimension[];
  checkDimensions(dimensions);
  const metrics = list('metrics', PERFORMANCE_METRIC_NAMES) as PerformanceMetricName[];
  const sortBy = v.sortBy ?? null;
  if (
    sortBy !== null &&
    (typeof sortBy !== 'string' || !(PERFORMANCE_METRIC_NAMES as string[]).includes(sortBy))
  )
    throw invalidInput(`The view's "sortBy" (${JSON.stringify(sortBy)}) is not a metric.`);
  const sortDesc = v.sortDesc ?? null;
  if (sortDesc !== null && typeof sortDesc !== 'boolean')
    throw invalidInput(`The view's "sortDesc" must be true or false (got ${JSON.stringify(sortDesc)}).`);
  return {
    dimensions,
    metrics,
    sortBy: sortBy as PerformanceMetricName | null,
    sortDesc: sortDesc as boolean | null,
  };
}

const toShape = (r: typeof performanceReportViews.$inferSelect): ReportViewShape => ({
  id: r.id,
  name: r.name,
  definition: JSON.stringify(r.definition),
  createdAt: r.createdAt,
});

export async function listReportViews(db: Db, clientId: string): Promise<ReportViewShape[]> {
  const rows = await db
    .select()
    .from(performanceReportViews)
    .where(eq(performanceReportViews.clientId, clientId))
    .orderBy(asc(performanceReportViews.name));
  return rows.map(toShape);
}

export async function saveReportView(
  db: Db,
  clientId: string,
  userId: string,
  name: string,
  definitionText: string,
): Promise<ReportViewShape> {
  const trimmed = name.trim();
  if (!trimmed) throw invalidInput('Name the view.');
  if (trimmed.length > MAX_NAME) throw invalidInput(`A view's name has at most ${MAX_NAME} characters.`);
  const definition = parseViewDefinition(definitionText);
  const [row] = await db
    .insert(performanceReportViews)
    .values({ clientId, name: trimmed, definition: { ...definition }, createdByUserId: userId })
    .onConflictDoNothing({ target: [performanceReportViews.clientId, performanceReportViews.name] })
    .returning();
  if (!row)
    throw new DomainError('NAME_TAKEN', `A view named “${trimmed}” already exists: choose another name.`);
  return toShape(row);
}

export async function deleteReportView(db: Db, clientId: string, id: string): Promise<string> {
  if (!isUuid(id)) throw notFound('The view');
  const [row] = await db
    .delete(performanceReportViews)
    .where(and(eq(performanceReportViews.id, id), eq(performanceReportViews.clientId, clientId)))
    .returning({ id: performanceReportViews.id });
  if (!row) throw notFound('The view');
  return row.id;
}
