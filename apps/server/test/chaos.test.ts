/**
 * Issue 14, item 5: the server killed with SIGKILL at random moments under mixed writes of two clients
 * (sign-ins, template saves, catalogue imports, feeds and their generation, exports). After the kills:
 * the database opens (the server starts each time), every write it acknowledged is there, and every
 * job (imports, creatives) reaches a final state. The long version is `npm run bench:soak`.
 */
import { expect, it } from 'vitest';
import { inject } from 'vitest';
import { runSoak } from './soak/run.js';
import { describeEachDatabase } from './harness.js';

describeEachDatabase('SIGKILL at random moments on %s', (kind) => {
  it('loses no acknowledged write and leaves no job unfinished', { timeout: 600_000 }, async () => {
    const adminUrl = inject('testDatabases').find((d) => d.kind === 'postgres')?.adminUrl;
    const result = await runSoak({
      kind,
      adminUrl,
      durationMs: 50_000,
      killEveryMs: { min: 6_000, max: 18_000 },
      settleMs: 180_000,
    });
    expect(result.restarts).toBeGreaterThanOrEqual(2);
    // Every kind of write was made and acknowledged between the kills.
    for (const kind of ['session', 'version', 'catalog', 'productSet', 'feed'])
      expect(result.byKind[kind] ?? 0, `${kind} writes acknowledged`).toBeGreaterThan(0);
    expect(result.lost).toEqual([]);
    expect(result.stuck).toEqual([]);
  });
});
