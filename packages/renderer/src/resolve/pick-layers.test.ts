import { describe, expect, it } from 'vitest';
import { DecodeBudget, prepareImages } from '../server/prepare-images.js';
import { rasterise, type Raster } from '../server/rasterise.js';
import {
  CHANNEL_TOLERANCE,
  goldenFontSource,
  goldenImageLoader,
  MAX_DIFFERENT,
  readGoldenCase,
} from '../server/test/golden.js';
import { embedImages } from './embed.js';
import { loadImageSources } from './load-images.js';
import { pickLayers, type LayerPick } from './pick-layers.js';
import { resolveTemplate } from './resolve.js';
import { FontCache } from './text/font-loader.js';

const loadImage = goldenImageLoader();
const fonts = goldenFontSource();
const fontCache = new FontCache();
const WHITE = '#ffffff';

/** One resolve of the golden case `ad-full` with `metadata`, drawn whole and as each part. */
async function drawParts(metadata: Record<string, string>, picks: readonly (LayerPick | null)[]) {
  const request = readGoldenCase('ad-full');
  const resolved = await resolveTemplate(
    { ...request, metadata: { ...(request.metadata as object), ...metadata } },
    { offscreen: true, fonts, fontCache },
  );
  const loaded = await loadImageSources(resolved.images, (source) => loadImage(source, {}));
  const prepared = await prepareImages(resolved.images, loaded, 25_000_000, new DecodeBudget(25_000_000));
  return Promise.all(
    picks.map((pick) =>
      rasterise(
        embedImages(pick ? pickLayers(resolved, pick) : resolved, prepared),
        pick?.onlyLayers ? undefined : WHITE,
      ),
    ),
  );
}

/** `top` (premultiplied, as resvg draws) over `bottom`. */
function over(top: Raster, bottom: Raster): Raster {
  const pixels = Buffer.alloc(bottom.pixels.length);
  for (let i = 0; i < pixels.length; i += 4) {
    const alpha = top.pixels[i + 3]! / 255;
    for (let c = 0; c < 4; c += 1)
      pixels[i + c] = Math.round(top.pixels[i + c]! + bottom.pixels[i + c]! * (1 - alpha));
  }
  return { ...bottom, pixels };
}

/** The share of pixels with a channel more than CHANNEL_TOLERANCE apart. */
function difference(a: Raster, b: Raster): number {
  let different = 0;
  for (let i = 0; i < a.pixels.length; i += 4) {
    for (let c = 0; c < 4; c += 1) {
      if (Math.abs(a.pixels[i + c]! - b.pixels[i + c]!) > CHANNEL_TOLERANCE) {
        different += 1;
        break;
      }
    }
  }
  return different / (a.width * a.height);
}

function opaquePixels(raster: Raster): number {
  let count = 0;
  for (let i = 3; i < raster.pixels.length; i += 4) if (raster.pixels[i]! > 0) count += 1;
  return count;
}

// Two layers nothing else is drawn over: the sale badge (a condition) and the rating (the item's value).
const LAYERS = ['SALE', 'RATING'];

describe('layer parts of one resolved template', () => {
  it('draws the ad again when the part with the layers is laid over the part without them', async () => {
    const [full, without, only] = await drawParts({}, [
      null,
      { withoutLayers: LAYERS },
      { onlyLayers: LAYERS },
    ]);
    expect(difference(over(only!, without!), full!)).toBeLessThanOrEqual(MAX_DIFFERENT);
    // Each part is really a part: the layers are missing from one and alone in the other.
    expect(difference(without!, full!)).toBeGreaterThan(0.01);
    expect(opaquePixels(only!)).toBeGreaterThan(0);
    expect(opaquePixels(only!)).toBeLessThan(0.1 * full!.width * full!.height);
  });

  it('keeps the whole template deciding a condition: a sale badge for an item not on sale stays out', async () => {
    const [full, without, only] = await drawParts({ is_sale: 'False' }, [
      null,
      { withoutLayers: ['SALE'] },
      { onlyLayers: ['SALE'] },
    ]);
    expect(opaquePixels(only!)).toBe(0);
    expect(difference(without!, full!)).toBe(0);
  });

  it('keeps a copy of the first image in a part of its own (the image needs come from the whole ad)', async () => {
    const [only] = await drawParts({}, [{ onlyLayers: ['MAIN_BLUR'] }]);
    // The blurred background covers the canvas.
    expect(opaquePixels(only!)).toBe(only!.width * only!.height);
  });
});
