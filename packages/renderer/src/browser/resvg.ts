/**
 * resvg in the browser (@resvg/resvg-wasm): the same engine, version and options as the server
 * (`rasterise.ts`): no fonts at all (text arrives as outlines), the template's own size, and an optional
 * background colour. The WebAssembly module is fetched and compiled once per page.
 */
import { initWasm, Resvg } from '@resvg/resvg-wasm';

let ready: Promise<void> | undefined;

/**
 * Loads the resvg WebAssembly module from `wasmUrl` once; later calls share the first load. A failed load
 * is forgotten, so the next render tries again.
 */
export function initRasteriser(wasmUrl: string | URL): Promise<void> {
  ready ??= initWasm(fetch(wasmUrl)).catch((error: unknown) => {
    ready = undefined;
    throw new Error(`The renderer's WebAssembly module (${String(wasmUrl)}) could not be loaded`, {
      cause: error,
    });
  });
  return ready;
}

/** Premultiplied RGBA pixels, as resvg draws them. */
export interface BrowserRaster {
  pixels: Uint8Array;
  width: number;
  height: number;
}

/** Options of rasteriseSvg. */
export interface RasteriseOptions {
  /** Any CSS colour; none leaves the background transparent. */
  background?: string;
  /** Draw at this width (the height follows the aspect ratio); default: the document's own size. */
  width?: number;
  /** Also encode the result as PNG (resvg's encoder). */
  png?: boolean;
}

/** Draws an SVG document (initRasteriser must have finished). */
export function rasteriseSvg(
  svg: string | Uint8Array,
  options: RasteriseOptions = {},
): BrowserRaster & { png?: Uint8Array } {
  const resvg = new Resvg(svg, {
    fitTo: options.width === undefined ? { mode: 'original' } : { mode: 'width', value: options.width },
    font: { loadSystemFonts: false },
    ...(options.background === undefined ? {} : { background: options.background }),
  });
  try {
    const image = resvg.render();
    try {
      return {
        pixels: image.pixels.slice(),
        width: image.width,
        height: image.height,
        ...(options.png ? { png: image.asPng() } : {}),
      };
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}

/** The natural size of an SVG document, as resvg reads it. */
export function measureSvg(svg: Uint8Array): { width: number; height: number } {
  const resvg = new Resvg(svg, { font: { loadSystemFonts: false } });
  try {
    return { width: resvg.width, height: resvg.height };
  } finally {
    resvg.free();
  }
}

/** Straight (not premultiplied) RGBA, as ImageData wants, from resvg's premultiplied pixels. */
export function demultiply(pixels: Uint8Array): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(pixels.length);
  for (let i = 0; i < pixels.length; i += 4) {
    const alpha = pixels[i + 3]!;
    if (alpha === 255 || alpha === 0) {
      out[i] = pixels[i]!;
      out[i + 1] = pixels[i + 1]!;
      out[i + 2] = pixels[i + 2]!;
    } else {
      out[i] = (pixels[i]! * 255) / alpha;
      out[i + 1] = (pixels[i + 1]! * 255) / alpha;
      out[i + 2] = (pixels[i + 2]! * 255) / alpha;
    }
    out[i + 3] = alpha;
  }
  return out;
}
