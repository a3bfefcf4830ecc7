import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFont } from '../resolve/text/font-loader.js';
import { fileFontSource } from './fonts.js';

const empty = mkdtempSync(path.join(os.tmpdir(), 'adloom-fonts-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));
const signal = new AbortController().signal;
const require = createRequire(import.meta.url);

describe('fileFontSource', () => {
  it('reads catalogue fonts, from the @fontsource WOFF files when the build has not run', async () => {
    const bytes = await fileFontSource({ fontsDir: empty }).catalogueFont(
      'Open Sans-700italic-cyrillic.ttf',
      signal,
    );
    expect(
      Buffer.from(bytes as Uint8Array)
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('wOFF');
    expect(parseFont(bytes).charToGlyphIndex('Ж')).toBeGreaterThan(0);
  });

  it('opens only names the catalogue produces', async () => {
    const source = fileFontSource({ fontsDir: empty });
    await expect(source.catalogueFont('../../package.json', signal)).rejects.toThrow(/No font file/);
    await expect(source.catalogueFont('open sans-400.ttf', signal)).rejects.toThrow(/not a catalogue file/);
  });

  it('refuses custom fonts that are not http(s) unless files are allowed, and private addresses', async () => {
    const file = path.join(empty, 'missing.ttf');
    await expect(fileFontSource().customFont(file, signal)).rejects.toThrow(/is not http\(s\)/);
    await expect(fileFontSource({ allowFiles: true }).customFont(file, signal)).rejects.toThrow(/ENOENT/);
    await expect(fileFontSource().customFont('http://127.0.0.1:9/font.ttf', signal)).rejects.toThrow(
      /Font http:\/\/127\.0\.0\.1:9\/font\.ttf .*loopback/,
    );
  });

  describe('over http', () => {
    let server: Server;
    let base: string;
    beforeAll(async () => {
      const font = readFileSync(
        path.join(
          path.dirname(require.resolve('@fontsource/open-sans/package.json')),
          'files/open-sans-latin-400-normal.woff',
        ),
      );
      server = createServer((request, response) => {
        if (request.url === '/font.woff') response.writeHead(200, { 'content-type': 'font/woff' }).end(font);
        else if (request.url === '/hop')
          response.writeHead(302, { location: 'http://localhost:9/font.woff' }).end();
        else response.writeHead(404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('loads a font from an allowed host and checks every redirect hop', async () => {
      const source = fileFontSource({ allowHosts: ['127.0.0.1'] });
      const bytes = await source.customFont(`${base}/font.woff`, signal);
      expect(parseFont(bytes).charToGlyphIndex('A')).toBeGreaterThan(0);
      await expect(source.customFont(`${base}/missing.woff`, signal)).rejects.toThrow(/Font .* 404/);
      // The redirect leads to localhost, which is not on the allow-list.
      await expect(source.customFont(`${base}/hop`, signal)).rejects.toThrow(
        /redirected to http:\/\/localhost:9/,
      );
    });
  });
});
