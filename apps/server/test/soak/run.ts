/**
 * A soak run (issue 14): two clients' traffic against a server that is killed with SIGKILL and started
 * again, then a check of what it acknowledged and of every job it took. Used by the chaos test
 * (test/chaos.test.ts: short, kills at random moments) and by `npm run bench:soak` (long, a kill every
 * 2 minutes), on the embedded database or on a PostgreSQL server.
 *
 * Definitions (what the figures count):
 * - acknowledgedWrites: writes the server answered as done: sign-ins (a session), template saves (a
 *   version), catalogues and imports started, product sets and feeds created.
 * - lostWrites: acknowledged writes not found afterwards (a session that no longer signs its user in, a
 *   version without its content, a catalogue, import, product set or feed missing, a feed with fewer
 *   creatives than it queued).
 * - stuckJobs: after the traffic, the imports not completed or failed and the creatives not in a final
 *   state once the server has had `settleMs` (with no more kills) to finish them.
 * - p95Ms: 95th percentile of the answered requests' latency, across kills.
 * - restarts: SIGKILLs (each followed by a start).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectEmbedded } from '../../src/db/embedded/index.js';
import { runCli } from '../fixtures/processes.js';
import { startFixtureHost } from './fixture-host.js';
import { startServerLife } from './server-life.js';
import { runActor, type Ack, type ClientActor, type TrafficStats } from './traffic.js';

export interface SoakOptions {
  kind: 'embedded' | 'postgres';
  /** For 'postgres': a server to create the run's database on (its admin URL). */
  adminUrl?: string;
  durationMs: number;
  /** When the next kill comes, ms after the previous start: fixed, or random in [min, max]. */
  killEveryMs: number | { min: number; max: number };
  /** Actors (concurrent users) per client. */
  actorsPerClient?: number;
  itemsPerCatalog?: number;
  /** How long the server may take, after the traffic, to bring every job to a final state. */
  settleMs?: number;
  log?: (line: string) => void;
}

export interface SoakResult {
  acknowledgedWrites: number;
  lostWrites: number;
  stuckJobs: number;
  p95Ms: number;
  restarts: number;
  /** The baseline of the same run: p95 of the requests answered before the first kill. */
  p95BeforeKillsMs: number;
  /** Details for the report. */
  lost: { ack: Ack; why: string }[];
  stuck: { what: string; id: string; status: string }[];
  byKind: Record<string, number>;
  actions: Record<string, number>;
  unanswered: number;
  refused: { action: string; message: string }[];
  settledInMs: number;
  requests: number;
}

const PASSWORD = 'soak horse battery staple';

export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const log = options.log ?? (() => undefined);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'adloom-soak-'));
  const host = await startFixtureHost();
  let databaseUrl: string | undefined;
  let dropDatabase = async () => undefined as void;
  if (options.kind === 'postgres') {
    if (!options.adminUrl) throw new Error('A postgres soak needs adminUrl');
    const name = `adloom_soak_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: options.adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(options.adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: options.adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    };
  }
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    FETCH_ALLOW_HOSTS: host.host,
    JOB_POLLING_INTERVAL_MS: '250',
    LOGIN_RATE_LIMIT_MAX: '100000',
    LOG_LEVEL: 'error',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };

  log(`soak on ${options.kind}: starting the server`);
  const server = await startServerLife(env);
  try {
    // Two clients, each with an admin, made as an operator would (the CLI, handed to the running server).
    const actors: ClientActor[] = [];
    for (const name of ['Soak Alpha', 'Soak Bravo']) {
      const email = `${name.toLowerCase().replace(/\W+/g, '.')}@soak.test`;
      for (const args of [
        ['client:create', '--name', name, '--plan', 'paying'],
        ['user:create', '--email', email, '--password', PASSWORD, '--client', name, '--admin'],
      ]) {
        const run = runCli(args, env);
        if (run.code !== 0) throw new Error(`cli ${args[0]} failed: ${run.err}${run.out}`);
      }
      const signIn = await fetch(`${server.origin}/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const csrf = /adloom_csrf=([^;]+)/.exec(cookie)?.[1] ?? '';
      const me = (await (
        await fetch(`${server.origin}/api/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf },
          body: JSON.stringify({ query: '{ me { clients { id name } } }' }),
        })
      ).json()) as { data: { me: { clients: { id: string; name: string }[] } } };
      actors.push({ clientId: me.data.me.clients[0]!.id, email, password: PASSWORD });
    }

    const stats: TrafficStats = { acknowledged: [], latencies: [], unanswered: 0, refused: [], actions: {} };
    const stop = new AbortController();
    const perClient = options.actorsPerClient ?? 2;
    const running = actors.flatMap((actor, c) =>
      Array.from({ length: perClient }, (_, i) =>
        runActor(actor, `${'ab'[c]}${i}`, {
          server,
          host,
          stats,
          signal: stop.signal,
          itemsPerCatalog: options.itemsPerCatalog,
        }),
      ),
    );

    // The killer: SIGKILL at the chosen moments until the traffic's time is up.
    const started = Date.now();
    const nextKill = () =>
      typeof options.killEveryMs === 'number'
        ? options.killEveryMs
        : options.killEveryMs.min + Math.random() * (options.killEveryMs.max - options.killEveryMs.min);
    let beforeKills: number | undefined;
    for (;;) {
      const wait = nextKill();
      const left = options.durationMs - (Date.now() - started);
      if (wait >= left) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, left)));
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
      beforeKills ??= stats.latencies.length;
      log(
        `  ${((Date.now() - started) / 1000).toFixed(0)} s: SIGKILL (${stats.acknowledged.length} writes acknowledged so far)`,
      );
      await server.killAndRestart();
      log(`  ${((Date.now() - started) / 1000).toFixed(0)} s: serving again`);
    }
    stop.abort();
    await Promise.all(running);
    log(`traffic over: ${stats.acknowledged.length} writes acknowledged, ${server.restarts()} restarts`);

    // Settle: the server, no longer killed, brings every job to a final state.
    const db = await openChecker(options.kind, dataDir, databaseUrl);
    try {
      const settleStarted = Date.now();
      const settleMs = options.settleMs ?? 6 * 60_000;
      let stuck = await unfinishedJobs(db);
      while (stuck.length > 0 && Date.now() - settleStarted < settleMs) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        stuck = await unfinishedJobs(db);
      }
      const settledInMs = Date.now() - settleStarted;
      log(`settled in ${(settledInMs / 1000).toFixed(1)} s, ${stuck.length} jobs not final`);
      const lost = await findLost(db, server.origin, stats.acknowledged);
      const p95 = (values: number[]) => {
        const sorted = [...values].sort((a, b) => a - b);
        return Math.round(sorted[Math.floor(sorted.length * 0.95)] ?? 0);
      };
      const byKind: Record<string, number> = {};
      for (const ack of stats.acknowledged) byKind[ack.kind] = (byKind[ack.kind] ?? 0) + 1;
      return {
        acknowledgedWrites: stats.acknowledged.length,
        lostWrites: lost.length,
        stuckJobs: stuck.length,
        p95Ms: p95(stats.latencies),
        p95BeforeKillsMs: p95(stats.latencies.slice(0, beforeKills ?? stats.latencies.length)),
        restarts: server.restarts(),
        lost,
        stuck,
        byKind,
        actions: stats.actions,
        unanswered: stats.unanswered,
        refused: stats.refused,
        settledInMs,
        requests: stats.latencies.length,
      };
    } finally {
      await db.end();
    }
  } finally {
    await server.stop();
    await host.close();
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A plain connection for the checks: DATABASE_URL's, or the running server's embedded database. */
async function openChecker(
  kind: SoakOptions['kind'],
  dataDir: string,
  databaseUrl: string | undefined,
): Promise<pg.Client> {
  let url = databaseUrl;
  if (kind === 'embedded') {
    const joined = await connectEmbedded(dataDir, { role: 'guest', command: 'soak check' });
    url = joined.url;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

async function unfinishedJobs(db: pg.Client): Promise<{ what: string; id: string; status: string }[]> {
  const imports = await db.query<{ id: string; status: string }>(
    `select id, status from catalog_imports where status in ('queued', 'running')`,
  );
  const creatives = await db.query<{ id: string; status: string }>(
    `select feed_id || '/' || item_id as id, status from feed_creatives where status in ('pending', 'in_progress')`,
  );
  return [
    ...imports.rows.map((r) => ({ what: 'import', ...r })),
    ...creatives.rows.map((r) => ({ what: 'creative', ...r })),
  ];
}

async function findLost(db: pg.Client, origin: string, acks: Ack[]): Promise<{ ack: Ack; why: string }[]> {
  const lost: { ack: Ack; why: string }[] = [];
  const one = async (sql: string, values: unknown[]) => (await db.query(sql, values)).rows[0];
  for (const ack of acks) {
    switch (ack.kind) {
      case 'session': {
        const response = await fetch(`${origin}/api/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: ack.cookie, 'x-csrf-token': ack.csrf },
          body: JSON.stringify({ query: '{ me { email } }' }),
        });
        const body = (await response.json()) as { data?: { me?: { email: string } | null } };
        if (body.data?.me?.email !== ack.email) lost.push({ ack, why: 'the session no longer signs in' });
        break;
      }
      case 'version': {
        const row = await one(
          `select v.template_string like '%' || $3 || '%' as has from template_versions v
             join templates t on t.id = v.template_id
            where v.id = $1 and v.template_id = $2 and t.client_id = $4`,
          [ack.versionId, ack.templateId, ack.marker, ack.clientId],
        );
        if (!row) lost.push({ ack, why: 'version missing' });
        else if (!row.has) lost.push({ ack, why: 'version without its content' });
        break;
      }
      case 'catalog': {
        if (
          !(await one(`select 1 from catalogs where id = $1 and client_id = $2`, [
            ack.catalogId,
            ack.clientId,
          ]))
        )
          lost.push({ ack, why: 'catalogue missing' });
        else if (ack.importId && !(await one(`select 1 from catalog_imports where id = $1`, [ack.importId])))
          lost.push({ ack, why: 'its import missing' });
        break;
      }
      case 'import':
        if (
          !(await one(`select 1 from catalog_imports where id = $1 and catalog_id = $2`, [
            ack.importId,
            ack.catalogId,
          ]))
        )
          lost.push({ ack, why: 'import missing' });
        break;
      case 'productSet':
        if (!(await one(`select 1 from product_sets where id = $1`, [ack.productSetId])))
          lost.push({ ack, why: 'product set missing' });
        break;
      case 'feed': {
        const row = await one(
          `select (select count(*)::int from feed_creatives c where c.feed_id = f.id) as creatives
             from feeds f where f.id = $1 and f.client_id = $2`,
          [ack.feedId, ack.clientId],
        );
        if (!row) lost.push({ ack, why: 'feed missing' });
        else if (row.creatives < ack.queued)
          lost.push({ ack, why: `${row.creatives} creatives, ${ack.queued} were queued` });
        break;
      }
    }
  }
  return lost;
}
