import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { adPerformanceImports } from '../../src/db/schema.js';
import { gql } from '../harness.js';
import { fixture, startImport, uploadExport } from '../performance/ads-manager-upload.js';
import { addClientCases, type World } from './cases.js';

const importsOf = (w: World, clientId: string) =>
  w.t.deps.db.select().from(adPerformanceImports).where(eq(adPerformanceImports.clientId, clientId));

addClientCases({
  'Query.adPerformanceImports': {
    document: '{ adPerformanceImports { id status rowsRead } }',
    crossResource: async (w) => {
      const b = { t: w.t, session: w.sessionAdminB, clientId: w.b.id };
      const started = await startImport(b, await uploadExport(b, 'b.csv', fixture('en-by-day.csv')));
      expect(started.error).toBeNull();
      const res = await gql(w.t, {
        session: w.sessionAdminA,
        clientId: w.a.id,
        query: '{ adPerformanceImports { id } }',
      });
      expect(res.data?.adPerformanceImports.map((i: { id: string }) => i.id)).not.toContain(
        started.import!.id,
      );
    },
  },
  'Mutation.importAdPerformanceFile': {
    document:
      'mutation { importAdPerformanceFile(uploadKey: "clients/x/ad-performance-files/y/z.csv") { import { id } error { message } } }',
    crossResource: async (w) => {
      // B's upload, its key passed through A's own endpoint: refused, nothing imported, B's upload untouched.
      const b = { t: w.t, session: w.sessionAdminB, clientId: w.b.id };
      const key = await uploadExport(b, 'b-private.csv', fixture('en-by-day.csv'));
      const before = (await importsOf(w, w.b.id)).length;
      const a = { t: w.t, session: w.sessionAdminA, clientId: w.a.id };
      expect(await startImport(a, key)).toEqual({
        import: null,
        error: {
          code: 'INVALID_INPUT',
          message: 'The uploaded file was not found: upload the Ads Manager export again.',
        },
      });
      expect(await importsOf(w, w.a.id)).toEqual([]);
      expect(await importsOf(w, w.b.id)).toHaveLength(before);
      // The refusal did not take B's upload into use: B can still import it.
      expect((await startImport(b, key)).error).toBeNull();
    },
  },
});
