/**
 * `npm run bench:import`: the catalogue import on a 100,000-item RSS feed with Google's g: fields
 * (written once to .tmp/bench-import/, realistic values, several images per item), against the bare
 * parse of the same file measured in the same run:
 * - bare parse: saxes over the file, counting <item> start tags, nothing else (median of 3 runs);
 * - the pipeline without a database: the importer's parse, column mapping and content hash;
 * - import: runCatalogImport from the file store into the database with the migrations applied, the
 *   whole pipeline (parse, map, hash, INSERT in batches, the switch transaction).
 * The database is the embedded PostgreSQL in a fresh DATA_DIR, as `npm start` runs it (BENCH_DB_DIR
 * chooses the folder it is made in); BENCH_DATABASE_URL=postgres://… a fresh database on that server.
 * Peak RSS is this process's maximum resident set (getrusage); the database server's own memory is its
 * own processes', printed beside it for the embedded one (the sum of their proportional set sizes).
 * Targets: import ≤ 3 × the bare parse, peak RSS < 300 MB. Prints a table, then one JSON line.
 * Missing a target is reported, not an error; it exits non-zero only when something fails.
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { SaxesParser } from 'saxes';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { catalogImports, catalogs, clients } from '../apps/server/src/db/schema.js';
import {
  contentHash,
  createItemMapper,
  itemJson,
} from '../apps/server/src/modules/catalogs/import/canonical.js';
import {
  queueCatalogImport,
  runCatalogImport,
} from '../apps/server/src/modules/catalogs/import/import-service.js';
import { openFeed } from '../apps/server/src/modules/catalogs/import/parse.js';
import { createDiskFileStore } from '../apps/server/src/storage/file-store.js';
import { median, round1, since, table } from './bench/stats.js';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const BARE_RUNS = 3;
const TARGET_RATIO = 3;
const TARGET_RSS_MB = 300;
/** Bump when the generated feed changes, so an old file is not reused. */
const FEED_VERSION = 1;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folder = path.join(root, '.tmp', 'bench-import');
const feedKey = `feed-${ITEMS}-v${FEED_VERSION}.xml`;
const feedPath = path.join(folder, feedKey);
const log = (message: string): void => console.error(`… ${message}`);

/** A small deterministic generator (mulberry32), so every run imports the same feed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BRANDS = ['Northwind', 'Fabrikam', 'Contoso', 'Tailspin', 'Adventure Works', 'Litware', 'Proseware'];
const KINDS = [
  'Shirt',
  'Dress',
  'Sneaker',
  'Jacket',
  'Backpack',
  'Watch',
  'Lamp',
  'Chair',
  'Mug',
  'Headphones',
];
const COLOURS = ['black', 'white', 'navy', 'sand', 'olive', 'red', 'grey', 'blue'];
const SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const WORDS =
  'soft durable organic cotton linen recycled lightweight breathable classic modern everyday premium handmade water-resistant adjustable'.split(
    ' ',
  );

function itemXml(n: number, rnd: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const kind = pick(KINDS);
  const colour = pick(COLOURS);
  const brand = pick(BRANDS);
  const group = Math.floor(n / 4);
  const price = 9 + Math.floor(rnd() * 300) + 0.99;
  const onSale = rnd() < 0.3;
  const words = Array.from({ length: 30 + Math.floor(rnd() * 30) }, () => pick(WORDS)).join(' ');
  const images = 2 + Math.floor(rnd() * 4);
  const cdn = `https://cdn.shop.example.com/products/${group}`;
  const lines = [
    `<item>`,
    `<g:id>SKU-${n}</g:id>`,
    `<g:title>${brand} ${kind}, ${colour} &amp; more</g:title>`,
    `<g:description><![CDATA[<p>A ${words}.</p>]]></g:description>`,
    `<g:link>https://shop.example.com/products/${group}?variant=${n}</g:link>`,
    `<g:image_link>${cdn}/${n}-front.jpg</g:image_link>`,
    ...Array.from(
      { length: images },
      (_, i) => `<g:additional_image_link>${cdn}/${n}-${i + 1}.jpg</g:additional_image_link>`,
    ),
    `<g:availability>${rnd() < 0.9 ? 'in stock' : 'out of stock'}</g:availability>`,
    `<g:condition>new</g:condition>`,
    `<g:price>${price.toFixed(2)} USD</g:price>`,
    ...(onSale
      ? [
          `<g:sale_price>${(price * 0.8).toFixed(2)} USD</g:sale_price>`,
          `<g:sale_price_effective_date>2025-11-01T00:00-0800/2025-11-30T23:59-0800</g:sale_price_effective_date>`,
        ]
      : []),
    `<g:brand>${brand}</g:brand>`,
    `<g:item_group_id>G-${group}</g:item_group_id>`,
    `<g:product_type>Home &gt; ${kind}s</g:product_type>`,
    `<g:google_product_category>${1000 + Math.floor(rnd() * 5000)}</g:google_product_category>`,
    `<g:custom_label_0>${pick(['summer', 'winter', 'evergreen'])}</g:custom_label_0>`,
    `<g:custom_label_1>${rnd() < 0.2 ? 'bestseller' : ''}</g:custom_label_1>`,
    `<g:color>${colour}</g:color>`,
    `<g:size>${pick(SIZES)}</g:size>`,
    `<g:gender>unisex</g:gender>`,
    `<g:shipping><g:country>US</g:country><g:price>4.95 USD</g:price></g:shipping>`,
    `<g:rating>${(3 + rnd() * 2).toFixed(1)}</g:rating>`,
    `<g:review_count>${Math.floor(rnd() * 2000)}</g:review_count>`,
    `<g:inventory>${Math.floor(rnd() * 500)}</g:inventory>`,
    `</item>`,
  ];
  return lines.join('\n    ');
}

/** Writes the feed once (streamed, with backpressure) and reuses it on later runs. */
async function generateFeed(): Promise<void> {
  if (existsSync(feedPath)) return;
  await mkdir(folder, { recursive: true });
  log(`writing a ${ITEMS.toLocaleString('en')}-item RSS feed to ${path.relative(root, feedPath)}`);
  const temp = `${feedPath}.part`;
  const out = createWriteStream(temp);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  const rnd = random(42);
  await write(
    '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n' +
      '  <title>Bench shop</title>\n  <link>https://shop.example.com</link>\n  <description>Generated</description>\n',
  );
  for (let n = 1; n <= ITEMS; n += 1) await write(`  ${itemXml(n, rnd)}\n`);
  await write('</channel>\n</rss>\n');
  out.end();
  await once(out, 'finish');
  const { rename } = await import('node:fs/promises');
  await rename(temp, feedPath);
}

/** The floor: read the file, decode it, run saxes, count <item> start tags. */
async function bareParse(): Promise<{ ms: number; items: number }> {
  const started = performance.now();
  const parser = new SaxesParser();
  const decoder = new TextDecoder('utf-8');
  let items = 0;
  parser.on('opentag', (node) => {
    if (node.name === 'item') items += 1;
  });
  for await (const chunk of createReadStream(feedPath))
    parser.write(decoder.decode(chunk as Buffer, { stream: true }));
  parser.write(decoder.decode());
  parser.close();
  return { ms: since(started), items };
}

/** The importer's work without a database: parse, map each row to an item, serialise and hash it. */
async function pipelineWithoutDatabase(): Promise<number> {
  const started = performance.now();
  const feed = await openFeed(createReadStream(feedPath));
  const mapper = createItemMapper();
  let items = 0;
  for await (const event of feed.events()) {
    if (event.kind !== 'record') continue;
    const result = mapper.toItem(event);
    if ('item' in result) {
      contentHash(result.item, itemJson(result.item));
      items += 1;
    }
  }
  if (items !== ITEMS) throw new Error(`the pipeline mapped ${items} items, expected ${ITEMS}`);
  return since(started);
}

const databaseKind = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'the embedded PostgreSQL';

/** A migrated database of the chosen kind, removed again by `drop`. */
async function benchDatabase(): Promise<{ database: Database; dataDir?: string; drop(): Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (adminUrl) {
    const name = `adloom_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    await database.migrate();
    return {
      database,
      async drop() {
        await database.close();
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  }
  // The embedded database as `npm start` runs it, in a fresh DATA_DIR (BENCH_DB_DIR chooses where).
  const dir = await mkdtemp(path.join(process.env.BENCH_DB_DIR ?? tmpdir(), 'adloom-bench-'));
  const database = await openDatabase({ dataDir: dir, command: 'npm run bench:import' });
  await database.migrate();
  return {
    database,
    dataDir: dir,
    async drop() {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Memory of the embedded database server: the proportional set size (shared pages split among the
 * processes that share them, so the sum is not inflated) of its postmaster and every child, in MB.
 */
function serverPssMb(dataDir: string | undefined): number | undefined {
  if (!dataDir) return undefined;
  try {
    const postmaster = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]!;
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', postmaster], { encoding: 'utf8' })
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    let kb = 0;
    for (const pid of [postmaster, ...children]) {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      kb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    }
    return kb / 1024;
  } catch {
    return undefined;
  }
}

/** The process's peak resident set so far, in MB (getrusage reports kilobytes on Linux). */
const peakRssMb = (): number => process.resourceUsage().maxRSS / 1024;

async function timeImport(): Promise<{
  ms: number;
  items: number;
  status: string;
  error: string | null;
  rssOpenMb: number;
  serverPeakMb: number | undefined;
}> {
  const { database, dataDir, drop } = await benchDatabase();
  const rssOpenMb = process.memoryUsage().rss / 1024 ** 2;
  let serverPeakMb = serverPssMb(dataDir);
  const sampleServer = () => {
    const now = serverPssMb(dataDir);
    if (now !== undefined) serverPeakMb = Math.max(serverPeakMb ?? 0, now);
  };
  try {
    const db = database.db;
    const [client] = await db.insert(clients).values({ name: 'Bench', planStatus: 'paying' }).returning();
    const [catalog] = await db
      .insert(catalogs)
      .values({ clientId: client!.id, name: 'Bench feed' })
      .returning();
    const queued = await queueCatalogImport(db, catalog!.id);
    const files = createDiskFileStore(folder);
    let lastLog = performance.now();
    const started = performance.now();
    const result = await runCatalogImport(
      { db, files },
      {
        catalogId: catalog!.id,
        importId: queued.id,
        source: { kind: 'file', key: feedKey },
        onProgress: ({ rowsRead }) => {
          if (performance.now() - lastLog > 5000) {
            sampleServer();
            lastLog = performance.now();
            log(
              `  ${rowsRead.toLocaleString('en')} rows, RSS ${(process.memoryUsage().rss / 1024 ** 2).toFixed(0)} MB`,
            );
          }
        },
      },
    );
    const ms = since(started);
    sampleServer();
    const [{ count } = { count: 0 }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(sql`catalog_items`)
      .where(sql`import_id = ${queued.id}`);
    const [row] = await db.select().from(catalogImports).where(eq(catalogImports.id, queued.id));
    return { ms, items: Number(count), status: row!.status, error: result.error, rssOpenMb, serverPeakMb };
  } finally {
    await drop();
  }
}

function verdict(met: boolean): string {
  return met ? 'met' : 'MISSED';
}

async function main(): Promise<void> {
  const started = performance.now();
  const loadAtStart = loadavg()[0]!;
  await generateFeed();
  const { size } = await stat(feedPath);

  log(`bare parse, ${BARE_RUNS} runs`);
  const bare: number[] = [];
  for (let run = 0; run < BARE_RUNS; run += 1) {
    const result = await bareParse();
    if (result.items !== ITEMS)
      throw new Error(`bare parse counted ${result.items} items, expected ${ITEMS}`);
    bare.push(result.ms);
  }
  const rssAfterBare = peakRssMb();
  log('the pipeline without a database');
  const pipelineMs = await pipelineWithoutDatabase();

  log(`import into ${databaseKind}`);
  const imported = await timeImport();
  if (imported.status !== 'completed') throw new Error(`the import ${imported.status}: ${imported.error}`);
  if (imported.items !== ITEMS)
    throw new Error(`the import wrote ${imported.items} items, expected ${ITEMS}`);

  const bareParseMs = median(bare);
  const ratio = imported.ms / bareParseMs;
  const itemsPerSec = ITEMS / (imported.ms / 1000);
  const peak = peakRssMb();
  const rows: string[][] = [
    ['measure', 'value', 'target', ''],
    [
      'feed',
      `${ITEMS.toLocaleString('en')} items, ${(size / 1024 ** 2).toFixed(1)} MB RSS 2.0 with g: fields`,
      '',
      '',
    ],
    ['bare parse (saxes, count items; median)', `${(bareParseMs / 1000).toFixed(2)} s`, '', ''],
    ['parse, map, hash (no database)', `${(pipelineMs / 1000).toFixed(2)} s`, '', ''],
    ['  / bare parse', `${(pipelineMs / bareParseMs).toFixed(2)} ×`, '', ''],
    [`import into ${databaseKind} (all of it)`, `${(imported.ms / 1000).toFixed(2)} s`, '', ''],
    ['items/s', Math.round(itemsPerSec).toLocaleString('en'), '', ''],
    ['import / bare parse', `${ratio.toFixed(2)} ×`, `≤ ${TARGET_RATIO} ×`, verdict(ratio <= TARGET_RATIO)],
    ['peak RSS after the bare parses', `${rssAfterBare.toFixed(1)} MB`, '', ''],
    ['RSS once the database is open', `${imported.rssOpenMb.toFixed(1)} MB`, '', ''],
    ['peak RSS (whole run)', `${peak.toFixed(1)} MB`, `< ${TARGET_RSS_MB} MB`, verdict(peak < TARGET_RSS_MB)],
    ...(imported.serverPeakMb === undefined
      ? []
      : [['embedded database server, peak PSS (sampled)', `${imported.serverPeakMb.toFixed(1)} MB`, '', '']]),
  ];
  console.log(
    `\nimport benchmark: ${ITEMS.toLocaleString('en')}-item RSS feed into ${databaseKind}, ` +
      `${(since(started) / 1000).toFixed(0)} s in all\n` +
      `machine: ${availableParallelism()} cores, 1-minute load average ${loadAtStart.toFixed(1)} at the start, ` +
      `${loadavg()[0]!.toFixed(1)} at the end\n`,
  );
  console.log(table(rows));
  console.log(
    JSON.stringify({
      items: ITEMS,
      database: databaseKind,
      bareParseMs: Math.round(bareParseMs),
      importMs: Math.round(imported.ms),
      itemsPerSec: Math.round(itemsPerSec),
      ratio: Math.round(ratio * 100) / 100,
      peakRssMb: round1(peak),
      ...(imported.serverPeakMb === undefined ? {} : { serverPeakPssMb: round1(imported.serverPeakMb) }),
    }),
  );
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
