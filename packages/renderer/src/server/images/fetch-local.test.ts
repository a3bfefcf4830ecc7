import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageLoadError, type ImageLoadErrorCode } from './errors.js';
import { fetchImage } from './fetch.js';
import { pngClaiming, solidImage, SVG_LOGO } from './test/fixtures.js';

async function expectCode(promise: Promise<unknown>, code: ImageLoadErrorCode): Promise<ImageLoadError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImageLoadError);
  expect((error as ImageLoadError).code, (error as Error).message).toBe(code);
  return error as ImageLoadError;
}

let png: Buffer;
let dir: string;
let pngPath: string;

beforeAll(async () => {
  png = await solidImage('png');
  dir = await mkdtemp(join(tmpdir(), 'adloom-images-'));
  pngPath = join(dir, 'photo.png');
  await writeFile(pngPath, png);
  await writeFile(join(dir, 'bomb.png'), pngClaiming(60_000, 60_000));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('data: URLs', () => {
  it('loads a base64 image, the format read from the bytes rather than the media type', async () => {
    const image = await fetchImage(`data:image/jpeg;base64,${png.toString('base64')}`);
    expect(image).toMatchObject({ format: 'png', width: 64, height: 48 });
    expect(image.bytes.equals(png)).toBe(true);
  });

  it('loads a percent-encoded SVG', async () => {
    const image = await fetchImage(`data:image/svg+xml,${encodeURIComponent(SVG_LOGO)}`);
    expect(image).toMatchObject({ format: 'svg', width: 120, height: 40 });
  });

  it('respects maxBytes before decoding', async () => {
    const url = `data:image/png;base64,${png.toString('base64')}`;
    await expect(fetchImage(url, { maxBytes: png.length })).resolves.toBeDefined();
    const error = await expectCode(fetchImage(url, { maxBytes: png.length - 1 }), 'TOO_LARGE');
    expect(error.message).toMatch(/^Image data:image\/png;base64,iVBOR.*… is larger than \d+ bytes$/);
    const svg = `data:image/svg+xml,${encodeURIComponent(SVG_LOGO)}`;
    await expectCode(fetchImage(svg, { maxBytes: 100 }), 'TOO_LARGE');
  });

  it('refuses a data: URL without data, and one that is not an image', async () => {
    await expectCode(fetchImage('data:image/png;base64'), 'BAD_URL');
    await expectCode(fetchImage('data:image/png,<html></html>'), 'NOT_AN_IMAGE');
    await expectCode(fetchImage('data:image/png;base64,'), 'NOT_AN_IMAGE');
  });

  it('refuses a pixel bomb in a data: URL', async () => {
    const url = `data:image/png;base64,${pngClaiming(60_000, 60_000).toString('base64')}`;
    await expectCode(fetchImage(url), 'TOO_MANY_PIXELS');
  });
});

describe('files (command-line renderer only)', () => {
  it('loads a path and a file: URL when allowFiles is set', async () => {
    const byPath = await fetchImage(pngPath, { allowFiles: true });
    expect(byPath).toMatchObject({ format: 'png', width: 64, height: 48, url: pathToFileURL(pngPath).href });
    const byUrl = await fetchImage(pathToFileURL(pngPath).href, { allowFiles: true });
    expect(byUrl.bytes.equals(png)).toBe(true);
    const relativePath = relative(process.cwd(), pngPath);
    await expect(fetchImage(relativePath, { allowFiles: true })).resolves.toMatchObject({ format: 'png' });
  });

  it('refuses paths and file: URLs without allowFiles', async () => {
    const path = await expectCode(fetchImage(pngPath), 'BAD_SCHEME');
    expect(path.message).toBe(
      `Image ${pngPath} is not a URL; only http:, https: and data: URLs are loaded here (file paths only by the command-line renderer)`,
    );
    const url = await expectCode(fetchImage(pathToFileURL(pngPath).href), 'BAD_SCHEME');
    expect(url.message).toContain(
      'uses the unsupported scheme "file:"; only http:, https: and data: URLs are loaded',
    );
  });

  it('reports a missing file, a directory and a device', async () => {
    const missing = await expectCode(fetchImage(join(dir, 'nope.png'), { allowFiles: true }), 'NOT_FOUND');
    expect(missing.message).toBe(`Image ${join(dir, 'nope.png')} was not found: no such file`);
    await expectCode(fetchImage(dir, { allowFiles: true }), 'NOT_FOUND');
    // An endless character device must be refused, not read until the byte limit.
    await expectCode(fetchImage('/dev/zero', { allowFiles: true }), 'NOT_FOUND');
  });

  it('applies the byte and pixel limits to files', async () => {
    const large = await expectCode(fetchImage(pngPath, { allowFiles: true, maxBytes: 100 }), 'TOO_LARGE');
    expect(large.message).toBe(
      `Image ${pngPath} is larger than 100 bytes (the file has ${png.length} bytes)`,
    );
    await expectCode(fetchImage(join(dir, 'bomb.png'), { allowFiles: true }), 'TOO_MANY_PIXELS');
  });
});

describe('schemes', () => {
  it.each([
    'ftp://example.com/a.png',
    'gopher://example.com/a.png',
    'javascript:alert(1)',
    'ws://example.com/a.png',
    'blob:https://example.com/1234',
    'about:blank',
  ])('refuses %s', async (url) => {
    const error = await expectCode(fetchImage(url), 'BAD_SCHEME');
    expect(error.message).toContain(`uses the unsupported scheme "${url.split(':')[0]}:"`);
  });

  it('still refuses other schemes when files are allowed', async () => {
    await expectCode(fetchImage('ftp://example.com/a.png', { allowFiles: true }), 'BAD_SCHEME');
  });

  it('rejects nonsensical limits as programming errors', async () => {
    await expect(fetchImage('data:,x', { maxBytes: 0 })).rejects.toThrow(RangeError);
    await expect(fetchImage('https://example.com/a.png', { timeoutMs: Number.NaN })).rejects.toThrow(
      RangeError,
    );
    await expect(fetchImage('data:,x', { maxRedirects: -1 })).rejects.toThrow(RangeError);
  });
});
