/** The Graph API objects and edges the fake serves: /me, ad accounts, ads, and synchronous and async insights. */
import { randomInt } from 'node:crypto';
import { breakdownSpec } from './breakdowns.js';
import type { FakeMetaContext, ReportRun } from './context.js';
import { dayNumber, dayString, isDay } from './days.js';
import { graphError, invalidParameter, json, tokenError, type FakeResponse } from './errors.js';
import { nestedFields, pick, topLevelFields } from './fields.js';
import { insightsPage, type InsightsQuery } from './insights.js';
import { readToken } from './tokens.js';
import type { FakeAccount, FakeAd } from './world.js';

export interface GraphRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  token: string | undefined;
  /** Absolute URL of the path's parent, for `next` links (`http://127.0.0.1:4000/v23.0`). */
  base: string;
}

/** Checks the access token: error 190 (with Meta's subcode) when it is missing, forged, expired or revoked. */
export function checkToken(ctx: FakeMetaContext, token: string | undefined): FakeResponse | undefined {
  if (!token)
    return graphError({
      message: 'An active access token must be used to query information about the current user.',
      code: 2500,
    });
  const claims = readToken(ctx.appSecret, token);
  if (!claims || claims.k === 'code') return tokenError(undefined);
  if (claims.iat < ctx.control.revokedBefore) return tokenError(ctx.control.revokedSubcode);
  if (claims.exp < ctx.control.now()) return tokenError(463);
  return undefined;
}

const cursor = (n: number) => Buffer.from(String(n)).toString('base64url');
const fromCursor = (c: string | undefined) => {
  const n = c ? Number(Buffer.from(c, 'base64url').toString()) : 0;
  return Number.isInteger(n) && n >= 0 ? n : 0;
};

function nextLink(req: GraphRequest, after: number): string {
  const url = new URL(`${req.base}/${req.path}`);
  for (const [k, v] of Object.entries(req.params))
    if (k !== 'after' && k !== 'before') url.searchParams.set(k, v);
  url.searchParams.set('after', cursor(after));
  return url.toString();
}

function limitOf(ctx: FakeMetaContext, req: GraphRequest): number {
  const n = Number(req.params.limit ?? ctx.pageSize);
  return Number.isInteger(n) && n > 0 ? Math.min(n, 10_000) : ctx.pageSize;
}

/** A list edge, paged with cursors as the Graph API pages them. */
function pagedList(ctx: FakeMetaContext, req: GraphRequest, items: Record<string, unknown>[]): FakeResponse {
  const start = fromCursor(req.params.after);
  const limit = limitOf(ctx, req);
  const data = items.slice(start, start + limit);
  const end = start + data.length;
  return json({
    data,
    paging: {
      cursors: { before: cursor(start), after: cursor(Math.max(start, end - 1) + (data.length ? 1 : 0)) },
      ...(end < items.length ? { next: nextLink(req, end) } : {}),
    },
  });
}

function accountObject(a: FakeAccount): Record<string, unknown> {
  return {
    id: a.id,
    account_id: a.accountId,
    name: a.name,
    currency: a.currency,
    timezone_name: a.timeZone,
    account_status: a.accountStatus,
  };
}

function adObject(ad: FakeAd): Record<string, unknown> {
  const c = ad.creative;
  const storySpec =
    ad.kind === 'video'
      ? { page_id: '1000001', video_data: { video_id: c.videoId, image_url: c.thumbnailUrl } }
      : {
          page_id: '1000001',
          link_data: {
            picture: c.imageUrl,
            link: 'https://shop.example/',
            ...(c.imageHash ? { image_hash: c.imageHash } : {}),
          },
        };
  return {
    id: ad.id,
    name: ad.name,
    status: ad.status,
    effective_status: ad.status,
    account_id: ad.accountId.replace(/^act_/, ''),
    campaign_id: ad.campaign.id,
    adset_id: ad.adset.id,
    campaign: { id: ad.campaign.id, name: ad.campaign.name, objective: ad.campaign.objective },
    adset: { id: ad.adset.id, name: ad.adset.name },
    creative: {
      id: c.id,
      thumbnail_url: c.thumbnailUrl,
      ...(c.imageUrl ? { image_url: c.imageUrl } : {}),
      ...(c.imageHash ? { image_hash: c.imageHash } : {}),
      ...(c.videoId ? { video_id: c.videoId } : {}),
      ...(ad.kind === 'catalog' ? { product_set_id: '5000001' } : {}),
      object_story_spec: storySpec,
    },
  };
}

/** The insights query of a request, or the Graph error it deserves. */
function insightsQuery(
  ctx: FakeMetaContext,
  account: FakeAccount,
  params: Record<string, string>,
): InsightsQuery | FakeResponse {
  if ((params.level ?? 'ad') !== 'ad') return invalidParameter('The fake Graph API serves level=ad only.');
  if ((params.time_increment ?? '1') !== '1')
    return invalidParameter('The fake Graph API serves time_increment=1 only.');
  let since: string | undefined;
  let until: string | undefined;
  if (params.time_range) {
    try {
      const range = JSON.parse(params.time_range) as { since?: unknown; until?: unknown };
      if (isDay(range.since) && isDay(range.until)) ({ since, until } = range);
    } catch {
      /* answered below */
    }
    if (!since || !until)
      return invalidParameter(
        'Param time_range must be a JSON object {"since":"YYYY-MM-DD","until":"YYYY-MM-DD"}.',
      );
  } else {
    const last = ctx.world.lastDay;
    const presets: Record<string, [number, number]> = {
      today: [last, last],
      yesterday: [last - 1, last - 1],
      last_7d: [last - 7, last - 1],
      last_30d: [last - 30, last - 1],
      last_90d: [last - 90, last - 1],
    };
    const preset = presets[params.date_preset ?? 'last_30d'];
    if (!preset) return invalidParameter(`date_preset ${params.date_preset} is not one the fake knows.`);
    [since, until] = preset.map(dayString) as [string, string];
  }
  if (since > until) return invalidParameter('time_range: since must not be after until.');
  if (dayNumber(since) < ctx.world.lastDay - 37 * 31)
    return invalidParameter('Reach and other metrics are only available for the last 37 months.');
  const breakdownKeys = (params.breakdowns ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const breakdown = breakdownKeys.length ? breakdownSpec(breakdownKeys) : undefined;
  if (breakdownKeys.length && !breakdown)
    return invalidParameter(`Invalid breakdowns: ${breakdownKeys.join(',')}`);
  return {
    account,
    since: Math.max(dayNumber(since), ctx.world.firstDay),
    until: dayNumber(until),
    breakdown,
    fields: topLevelFields(params.fields),
  };
}

function insightsResponse(ctx: FakeMetaContext, req: GraphRequest, query: InsightsQuery): FakeResponse {
  const start = fromCursor(req.params.after);
  const { rows, next } = insightsPage(ctx.world, query, start, limitOf(ctx, req));
  const throttle = { app_id_util_pct: 1.5, acc_id_util_pct: 2.25, ads_api_access_tier: 'standard_access' };
  return json(
    {
      data: rows,
      paging: {
        cursors: { before: cursor(start), after: cursor(next ?? start) },
        ...(next !== null ? { next: nextLink(req, next) } : {}),
      },
    },
    { 'x-fb-ads-insights-throttle': JSON.stringify(throttle) },
  );
}

function reportRunObject(ctx: FakeMetaContext, run: ReportRun): Record<string, unknown> {
  run.polls += 1;
  const mode = ctx.control.asyncMode;
  let status = 'Job Not Started';
  let percent = 0;
  if (run.polls > 1 || ctx.control.asyncPollsToComplete <= 1) {
    if (mode === 'failed') status = 'Job Failed';
    else if (mode === 'skipped') status = 'Job Skipped';
    else if (mode === 'stuck') [status, percent] = ['Job Running', 100];
    else if (run.polls >= ctx.control.asyncPollsToComplete) [status, percent] = ['Job Completed', 100];
    else
      [status, percent] = ['Job Running', Math.round((100 * run.polls) / ctx.control.asyncPollsToComplete)];
  }
  return {
    id: run.id,
    account_id: run.query.account.accountId,
    async_status: status,
    async_percent_completion: percent,
    date_start: dayString(run.query.since),
    date_stop: dayString(run.query.until),
    time_ref: Math.floor(run.createdAt / 1000),
    time_completed: status === 'Job Completed' ? Math.floor(ctx.control.now() / 1000) : 0,
    is_running: status === 'Job Running' || status === 'Job Started',
  };
}

/** Answers a Graph API request whose token was checked. */
export function graphRoute(ctx: FakeMetaContext, req: GraphRequest): FakeResponse {
  const parts = req.path.split('/').filter(Boolean);
  const [node, edge, extra] = parts;
  if (!node || extra !== undefined) return invalidParameter(`Unknown path components: /${req.path}`);
  const fields = topLevelFields(req.params.fields);
  if (node === 'me') {
    if (!edge)
      return json(pick({ id: ctx.user.id, name: ctx.user.name }, fields.size ? fields : new Set(['name'])));
    if (edge === 'adaccounts')
      return pagedList(
        ctx,
        req,
        ctx.world.accounts.map((a) => pick(accountObject(a), fields)),
      );
    return invalidParameter(`Tried accessing nonexisting field (${edge}) on node type (User)`);
  }
  const account = node.startsWith('act_') ? ctx.world.account(node) : undefined;
  if (node.startsWith('act_') && !account)
    return graphError({
      message: `Unsupported get request. Object with ID '${node}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      code: 100,
      subcode: 33,
    });
  if (account) {
    if (!edge) return json(pick(accountObject(account), fields));
    const ads = ctx.world.ads(account.id);
    if (edge === 'ads') {
      // The creative's sub-fields as asked (`creative{id,image_hash}`): a field not asked is not sent.
      const creativeFields = nestedFields(req.params.fields, 'creative');
      return pagedList(
        ctx,
        req,
        ads.map((ad) => {
          const object = pick(adObject(ad), fields);
          if (creativeFields && object.creative)
            object.creative = pick(object.creative as Record<string, unknown>, creativeFields);
          return object;
        }),
      );
    }
    if (edge === 'campaigns')
      return pagedList(ctx, req, [
        ...new Map(ads.map((ad) => [ad.campaign.id, pick({ ...ad.campaign }, fields)])).values(),
      ]);
    if (edge === 'adsets')
      return pagedList(ctx, req, [
        ...new Map(
          ads.map((ad) => [ad.adset.id, pick({ ...ad.adset, campaign_id: ad.campaign.id }, fields)]),
        ).values(),
      ]);
    if (edge === 'insights') {
      const query = insightsQuery(ctx, account, req.params);
      if ('status' in query) return query;
      if (req.method === 'POST') {
        const id = `${Date.now()}${randomInt(100_000, 999_999)}`;
        ctx.reportRuns.set(id, { id, query, polls: 0, createdAt: ctx.control.now() });
        return json({ report_run_id: id });
      }
      return insightsResponse(ctx, req, query);
    }
    return invalidParameter(`Tried accessing nonexisting field (${edge}) on node type (AdAccount)`);
  }
  const run = ctx.reportRuns.get(node);
  if (run) {
    if (!edge) return json(reportRunObject(ctx, run));
    if (edge === 'insights') {
      const status = ctx.control.asyncMode === 'complete' && run.polls >= ctx.control.asyncPollsToComplete;
      if (!status)
        return graphError({
          message:
            '(#100) The report is not ready yet: poll the report run until async_status is Job Completed.',
          code: 100,
        });
      return insightsResponse(ctx, req, run.query);
    }
  }
  return graphError({
    message: `Unsupported get request. Object with ID '${node}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    code: 100,
    subcode: 33,
  });
}
