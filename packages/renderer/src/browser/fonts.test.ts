import { describe, expect, it } from 'vitest';
import { fontAssetPath } from '../fonts/catalogue.js';
import { fetchFontSource, MAX_BROWSER_FONT_BYTES } from './fonts.js';
import { readBody } from './http.js';

interface Call {
  url: string;
  init: RequestInit | undefined;
}

function source(respond: (url: string) => Response, calls: Call[] = []) {
  return fetchFontSource({
    assetsBase: 'https://adloom.example/renderer/adloom-renderer-X.js',
    pageBase: 'https://embedder.example/page/',
    fetch: (async (input: URL, init?: RequestInit) => {
      calls.push({ url: String(input), init });
      return respond(String(input));
    }) as typeof fetch,
  });
}

const signal = new AbortController().signal;
const font = new Uint8Array([0, 1, 0, 0, 9, 9]);

describe('fetchFontSource (the browser FontSource)', () => {
  it('fetches catalogue fonts from the assets path of the bundle’s origin, anonymously', async () => {
    const calls: Call[] = [];
    const bytes = await source(() => new Response(font), calls).catalogueFont(
      'Open Sans-700italic-cyrillic.ttf',
      signal,
    );
    expect(bytes).toEqual(font);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(`https://adloom.example${fontAssetPath('Open Sans', 700, true, 'cyrillic')}`);
    expect(calls[0]!.init).toMatchObject({ mode: 'cors', credentials: 'omit', signal });
  });

  it('falls back to the name without the weight when the weighted file is missing (spec section 7)', async () => {
    const calls: Call[] = [];
    const bytes = await source(
      (url) => (url.includes('-700') ? new Response('missing', { status: 404 }) : new Response(font)),
      calls,
    ).catalogueFont('Lato-700.ttf', signal);
    expect(bytes).toEqual(font);
    expect(calls.map((call) => call.url)).toEqual([
      `https://adloom.example${fontAssetPath('Lato', 700)}`,
      `https://adloom.example${fontAssetPath('Lato')}`,
    ]);
  });

  it('refuses names outside the catalogue and reports HTTP errors', async () => {
    const fonts = source(() => new Response('no', { status: 500 }));
    await expect(fonts.catalogueFont('../../etc/passwd', signal)).rejects.toThrow(/No font file/);
    await expect(fonts.catalogueFont('Lato-400.ttf', signal)).rejects.toThrow(
      `https://adloom.example${fontAssetPath('Lato', 400)} answered HTTP 500`,
    );
  });

  it('fetches custom fonts by fontUrl, relative to the page, without credentials', async () => {
    const calls: Call[] = [];
    const fonts = source(() => new Response(font), calls);
    expect(await fonts.customFont('fonts/brand.woff', signal)).toEqual(font);
    expect(calls[0]!.url).toBe('https://embedder.example/page/fonts/brand.woff');
    expect(calls[0]!.init).toMatchObject({ mode: 'cors', credentials: 'omit' });
    await expect(fonts.customFont('javascript:alert(1)', signal)).rejects.toThrow('is not http(s)');
  });

  it('refuses custom fonts over 10 MB', async () => {
    const big = source(
      () => new Response('x', { headers: { 'content-length': String(MAX_BROWSER_FONT_BYTES + 1) } }),
    );
    await expect(big.customFont('https://cdn.example/huge.ttf', signal)).rejects.toThrow(
      'is larger than 10485760 bytes',
    );
  });
});

describe('readBody', () => {
  const tooLarge = () => new Error('too large');

  it('reads a streamed body and stops past the limit', async () => {
    const stream = (chunks: number[]) =>
      new Response(
        new ReadableStream({
          start(controller) {
            for (const size of chunks) controller.enqueue(new Uint8Array(size).fill(7));
            controller.close();
          },
        }),
      );
    expect(await readBody(stream([3, 4]), 10, tooLarge)).toEqual(new Uint8Array(7).fill(7));
    await expect(readBody(stream([6, 6]), 10, tooLarge)).rejects.toThrow('too large');
    await expect(
      readBody(new Response('abc', { headers: { 'content-length': '99' } }), 10, tooLarge),
    ).rejects.toThrow('too large');
  });
});
