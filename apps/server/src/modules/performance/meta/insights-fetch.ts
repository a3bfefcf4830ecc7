/**
 * Fetching the insights of one chunk of days (chunks.ts): synchronous GET /act_{id}/insights paged, or an
 * asynchronous report run (POST, then GET /{report_run_id} until "Job Completed", then its rows paged).
 * A run that reports "Job Failed" or "Job Skipped", stays at 100 % without completing for
 * `stuckTimeoutMs` (a documented Meta failure), or outlives `jobTimeoutMs` is abandoned, and the chunk is
 * fetched again in synchronous pieces of `fallbackDays`.
 */
import { splitRange, type ChunkPlan, type ChunkSizes, type DayRange } from './chunks.js';
import type { GraphClient } from './graph-client.js';
import { INSIGHT_FIELDS, type GraphInsightRow } from './insight-rows.js';

export interface InsightsTuning extends ChunkSizes {
  /** Rows per page (Meta's `limit`). */
  pageLimit: number;
  pollIntervalMs: number;
  stuckTimeoutMs: number;
  jobTimeoutMs: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

export class ReportRunFailed extends Error {
  override name = 'ReportRunFailed';
}

interface ReportRunStatus {
  id: string;
  async_status: string;
  async_percent_completion: number;
}

function params(range: DayRange, breakdowns: readonly string[] | undefined, tuning: InsightsTuning) {
  return {
    level: 'ad',
    time_increment: 1,
    time_range: JSON.stringify({ since: range.since, until: range.until }),
    fields: INSIGHT_FIELDS,
    breakdowns: breakdowns?.length ? breakdowns.join(',') : undefined,
    limit: tuning.pageLimit,
  };
}

async function waitForReport(client: GraphClient, id: string, tuning: InsightsTuning): Promise<void> {
  const started = tuning.now();
  let fullSince: number | undefined;
  for (;;) {
    await tuning.sleep(tuning.pollIntervalMs);
    const run = await client.get<ReportRunStatus>(id, { fields: 'id,async_status,async_percent_completion' });
    if (run.async_status === 'Job Completed') return;
    if (run.async_status === 'Job Failed' || run.async_status === 'Job Skipped')
      throw new ReportRunFailed(`The report run ended with "${run.async_status}".`);
    if (run.async_percent_completion >= 100) {
      fullSince ??= tuning.now();
      if (tuning.now() - fullSince > tuning.stuckTimeoutMs)
        throw new ReportRunFailed(`The report run stayed at 100 % with "${run.async_status}".`);
    }
    if (tuning.now() - started > tuning.jobTimeoutMs)
      throw new ReportRunFailed('The report run did not complete in time.');
  }
}

/**
 * The rows of a chunk, page by page. `onFallback` hears why an asynchronous run was abandoned (the rows then
 * come from synchronous calls).
 */
export async function* chunkRows(
  client: GraphClient,
  accountId: string,
  chunk: ChunkPlan,
  breakdowns: readonly string[] | undefined,
  tuning: InsightsTuning,
  onFallback?: (reason: string) => void,
): AsyncGenerator<GraphInsightRow[]> {
  if (chunk.mode === 'sync') {
    yield* client.pages<GraphInsightRow>(`${accountId}/insights`, params(chunk, breakdowns, tuning));
    return;
  }
  let reportId: string | undefined;
  try {
    const run = await client.post<{ report_run_id: string }>(
      `${accountId}/insights`,
      params(chunk, breakdowns, tuning),
    );
    reportId = run.report_run_id;
    await waitForReport(client, reportId, tuning);
  } catch (e) {
    if (!(e instanceof ReportRunFailed)) throw e;
    onFallback?.(e.message);
    for (const piece of splitRange(chunk, tuning.fallbackDays))
      yield* client.pages<GraphInsightRow>(`${accountId}/insights`, params(piece, breakdowns, tuning));
    return;
  }
  yield* client.pages<GraphInsightRow>(`${reportId}/insights`, { limit: tuning.pageLimit });
}
