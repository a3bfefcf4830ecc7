/**
 * Text auto-fit on the canvas: a text with a fit rule is drawn at the size the renderer will draw its
 * template string at (the string as the canvas shows it). The size comes from the renderer's own
 * `fittedFontSize`, measured with the same font files the renderer loads (opentype.js, through
 * `loadTextFonts`), so the editor and the render never disagree on it. fabric.js then draws the text
 * at that size with the page's FontFace of the same family (engine/fonts.ts).
 *
 * A brand-kit font (a family outside the catalogue) is measured with its own file once its URL is known
 * (engine/fonts.ts setCustomFontUrls), passed to `loadTextFonts` as a custom font, as the ad's render
 * request passes the brand fonts; until then the renderer's fallback family stands in, and the text is
 * measured again when the file becomes known or changes.
 */
import type { CustomFont, FontSource, LoadedFace } from '@adloom/renderer';
import type { TextLayer } from '../model/index.js';
import { customFontUrlOf, onCustomFontUrlsChange } from './fonts.js';
import type * as TextMeasure from './text-measure.js';

/**
 * The renderer's text measuring (opentype.js and the fit rule, engine/text-measure.ts), loaded the first
 * time a text with auto-fit is measured: most templates have none, and it is most of the builder's code.
 */
let textMeasure: typeof TextMeasure | undefined;

/** The faces a text needs: its family, weight and style, for the characters it shows. */
export function fitFacesKey(layer: TextLayer): string {
  const characters = [...new Set(layer.text)].sort().join('');
  return `${layer.fontFamily}|${layer.fontWeight}|${layer.fontStyle}|${characters}`;
}

/** What a measurement's faces were loaded for: the text's family and that family's brand-kit file. */
interface FacesFor {
  family: string;
  url: string | undefined;
}

/**
 * Fitted sizes for the canvas: `sizeOf` answers at once when the text's faces are in, and otherwise
 * starts loading them and calls `onReady` when they arrive (the view then draws the text again).
 *
 * The faces of a brand-kit family are its file once the URL is known (engine/fonts.ts), else the
 * renderer's fallback. When the file becomes known or changes, the faces loaded for the old one are
 * dropped and `onReady` is called, so the view asks again and the text is measured with the new file;
 * meanwhile it keeps the size measured with the old faces rather than jumping to its own size.
 */
export class TextFitSizes {
  /** Faces by fitFacesKey and file. */
  private readonly faces = new Map<string, readonly LoadedFace[]>();
  private readonly loadedFor = new Map<string, FacesFor>();
  /** The faces last loaded for a fitFacesKey, whatever the file: the stand-in while a new file loads. */
  private readonly lastFaces = new Map<string, readonly LoadedFace[]>();
  private readonly pending = new Set<string>();
  private readonly stopFontFiles: () => void;
  private disposed = false;

  constructor(
    private readonly source: () => Promise<FontSource>,
    private readonly onReady: () => void,
  ) {
    this.stopFontFiles = onCustomFontUrlsChange(() => this.fontFilesChanged());
  }

  /** The size to draw the text at: its fontSize without a fit; undefined while its faces first load. */
  sizeOf(layer: TextLayer): number | undefined {
    if (layer.fit === null) return layer.fontSize;
    const facesKey = fitFacesKey(layer);
    const url = customFontUrlOf(layer.fontFamily);
    const key = `${facesKey}|${url ?? ''}`;
    const faces = this.faces.get(key);
    if (faces && textMeasure) return textMeasure.fitSizeOf(layer, faces);
    if (!this.pending.has(key)) void this.load(key, layer, url);
    const standIn = this.lastFaces.get(facesKey);
    return standIn && textMeasure ? textMeasure.fitSizeOf(layer, standIn) : undefined;
  }

  /** Stops calling onReady and listening for brand-font files. */
  dispose(): void {
    this.disposed = true;
    this.stopFontFiles();
  }

  /** Drops the faces loaded for a family's old file (or fallback); the view then asks again. */
  private fontFilesChanged(): void {
    let stale = false;
    for (const [key, { family, url }] of this.loadedFor) {
      if (customFontUrlOf(family) === url) continue;
      stale = true;
      this.loadedFor.delete(key);
      this.faces.delete(key);
    }
    if (stale && !this.disposed) this.onReady();
  }

  /** Loads the text's faces: with a known brand-kit file (`url`), the render request's custom font. */
  private async load(key: string, layer: TextLayer, url: string | undefined): Promise<void> {
    this.pending.add(key);
    const customFonts: CustomFont[] = url === undefined ? [] : [{ family: layer.fontFamily, url }];
    let loaded: readonly LoadedFace[] = [];
    try {
      textMeasure ??= await import('./text-measure.js');
      const [faces] = await textMeasure.loadTextFonts(
        [
          {
            request: {
              family: layer.fontFamily,
              weight: layer.fontWeight,
              italic: layer.fontStyle === 'italic',
            },
            characters: layer.text,
          },
        ],
        { source: await this.source(), customFonts, warn: (message) => console.warn(message) },
      );
      loaded = faces ?? [];
      if (loaded.length > 0) this.lastFaces.set(fitFacesKey(layer), loaded);
    } catch (error) {
      // Like a canvas font that fails (spec section 8): logged, and the text keeps its own size.
      console.warn('Failed to load font face', key, error);
    } finally {
      this.pending.delete(key);
    }
    // Kept unless the family's file changed while loading (then the view asks again, for the new file).
    if (customFontUrlOf(layer.fontFamily) === url) {
      this.faces.set(key, loaded);
      this.loadedFor.set(key, { family: layer.fontFamily, url });
    }
    if (!this.disposed) this.onReady();
  }
}

/** The browser's font source: the platform's catalogue fonts, fetched as the renderer fetches them. */
export async function browserFontSource(): Promise<FontSource> {
  const { fetchFontSource } = await import('@adloom/renderer/browser');
  return fetchFontSource();
}
