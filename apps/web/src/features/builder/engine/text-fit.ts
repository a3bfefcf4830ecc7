/**
 * Text auto-fit on the canvas: a text with a fit rule is drawn at the size the renderer will draw its
 * template string at (the string as the canvas shows it). The size comes from the renderer's own
 * `fittedFontSize`, measured with the same font files the renderer loads (opentype.js, through
 * `loadTextFonts`), so the editor and the render never disagree on it. fabric.js then draws the text
 * at that size with the page's FontFace of the same family (engine/fonts.ts).
 */
import { fittedFontSize, loadTextFonts, type FontSource, type LoadedFace } from '@adloom/renderer';
import type { TextLayer } from '../model/index.js';

/** The size the renderer draws the layer's template string at, measured with `faces`; fontSize without a fit. */
export function fitSizeOf(layer: TextLayer, faces: readonly LoadedFace[]): number {
  if (layer.fit === null) return layer.fontSize;
  return fittedFontSize(
    [{ text: layer.text, superscript: false }],
    { width: layer.width, height: layer.fit.height },
    { size: layer.fontSize, lineHeight: layer.lineHeight, minSize: layer.fit.minFontSize },
    faces,
  );
}

/** The faces a text needs: its family, weight and style, for the characters it shows. */
export function fitFacesKey(layer: TextLayer): string {
  const characters = [...new Set(layer.text)].sort().join('');
  return `${layer.fontFamily}|${layer.fontWeight}|${layer.fontStyle}|${characters}`;
}

/**
 * Fitted sizes for the canvas: `sizeOf` answers at once when the text's faces are in, and otherwise
 * starts loading them and calls `onReady` when they arrive (the view then draws the text again).
 */
export class TextFitSizes {
  private readonly faces = new Map<string, readonly LoadedFace[]>();
  private readonly pending = new Set<string>();
  private disposed = false;

  constructor(
    private readonly source: () => Promise<FontSource>,
    private readonly onReady: () => void,
  ) {}

  /** The size to draw the text at: its fontSize without a fit; undefined while its faces load. */
  sizeOf(layer: TextLayer): number | undefined {
    if (layer.fit === null) return layer.fontSize;
    const key = fitFacesKey(layer);
    const faces = this.faces.get(key);
    if (faces) return fitSizeOf(layer, faces);
    if (!this.pending.has(key)) void this.load(key, layer);
    return undefined;
  }

  /** Stops calling onReady. */
  dispose(): void {
    this.disposed = true;
  }

  private async load(key: string, layer: TextLayer): Promise<void> {
    this.pending.add(key);
    try {
      const [faces] = await loadTextFonts(
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
        { source: await this.source(), customFonts: [], warn: (message) => console.warn(message) },
      );
      this.faces.set(key, faces ?? []);
    } catch (error) {
      // Like a canvas font that fails (spec section 8): logged, and the text keeps its own size.
      console.warn('Failed to load font face', key, error);
      this.faces.set(key, []);
    } finally {
      this.pending.delete(key);
    }
    if (!this.disposed) this.onReady();
  }
}

/** The browser's font source: the platform's catalogue fonts, fetched as the renderer fetches them. */
export async function browserFontSource(): Promise<FontSource> {
  const { fetchFontSource } = await import('@adloom/renderer/browser');
  return fetchFontSource();
}
