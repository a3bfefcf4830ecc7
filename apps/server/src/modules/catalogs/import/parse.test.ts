import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type FeedEvent, formatSize, openFeed, type OpenFeedOptions, sniffDelimiter } from './parse.js';

/** Splits the text into small chunks, so every parser sees rows and tags cut across chunk boundaries. */
function chunked(data: string | Buffer): Readable {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  const size = bytes.length > 100_000 ? 64 * 1024 : 7;
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return Readable.from(chunks, { objectMode: false });
}

async function read(data: string | Buffer, options?: OpenFeedOptions) {
  const feed = await openFeed(chunked(data), options);
  const events: FeedEvent[] = [];
  for await (const event of feed.events()) events.push(event);
  return { feed, events, format: feed.format };
}

const pairs = (event: FeedEvent) =>
  event.kind === 'record' ? event.names.map((name, i) => [name, event.values[i]]) : [];
const asObject = (event: FeedEvent) =>
  event.kind === 'record' ? { row: event.row, ...Object.fromEntries(pairs(event)) } : event;

describe('CSV and TSV', () => {
  it('reads quoted fields, multi-line values and a BOM', async () => {
    const csv = '\ufeffid,title,description\n1,"Shirt, sand","Soft\nand ""light"""\r\n2,Tote,15" bag\n';
    const { events, format } = await read(csv);
    expect(format).toBe('csv');
    expect(events.map(asObject)).toEqual([
      { row: 1, id: '1', title: 'Shirt, sand', description: 'Soft\nand "light"' },
      { row: 2, id: '2', title: 'Tote', description: '15" bag' },
    ]);
  });

  it('reports a malformed row in the middle and reads on', async () => {
    const csv = 'id,title\n1,a\n2,b,extra\n3,c\n\n4,d\n';
    const { events } = await read(csv);
    expect(events.map(asObject)).toEqual([
      { row: 1, id: '1', title: 'a' },
      {
        kind: 'rejected',
        row: 2,
        id: null,
        reason: 'Malformed row: 3 columns where the header has 2 (line 3)',
      },
      { row: 3, id: '3', title: 'c' },
      { row: 4, id: '4', title: 'd' },
    ]);
  });

  it('reports a quote that never closes as the last row', async () => {
    const { events } = await read('id,title\n1,a\n2,"open\n3,c\n');
    expect(events.map(asObject)).toEqual([
      { row: 1, id: '1', title: 'a' },
      {
        kind: 'rejected',
        row: 2,
        id: null,
        reason:
          'Malformed row: a quote opened after line 2 is never closed, so the rest of the file could not be read',
      },
    ]);
  });

  it('ends with an error when an unclosed quote swallows more than a row can hold', async () => {
    const csv = `id,title\n1,"open\n${'x,y\n'.repeat(300_000)}`;
    await expect(read(csv)).rejects.toThrow(
      /^Row 1 \(from line 2\) is longer than 1 MB: a quote is probably never closed$/,
    );
  });

  it('skips rows with no value at all and keeps row numbers', async () => {
    const { events } = await read('id,title\n,\n2,b\n');
    expect(events.map(asObject)).toEqual([{ row: 2, id: '2', title: 'b' }]);
  });

  it('names empty header cells and keeps repeated columns', async () => {
    const { events } = await read('id,,image,image\n1,x,a.jpg,b.jpg\n');
    expect(pairs(events[0]!)).toEqual([
      ['id', '1'],
      ['column_2', 'x'],
      ['image', 'a.jpg'],
      ['image', 'b.jpg'],
    ]);
  });

  it('reads TSV, semicolons and pipes by sniffing the header line', async () => {
    const tsv = await read('id\ttitle\tprice\n1\tShirt, sand\t15,00 EUR\n');
    expect(tsv.format).toBe('tsv');
    expect(tsv.events.map(asObject)).toEqual([{ row: 1, id: '1', title: 'Shirt, sand', price: '15,00 EUR' }]);
    const semi = await read('id;title;price\n1;Shirt;15,00 EUR\n');
    expect(semi.events.map(asObject)).toEqual([{ row: 1, id: '1', title: 'Shirt', price: '15,00 EUR' }]);
    expect(sniffDelimiter('id|title')).toBe('|');
    expect(sniffDelimiter('"a,b";c;d')).toBe(';');
    expect(sniffDelimiter('id')).toBe(',');
  });

  it('takes a tsv hint over the sniffing', async () => {
    const { format, events } = await read('id,title\n1,a\n', { format: 'tsv' });
    expect(format).toBe('tsv');
    expect(events.map(asObject)).toEqual([{ row: 1, 'id,title': '1,a' }]);
  });
});

describe("Meta's comment lines and the format (issue 17)", () => {
  // Meta's "Metadata tags" page: space-delimited comments at the top of TSV/CSV feeds.
  const metaTsv =
    '# ref_application_id 451257172939091\n# ref_asset_id 12345\nid\ttitle\tprice\nDB_1\tDog Bowl In Blue\t9.99 GBP\n';

  it('skips the leading comment lines of a TSV or CSV, before sniffing the header', async () => {
    const tsv = await read(metaTsv);
    expect(tsv.format).toBe('tsv');
    expect(tsv.events.map(asObject)).toEqual([
      { row: 1, id: 'DB_1', title: 'Dog Bowl In Blue', price: '9.99 GBP' },
    ]);
    const csv = await read('\ufeff# ref_application_id 1, "quoted"\nid,title\n1,a\n2,b,c\n');
    expect(csv.events.map(asObject)).toEqual([
      { row: 1, id: '1', title: 'a' },
      // Line numbers still count the comment lines.
      {
        kind: 'rejected',
        row: 2,
        id: null,
        reason: 'Malformed row: 3 columns where the header has 2 (line 4)',
      },
    ]);
  });

  it('keeps a # inside the data', async () => {
    const { events } = await read('id,title\n#1,a\n');
    expect(events.map(asObject)).toEqual([{ row: 1, id: '#1', title: 'a' }]);
  });

  it('reads JSON and JSON Lines from their first bytes', async () => {
    const json = await read('[{"id":"1","title":"a"}]');
    expect(json.format).toBe('json');
    expect(json.events.map(asObject)).toEqual([{ row: 1, id: '1', title: 'a' }]);
    const lines = await read('{"id":"1"}\n{"id":"2"}\n');
    expect(lines.format).toBe('jsonl');
    expect(lines.events).toHaveLength(2);
  });

  it('takes the format the user chose over the first bytes', async () => {
    const asCsv = await read('{"id":"1"}\n', { format: 'csv' });
    expect(asCsv.format).toBe('csv');
    const asJsonl = await read('{"id":"1"}\n{"id":"2"}\n', { format: 'jsonl' });
    expect(asJsonl.format).toBe('jsonl');
  });
});

describe('gzip', () => {
  it('inflates a gzip feed found by its magic bytes, CSV or XML', async () => {
    const csv = await read(gzipSync('id,title\n1,a\n2,b\n'));
    expect(csv.feed.gzip).toBe(true);
    expect(csv.events.map(asObject)).toEqual([
      { row: 1, id: '1', title: 'a' },
      { row: 2, id: '2', title: 'b' },
    ]);
    const xml = await read(gzipSync('<rss><channel><item><g:id>9</g:id></item></channel></rss>'));
    expect(xml.format).toBe('rss');
    expect(xml.events.map(asObject)).toEqual([{ row: 1, 'g:id': '9' }]);
  });

  it('stops a feed that inflates past the byte cap', async () => {
    const bomb = gzipSync(Buffer.alloc(5 * 1024 * 1024, 'a'));
    expect(bomb.length).toBeLessThan(20_000);
    await expect(read(bomb, { maxBytes: 1024 * 1024 })).rejects.toThrow(
      'The feed is larger than 1 MB once decompressed',
    );
  });

  it('says so when the gzip data is corrupt', async () => {
    const broken = gzipSync('id,title\n1,a\n'.repeat(1000));
    broken.fill(0x41, 20, 60);
    await expect(read(broken)).rejects.toThrow(/^The feed's gzip data is corrupt/);
  });
});

const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">
  <channel>
    <title>Shop</title>
    <link>https://shop.test</link>
    <item>
      <g:id>A1</g:id>
      <title>Linen &amp; cotton&nbsp;shirt</title>
      <description><![CDATA[<p>Soft</p>]]></description>
      <link>https://shop.test/a1</link>
      <g:price>59.00 USD</g:price>
      <g:additional_image_link>https://shop.test/1.jpg</g:additional_image_link>
      <g:additional_image_link>https://shop.test/2.jpg</g:additional_image_link>
      <g:shipping><g:country>US</g:country><g:price>5 USD</g:price></g:shipping>
    </item>
    <item><g:id>A2</g:id><g:title/></item>
  </channel>
</rss>`;

describe('RSS and Atom', () => {
  it('reads RSS 2.0 items with g: fields, entities, CDATA, repeated and nested elements', async () => {
    const { events, format } = await read(RSS);
    expect(format).toBe('rss');
    expect(events.map((e) => [e.row, pairs(e)])).toEqual([
      [
        1,
        [
          ['g:id', 'A1'],
          ['title', 'Linen & cotton\u00a0shirt'],
          ['description', '<p>Soft</p>'],
          ['link', 'https://shop.test/a1'],
          ['g:price', '59.00 USD'],
          ['g:additional_image_link', 'https://shop.test/1.jpg'],
          ['g:additional_image_link', 'https://shop.test/2.jpg'],
          ['g:shipping.country', 'US'],
          ['g:shipping.price', '5 USD'],
        ],
      ],
      [
        2,
        [
          ['g:id', 'A2'],
          ['g:title', ''],
        ],
      ],
    ]);
  });

  it('writes any prefix bound to Google’s namespace as g:', async () => {
    const xml = `<rss xmlns:google="http://base.google.com/ns/1.0" xmlns:x="urn:other"><channel>
      <item><google:id>1</google:id><x:id>other</x:id></item></channel></rss>`;
    const { events } = await read(xml);
    expect(events.map(asObject)).toEqual([{ row: 1, 'g:id': '1', 'x:id': 'other' }]);
  });

  it('reads Atom entries, with the alternate link from its href', async () => {
    const atom = `<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:g="http://base.google.com/ns/1.0">
  <title>Shop</title>
  <entry>
    <id>tag:shop.test,2024:1</id>
    <g:id>B1</g:id>
    <title type="text">Tote</title>
    <summary>Canvas</summary>
    <link rel="self" href="https://shop.test/feed/b1"/>
    <link href="https://shop.test/b1"/>
    <g:price>25 USD</g:price>
  </entry>
</feed>`;
    const { events, format } = await read(atom);
    expect(format).toBe('atom');
    expect(events.map(asObject)).toEqual([
      {
        row: 1,
        id: 'tag:shop.test,2024:1',
        'g:id': 'B1',
        title: 'Tote',
        summary: 'Canvas',
        link: 'https://shop.test/b1',
        'g:price': '25 USD',
      },
    ]);
  });

  it('decodes the encoding the XML declaration names', async () => {
    const latin1 = Buffer.from(
      '<?xml version="1.0" encoding="ISO-8859-1"?><rss><item><title>Caf\xe9</title></item></rss>',
      'latin1',
    );
    const { events } = await read(latin1);
    expect(events.map(asObject)).toEqual([{ row: 1, title: 'Café' }]);
  });

  it('skips a malformed item with its line and reads on', async () => {
    const broken = RSS.replace('<g:price>59.00 USD</g:price>', '<g:price>59.00 USD</g:prize>');
    const { events } = await read(broken);
    expect(events.map(asObject)).toEqual([
      {
        kind: 'rejected',
        row: 1,
        id: 'A1',
        reason: expect.stringMatching(/^Malformed item: .*\(line 1[0-5]\)$/) as unknown,
      },
      { row: 2, 'g:id': 'A2', 'g:title': '' },
    ]);
  });

  it('ends with an error when the feed is cut off inside an item, after the items before it', async () => {
    const cut = '<rss><channel><item><g:id>1</g:id></item><item><g:id>7</g:id>';
    const feed = await openFeed(chunked(cut));
    const seen: FeedEvent[] = [];
    const error = await (async () => {
      for await (const event of feed.events()) seen.push(event);
    })().then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(seen.map(asObject)).toEqual([{ row: 1, 'g:id': '1' }]);
    expect(error?.message).toMatch(/^The feed is not well-formed XML: unclosed tag: /);
  });

  it('still ends with an error naming the line when the XML breaks outside items', async () => {
    const broken = RSS.replace('<title>Shop</title>', '<title>Shop</titel>');
    await expect(read(broken)).rejects.toThrow(/^The feed is not well-formed XML: .*\(line \d+\)$/);
  });

  it('keeps raw control characters in values, for the item mapper to remove and report', async () => {
    const dirty = RSS.replace(
      '<g:price>59.00 USD</g:price>',
      '<g:price>59.00 USD</g:price><g:brand>Ac\u000bme</g:brand>',
    );
    const { events } = await read(dirty);
    expect(events.map(asObject)[0]).toMatchObject({ row: 1, 'g:brand': 'Ac\u000bme' });
    expect(events).toHaveLength(2);
    // In a tag name it is still broken XML.
    const { events: skipped } = await read(RSS.replace('<g:price>59.00', '<g:pr\u000bice>59.00'));
    expect(skipped[0]).toMatchObject({
      kind: 'rejected',
      reason: expect.stringMatching(
        /^Malformed item: disallowed character in tag name\. \(line 11\)$/,
      ) as unknown,
    });
  });

  it('says an HTML page is not a feed, whatever the case of its doctype and whatever the hint', async () => {
    const message = 'The address returned an HTML page, not a catalogue feed: check the feed URL';
    await expect(read('<!DOCTYPE html><html><body>Sign in</body></html>')).rejects.toThrow(message);
    await expect(read('\n  <!doctype html>\n<html lang="en"><body>Sign in</body></html>')).rejects.toThrow(
      message,
    );
    await expect(read('<!-- page --><html><body></body></html>')).rejects.toThrow(message);
    await expect(read('<!doctype html><p>x</p>', { format: 'csv' })).rejects.toThrow(message);
  });

  it('reads HTML named entities as their characters', async () => {
    const { events } = await read(
      '<rss><channel><item><g:id>1</g:id><title>Caf&eacute; cr&egrave;me &ndash; 2&nbsp;&times; 250&thinsp;g</title></item></channel></rss>',
    );
    expect(events.map(asObject)).toEqual([
      { row: 1, 'g:id': '1', title: 'Café crème – 2\u00a0× 250\u2009g' },
    ]);
  });

  it('skips only the item with an entity that is neither XML nor HTML', async () => {
    const { events } = await read(
      '<rss><channel><item><g:id>1</g:id><title>A &bogus; B</title></item><item><g:id>2</g:id></item></channel></rss>',
    );
    expect(events.map(asObject)).toEqual([
      { kind: 'rejected', row: 1, id: '1', reason: 'Malformed item: undefined entity. (line 1)' },
      { row: 2, 'g:id': '2' },
    ]);
  });

  it("decodes Atom's html and xhtml text to plain text", async () => {
    // The text constructs of RFC 4287 §3.1, as Google's Atom example writes an item.
    const atom = `<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:g="http://base.google.com/ns/1.0">
  <entry>
    <g:id>C1</g:id>
    <title type="html">Caf&amp;eacute; &lt;b&gt;mug&lt;/b&gt;</title>
    <summary type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Stoneware, <em>hand</em> glazed.</p><p>350&#160;ml</p></div></summary>
    <content type="text">&lt;kept as text&gt;</content>
  </entry>
</feed>`;
    const { events } = await read(atom);
    expect(events.map(asObject)).toEqual([
      {
        row: 1,
        'g:id': 'C1',
        title: 'Café mug',
        summary: 'Stoneware, hand glazed.\n350 ml',
        content: '<kept as text>',
      },
    ]);
  });

  it('rejects an item with more text than a row may hold, and reads on', async () => {
    const big = 'x'.repeat(1024 * 1024 + 1);
    const { events } = await read(
      `<rss><item><g:id>1</g:id><description>${big}</description></item><item><g:id>2</g:id></item></rss>`,
    );
    expect(events.map(asObject)).toEqual([
      { kind: 'rejected', row: 1, id: null, reason: 'Item is longer than 1 MB of text' },
      { row: 2, 'g:id': '2' },
    ]);
  });
});

describe('streaming', () => {
  it('reads a 50,000-row CSV without reading far ahead of its consumer', async () => {
    const rows = 50_000;
    let produced = 0;
    let maxLead = 0;
    let consumed = 0;
    async function* source() {
      yield Buffer.from('id,title,price,image_link,additional_image_link\n');
      for (let chunk = 0; chunk < rows / 100; chunk += 1) {
        const lines: string[] = [];
        for (let i = 0; i < 100; i += 1) {
          const n = chunk * 100 + i + 1;
          lines.push(
            `${n},"Product ${n}, blue",${(n % 900) + 10}.99 USD,https://cdn.test/${n}.jpg,"https://cdn.test/${n}-b.jpg,https://cdn.test/${n}-c.jpg"`,
          );
        }
        produced += 100;
        maxLead = Math.max(maxLead, produced - consumed);
        yield Buffer.from(`${lines.join('\n')}\n`);
      }
    }
    const feed = await openFeed(Readable.from(source(), { objectMode: false }));
    let last = 0;
    for await (const event of feed.events()) {
      consumed += 1;
      if (event.kind === 'record') last = event.row;
      // A slow consumer: the producer must wait for it rather than fill memory.
      if (consumed % 5000 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(consumed).toBe(rows);
    expect(last).toBe(rows);
    expect(maxLead).toBeLessThan(5000);
    expect(feed.bytesRead).toBeGreaterThan(rows * 100);
  });

  it('formats sizes for messages', () => {
    expect(formatSize(2 * 1024 ** 3)).toBe('2 GB');
    expect(formatSize(1.5 * 1024 ** 2)).toBe('1.5 MB');
    expect(formatSize(300 * 1024)).toBe('300 KB');
    expect(formatSize(12)).toBe('12 bytes');
  });
});
