/**
 * `npm run bench:soak` (issue 14): mixed traffic of two clients (sign-ins, template saves, imports,
 * product sets and feeds with their generation, export fetches, reads) for 10 minutes while the server
 * is killed with SIGKILL every 2 minutes and started again; then every acknowledged write is looked up
 * and every job must reach a final state. Runs on the embedded database and on PostgreSQL
 * (BENCH_DATABASE_URL or TEST_DATABASE_URL, an admin URL the run creates its own database on; default
 * postgres://postgres@127.0.0.1:5432/test). Definitions of the figures: apps/server/test/soak/run.ts.
 *
 *   npm run bench:soak                      both databases, 10 minutes each
 *   npm run bench:soak -- --quick           both, 3 minutes each, a kill every 45 s
 *   npm run bench:soak -- --db embedded     one database only
 *   npm run bench:soak -- --minutes 5 --kill-every 60
 *
 * The last line is JSON: {"acknowledgedWrites","lostWrites","stuckJobs","p95Ms","restarts"} summed over
 * the databases (p95Ms the larger), with each database's figures under "runs". The baseline measured in
 * the same run is the p95 of the requests answered before the first kill, printed beside it.
 */
import { runSoak, type SoakResult } from '../apps/server/test/soak/run.js';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const value = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

const quick = flag('--quick');
const minutes = Number(value('--minutes') ?? (quick ? 3 : 10));
const killEvery = Number(value('--kill-every') ?? (quick ? 45 : 120));
const only = value('--db');
const kinds = (only ? [only] : ['embedded', 'postgres']) as ('embedded' | 'postgres')[];
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

const runs: Record<string, SoakResult> = {};
for (const kind of kinds) {
  console.log(`\n== ${kind}: ${minutes} min of traffic, SIGKILL every ${killEvery} s`);
  const result = await runSoak({
    kind,
    adminUrl,
    durationMs: minutes * 60_000,
    killEveryMs: killEvery * 1000,
    log: (line) => console.log(line),
  });
  runs[kind] = result;
  console.log(
    [
      `acknowledged writes   ${result.acknowledgedWrites}  (${Object.entries(result.byKind)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')})`,
      `lost writes           ${result.lostWrites}`,
      `stuck jobs            ${result.stuckJobs}  (all final ${(result.settledInMs / 1000).toFixed(1)} s after the traffic)`,
      `restarts              ${result.restarts}`,
      `requests answered     ${result.requests}, p95 ${result.p95Ms} ms (before the first kill: ${result.p95BeforeKillsMs} ms)`,
      `requests unanswered   ${result.unanswered} (sent while the server was down or being killed)`,
      `refused by the server ${result.refused.length}`,
      `actions               ${Object.entries(result.actions)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}`,
    ].join('\n'),
  );
  for (const l of result.lost.slice(0, 10))
    console.log(`  LOST ${l.ack.kind}: ${l.why} ${JSON.stringify(l.ack)}`);
  for (const s of result.stuck.slice(0, 10)) console.log(`  STUCK ${s.what} ${s.id}: ${s.status}`);
  const refusals = new Map<string, number>();
  for (const r of result.refused)
    refusals.set(`${r.action}: ${r.message}`, (refusals.get(`${r.action}: ${r.message}`) ?? 0) + 1);
  for (const [message, n] of [...refusals].slice(0, 10))
    console.log(`  refused ${n} x ${message.slice(0, 200)}`);
}

const all = Object.values(runs);
console.log(
  JSON.stringify({
    acknowledgedWrites: all.reduce((s, r) => s + r.acknowledgedWrites, 0),
    lostWrites: all.reduce((s, r) => s + r.lostWrites, 0),
    stuckJobs: all.reduce((s, r) => s + r.stuckJobs, 0),
    p95Ms: Math.max(...all.map((r) => r.p95Ms)),
    restarts: all.reduce((s, r) => s + r.restarts, 0),
    runs: Object.fromEntries(
      Object.entries(runs).map(([k, r]) => [
        k,
        {
          acknowledgedWrites: r.acknowledgedWrites,
          lostWrites: r.lostWrites,
          stuckJobs: r.stuckJobs,
          p95Ms: r.p95Ms,
          p95BeforeKillsMs: r.p95BeforeKillsMs,
          restarts: r.restarts,
        },
      ]),
    ),
  }),
);
process.exit(0);
