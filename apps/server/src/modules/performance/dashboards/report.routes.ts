/**
 * GET /api/clients/{clientId}/performance/report.csv?from=&to=&dimensions=CAMPAIGN,DAY&metrics=SPEND,ROAS
 * [&sortBy=ROAS&sortDesc=false&accountIds=…&campaignIds=…&currency=EUR]: the whole detailed report (every
 * page of performanceReport, the same numbers), streamed as CSV with a header row of the dimensions' and
 * metrics' labels; money is written with its currency. The session and membership are checked as the
 * client GraphQL endpoint checks them; cells a spreadsheet could run as formulas are neutralised.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { METRICS } from '@adloom/commerce';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../../deps.js';
import { isIsoDay } from '../../../graphql/builder.js';
import { DomainError, invalidInput, isUuid } from '../../../errors.js';
import { mayRunAsFormula } from '../../../http/csv-cell.js';
import { getClient, membershipOf } from '../../clients/index.js';
import { permissionsOf } from '../../users/index.js';
import { accountScope, type AccountScope } from '../scope.js';
import { metricKeyOf, PERFORMANCE_METRIC_NAMES, type PerformanceMetricName } from './metric-enum.js';
import {
  DIMENSION_LABELS,
  formatCell,
  MAX_REPORT_PAGE,
  performanceReport,
  REPORT_DIMENSIONS,
  type ReportDimension,
} from './report.js';

function problem(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).type('application/json').send({ error: { code, message } });
}

type Query = Record<string, string | undefined>;

const listOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function enumList<T extends string>(query: Query, key: string, allowed: readonly T[]): T[] {
  const items = listOf(query[key]);
  if (items.length === 0) throw invalidInput(`Give ${key}, a comma-separated list of ${allowed.join(', ')}.`);
  for (const item of items)
    if (!(allowed as readonly string[]).includes(item))
      throw invalidInput(`${key}: ${item} is not one of ${allowed.join(', ')}.`);
  return items as T[];
}

function day(query: Query, key: string): string {
  const value = query[key];
  if (!value || !isIsoDay(value))
    throw invalidInput(`${key} must be a day written YYYY-MM-DD (got ${value ?? 'nothing'}).`);
  return value;
}

/** Every page of the report, one row of cells at a time. */
async function* csvRows(
  deps: AppDeps,
  scope: AccountScope,
  dimensions: ReportDimension[],
  metrics: PerformanceMetricName[],
  sortBy: PerformanceMetricName | null,
  sortDesc: boolean,
) {
  const keys = metrics.map(metricKeyOf);
  const safe = (cell: string) => (mayRunAsFormula(cell) ? `'${cell}` : cell);
  yield [...dimensions.map((d) => DIMENSION_LABELS[d]), ...keys.map((k) => METRICS[k].label)];
  for (let offset = 0; ; offset += MAX_REPORT_PAGE) {
    const page = await performanceReport(deps.db, scope, {
      dimensions,
      sortBy: sortBy ? metricKeyOf(sortBy) : null,
      sortDesc,
      offset,
      limit: MAX_REPORT_PAGE,
    });
    for (const row of page.rows)
      yield [...row.labels.map(safe), ...keys.map((k) => formatCell(k, row.values[k], scope.currency))];
    if (offset + MAX_REPORT_PAGE >= page.total) {
      yield [
        'Total',
        ...dimensions.slice(1).map(() => ''),
        ...keys.map((k) => formatCell(k, page.totals[k], scope.currency)),
      ];
      return;
    }
  }
}

export function registerPerformanceRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Params: { clientId: string }; Querystring: Query }>(
    '/api/clients/:clientId/performance/report.csv',
    async (req, reply) => {
      const viewer = req.viewer;
      if (!viewer) return problem(reply, 401, 'UNAUTHENTICATED', 'Sign in first.');
      const { clientId } = req.params;
      // Membership is checked on every request; a non-member gets the same answer whether or not the client exists.
      const client = isUuid(clientId) ? await getClient(deps.db, clientId) : undefined;
      const membership = client ? await membershipOf(deps.db, viewer.user.id, client.id) : undefined;
      if (!client || !permissionsOf(viewer.user, membership).isActive)
        return problem(reply, 403, 'FORBIDDEN', 'Forbidden');
      let scope: AccountScope;
      let dimensions: ReportDimension[];
      let metrics: PerformanceMetricName[];
      let sortBy: PerformanceMetricName | null = null;
      try {
        const q = req.query;
        dimensions = enumList(q, 'dimensions', REPORT_DIMENSIONS);
        metrics = enumList(q, 'metrics', PERFORMANCE_METRIC_NAMES);
        if (q.sortBy) sortBy = enumList(q, 'sortBy', PERFORMANCE_METRIC_NAMES)[0]!;
        scope = await accountScope(deps.db, {
          clientId: client.id,
          demo: viewer.user.demoMode,
          from: day(q, 'from'),
          to: day(q, 'to'),
          accountIds: listOf(q.accountIds),
          campaignIds: listOf(q.campaignIds),
          currency: q.currency || null,
        });
        // Checks the dimensions before the first byte is sent, so a bad one is a 400, not a cut-off file.
        await performanceReport(deps.db, scope, { dimensions, limit: 1 });
      } catch (e) {
        if (e instanceof DomainError) return problem(reply, 400, e.code, e.message);
        throw e;
      }
      const sortDesc = req.query.sortDesc !== 'false';
      const name = `performance-${scope.from}-to-${scope.to}.csv`;
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store');
      return reply.send(
        Readable.from(csvRows(deps, scope, dimensions, metrics, sortBy, sortDesc)).pipe(
          stringify({ bom: true }),
        ),
      );
    },
  );
}
