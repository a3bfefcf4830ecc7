import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_PASSWORD = 'e2e password 1';
// E2E_FIXTURES_FILE gives a server and its tests a file of their own when several suites run at once.
export const fixturesFile = process.env.E2E_FIXTURES_FILE
  ? path.resolve(process.env.E2E_FIXTURES_FILE)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.tmp/e2e-fixtures.json');

/** Every mail the e2e server sends, one JSON object per line (the staff outbox keeps links redacted). */
export const sentMailsFile = fixturesFile.replace(/(\.json)?$/, '-mails.jsonl');

export interface Fixtures {
  baseUrl: string;
  clients: { acme: string; bravo: string; expired: string; terms: string; meta: string; features: string };
  users: Record<
    'staff' | 'adminA' | 'userA' | 'adminB' | 'multi' | 'expired' | 'terms' | 'adminMeta' | 'adminFeatures',
    string
  >;
}

export function fixtures(): Fixtures {
  return JSON.parse(readFileSync(fixturesFile, 'utf8')) as Fixtures;
}
