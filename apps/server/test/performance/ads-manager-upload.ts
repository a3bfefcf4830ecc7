/** The upload flow of an Ads Manager export, as the web does it: a destination, the post, the import. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { gql, type Session, type TestApp } from '../harness.js';
import { postUpload, type Destination } from '../isolation/uploads.cases.js';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/ads-manager');

export const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

export interface Caller {
  t: TestApp;
  session: Session;
  clientId: string;
}

/** Uploads `body` as `fileName`; resolves with the key it was stored under. */
export async function uploadExport(
  c: Caller,
  fileName: string,
  body: Buffer,
  contentType = fileName.endsWith('.xlsx')
    ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    : 'text/csv',
): Promise<string> {
  const res = await gql(c.t, {
    session: c.session,
    clientId: c.clientId,
    query:
      'mutation($key: String!, $c: String) { createUploadDestination(key: $key, uploadType: AD_PERFORMANCE_FILE, contentType: $c) { uploadDestination { url formFields { key value } } error { message } } }',
    variables: { key: fileName, c: contentType },
  });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  const destination = res.data!.createUploadDestination.uploadDestination as Destination;
  const answer = await postUpload(c.t, destination, { body, contentType, fileName });
  expect(answer.statusCode, answer.body).toBe(201);
  return /<Key>([^<]+)<\/Key>/.exec(answer.body)![1]!;
}

export const IMPORT_FIELDS = `id status error rowsRead rowsImported rejectedCount rejectedRows { row reason }
  unknownColumns fileName format language currency firstDay lastDay accountName createdAt finishedAt`;

export async function startImport(c: Caller, uploadKey: string) {
  const res = await gql(c.t, {
    session: c.session,
    clientId: c.clientId,
    query: `mutation($k: String!) { importAdPerformanceFile(uploadKey: $k) { import { id status } error { code message } } }`,
    variables: { k: uploadKey },
  });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data!.importAdPerformanceFile as {
    import: { id: string; status: string } | null;
    error: { code: string; message: string } | null;
  };
}

export async function imports(c: Caller): Promise<Record<string, any>[]> {
  const res = await gql(c.t, {
    session: c.session,
    clientId: c.clientId,
    query: `{ adPerformanceImports { ${IMPORT_FIELDS} } }`,
  });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data!.adPerformanceImports;
}

/** Uploads, imports and waits for the import's end; resolves with the finished import. */
export async function importFile(c: Caller, fileName: string, body: Buffer, contentType?: string) {
  const key = await uploadExport(c, fileName, body, contentType);
  const started = await startImport(c, key);
  expect(started.error).toBeNull();
  const id = started.import!.id;
  let found: Record<string, any> | undefined;
  await expect
    .poll(
      async () => {
        found = (await imports(c)).find((i) => i.id === id);
        return found?.status;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toMatch(/^(COMPLETED|FAILED)$/);
  return found!;
}

export async function summary(c: Caller, from: string, to: string) {
  const res = await gql(c.t, {
    session: c.session,
    clientId: c.clientId,
    query: `query($f: Date!, $t: Date!) { adPerformanceSummary(from: $f, to: $t) { spend impressions reach clicks linkClicks purchases purchaseValue addToCart video3sPlays thruplays roas currency days } }`,
    variables: { f: from, t: to },
  });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data!.adPerformanceSummary;
}
