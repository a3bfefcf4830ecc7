import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_PIXELS } from '../images/pixel-limit.js';
import { fetchImage, IMAGE_FETCH_DEFAULTS } from '../server/images/index.js';
import { ImageLoadError } from '../server/images/errors.js';
import { pngBomb, pngClaiming } from '../server/images/test/fixtures.js';
import { logoImage, quadrantImage } from '../server/test/images.js';
import {
  BROWSER_IMAGE_DEFAULTS,
  fetchImageLoader,
  isSvgText,
  sniffAlphaChannel,
  sniffImageFormat,
  type FetchImageLoaderOptions,
} from './images.js';

const rgb = (width: number, height: number) =>
  sharp(Buffer.alloc(width * height * 3, 120), { raw: { width, height, channels: 3 } });

describe('sniffing images in the browser', () => {
  it('tells formats apart by their bytes', async () => {
    expect(sniffImageFormat(await quadrantImage(8, 8, 'jpeg'))).toBe('jpeg');
    expect(sniffImageFormat(await quadrantImage(8, 8, 'png'))).toBe('png');
    expect(sniffImageFormat(await rgb(8, 8).webp().toBuffer())).toBe('webp');
    expect(sniffImageFormat(await rgb(8, 8).gif().toBuffer())).toBe('gif');
    expect(sniffImageFormat(await rgb(8, 8).avif().toBuffer())).toBe('avif');
    expect(sniffImageFormat(await rgb(8, 8).tiff().toBuffer())).toBe('tiff');
    expect(sniffImageFormat(new TextEncoder().encode('<?xml version="1.0"?><svg width="2"/>'))).toBe('svg');
    expect(sniffImageFormat(new TextEncoder().encode('<!doctype html><html><svg/></html>'))).toBeUndefined();
  });

  it('recognises SVG documents behind comments, PIs and a doctype', () => {
    expect(
      isSvgText(
        '\uFEFF <!-- x --><?xml-stylesheet x?>\n<!DOCTYPE svg [ <!ENTITY a "b"> ]><svg:svg xmlns:svg="x">',
      ),
    ).toBe(true);
    expect(isSvgText('<svg>')).toBe(true);
    expect(isSvgText('<svgx>')).toBe(false);
    expect(isSvgText('hello <svg>')).toBe(false);
  });

  it('says whether there is an alpha channel exactly as sharp does', async () => {
    const transparent = await logoImage(40, 20);
    const images: [string, Buffer][] = [
      ['JPEG', await quadrantImage(16, 16, 'jpeg')],
      ['PNG RGB', await rgb(16, 16).png().toBuffer()],
      ['PNG RGBA', transparent],
      ['PNG grey', await rgb(16, 16).greyscale().png().toBuffer()],
      ['PNG grey + alpha', await sharp(transparent).greyscale().png().toBuffer()],
      ['PNG palette', await rgb(16, 16).png({ palette: true }).toBuffer()],
      ['PNG palette + transparency', await sharp(transparent).png({ palette: true }).toBuffer()],
      ['WebP lossy', await rgb(16, 16).webp().toBuffer()],
      ['WebP lossy + alpha', await sharp(transparent).webp().toBuffer()],
      ['WebP lossless', await rgb(16, 16).webp({ lossless: true }).toBuffer()],
      ['WebP lossless + alpha', await sharp(transparent).webp({ lossless: true }).toBuffer()],
      ['GIF', await rgb(16, 16).gif().toBuffer()],
      ['GIF + transparency', await sharp(transparent).gif().toBuffer()],
    ];
    for (const [name, bytes] of images) {
      const format = sniffImageFormat(bytes)!;
      expect(sniffAlphaChannel(bytes, format), name).toBe((await sharp(bytes).metadata()).hasAlpha);
    }
    expect(sniffAlphaChannel(await rgb(8, 8).avif().toBuffer(), 'avif')).toBeUndefined();
  });
});

describe('fetchImageLoader', () => {
  const png = quadrantImage(30, 20, 'png');
  const bitmap = (width: number, height: number) =>
    ({ width, height, close: () => undefined }) as ImageBitmap;
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const loader = (
    respond: (url: string) => Response | Promise<Response>,
    options: FetchImageLoaderOptions = {},
  ) =>
    fetchImageLoader({
      pageBase: 'https://app.example/renderer/',
      fetch: (async (input: URL, init?: RequestInit) => {
        calls.push({ url: String(input), init });
        return respond(String(input));
      }) as typeof fetch,
      decode: async () => bitmap(30, 20),
      ...options,
    });

  it('uses the server limits', () => {
    expect(BROWSER_IMAGE_DEFAULTS).toEqual({
      timeoutMs: IMAGE_FETCH_DEFAULTS.timeoutMs,
      maxBytes: IMAGE_FETCH_DEFAULTS.maxBytes,
      maxPixels: IMAGE_FETCH_DEFAULTS.maxPixels,
    });
    expect(BROWSER_IMAGE_DEFAULTS.maxPixels).toBe(MAX_IMAGE_PIXELS);
  });

  it('refuses an image over the pixel limit from its header, before decoding it, as the server does', async () => {
    const bomb = `data:image/png;base64,${pngBomb(20_000, 20_000).toString('base64')}`;
    let decoded = 0;
    const load = fetchImageLoader({
      decode: async () => {
        decoded += 1;
        return bitmap(20_000, 20_000);
      },
    });
    const error = await load(bomb).catch((caught: unknown) => caught);
    expect(decoded).toBe(0);
    expect(error).toMatchObject({ code: 'TOO_MANY_PIXELS' });
    const server = await fetchImage(bomb).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe((server as Error).message);
    expect((error as Error).message).toMatch(
      /^Image data:image\/png;base64,.*… is 20000 × 20000 pixels, more than the limit of 25 megapixels; use a smaller image$/,
    );
  });

  it('refuses an SVG image that carries a bomb inside, before resvg sees it', async () => {
    const inner = `data:image/png;base64,${pngClaiming(12_000, 12_000).toString('base64')}`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><image width="100" height="100" href="${inner}"/></svg>`;
    let measured = 0;
    const load = loader(() => new Response(svg), {
      measureSvg: () => {
        measured += 1;
        return { width: 100, height: 100 };
      },
    });
    await expect(load('https://cdn.example/logo.svg')).rejects.toThrow(
      'Image https://cdn.example/logo.svg contains an image of 12000 × 12000 pixels, more than the limit of 25 megapixels; use a smaller image',
    );
    expect(measured).toBe(0);
  });

  it('fetches anonymously with CORS, resolving relative URLs against the page', async () => {
    const image = await loader(async () => new Response(new Uint8Array(await png)))('images/a.png');
    expect(image).toMatchObject({ width: 30, height: 20, format: 'png', alphaChannel: true });
    const call = calls.at(-1)!;
    expect(call.url).toBe('https://app.example/renderer/images/a.png');
    expect(call.init).toMatchObject({ method: 'GET', mode: 'cors', credentials: 'omit' });
    expect(call.init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('reads data: URLs', async () => {
    const bytes = await quadrantImage(30, 20, 'jpeg');
    const load = fetchImageLoader({ decode: async () => bitmap(30, 20), pageBase: 'https://app.example/' });
    const image = await load(`data:image/jpeg;base64,${bytes.toString('base64')}`);
    expect(image).toMatchObject({ format: 'jpeg', alphaChannel: false });
  });

  it('names the image and the reason when it cannot be used', async () => {
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => 'loaded',
        (error: unknown) =>
          error instanceof ImageLoadError ? `${error.code}: ${error.message}` : String(error),
      );
    await expect(
      failure(
        loader(() => new Response('gone', { status: 404, statusText: 'Not Found' }))(
          'https://cdn.example/a.png',
        ),
      ),
    ).resolves.toBe(
      'NOT_FOUND: Image https://cdn.example/a.png could not be loaded: the server answered HTTP 404 Not Found',
    );
    await expect(failure(loader(() => new Response('x'))('file:///etc/passwd'))).resolves.toMatch(
      /^BAD_SCHEME: Image file:/,
    );
    await expect(
      failure(loader(() => Promise.reject(new TypeError('Failed to fetch')))('https://cdn.example/a.png')),
    ).resolves.toBe(
      'NETWORK: Image https://cdn.example/a.png could not be loaded: Failed to fetch (a network error, or the server does not allow cross-origin requests)',
    );
    await expect(
      failure(
        loader(() => new Response(new Uint8Array(2000)), { maxBytes: 1000 })('https://cdn.example/big.png'),
      ),
    ).resolves.toBe('TOO_LARGE: Image https://cdn.example/big.png is larger than 1000 bytes');
    await expect(failure(loader(() => new Response('<html>'))('https://cdn.example/page'))).resolves.toMatch(
      /^NOT_AN_IMAGE: Image https:\/\/cdn.example\/page is not an image/,
    );
    await expect(
      failure(
        loader(async () => new Response(new Uint8Array(await png)), { maxPixels: 100 })(
          'https://cdn.example/a.png',
        ),
      ),
    ).resolves.toBe(
      'TOO_MANY_PIXELS: Image https://cdn.example/a.png is 30 × 20 pixels, more than the limit of 100 pixels; use a smaller image',
    );
    await expect(
      failure(
        loader(async () => new Response(new Uint8Array(await png)), {
          decode: () => Promise.reject(new Error('The source image could not be decoded.')),
        })('https://cdn.example/a.png'),
      ),
    ).resolves.toBe(
      'NOT_AN_IMAGE: Image https://cdn.example/a.png is not a readable PNG image: The source image could not be decoded.',
    );
  });

  it('gives up after the time limit', async () => {
    const load = fetchImageLoader({
      timeoutMs: 50,
      fetch: ((_input: URL, init?: RequestInit) =>
        new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
        )) as typeof fetch,
    });
    await expect(load('https://slow.example/a.png')).rejects.toThrow(
      'Image https://slow.example/a.png did not load within 50 ms',
    );
  });

  it('keeps SVG as text and measures it', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="10"/>';
    const image = await loader(() => new Response(svg), { measureSvg: () => ({ width: 40, height: 10 }) })(
      'https://cdn.example/a.svg',
    );
    expect(image).toMatchObject({ format: 'svg', width: 40, height: 10, alphaChannel: true });
    expect(new TextDecoder().decode(image.svg)).toBe(svg);
  });
});
