/**
 * Catalogue fonts for the canvas: the texts' families are loaded into the page (FontFace from the
 * platform's font assets, spec section 7) so that fabric measures and draws them as the renderer will.
 * Brand-kit fonts load from their file URL once it is known (setCustomFontUrls), as the renderer loads a
 * request's custom fonts. A font that fails to load is only logged (spec section 8: 'Failed to load font face').
 */
import { findFontFamily, fontAssetPath } from '@adloom/renderer/fonts';
import { BUILDER } from '@adloom/template';
import { allLayers, type BuilderModel } from '../model/index.js';

/** One face a text uses. */
export interface FontFaceKey {
  family: string;
  weight: number;
  italic: boolean;
}

/** The faces the model's texts use, each once. */
export function fontFacesOf(model: BuilderModel): FontFaceKey[] {
  const faces = new Map<string, FontFaceKey>();
  for (const layer of allLayers(model.layers)) {
    if (layer.kind !== 'text') continue;
    const face = { family: layer.fontFamily, weight: layer.fontWeight, italic: layer.fontStyle === 'italic' };
    faces.set(faceKey(face), face);
  }
  return [...faces.values()];
}

export function faceKey(face: FontFaceKey): string {
  return `${face.family}|${face.weight}|${face.italic ? 'italic' : 'normal'}`;
}

/** Files of the families outside the catalogue (brand-kit fonts), by family name in lower case. */
const customFontUrls = new Map<string, string>();
const customFontListeners = new Set<() => void>();

/**
 * Where the families outside the catalogue (the client's brand-kit fonts) load from. Listeners hear of a
 * change, so that texts whose family's file just became known are loaded and drawn again.
 */
export function setCustomFontUrls(fonts: readonly { family: string; url: string }[]): void {
  const next = new Map(fonts.map((font) => [font.family.toLowerCase(), font.url]));
  const same =
    next.size === customFontUrls.size &&
    [...next].every(([family, url]) => customFontUrls.get(family) === url);
  if (same) return;
  customFontUrls.clear();
  for (const [family, url] of next) customFontUrls.set(family, url);
  for (const listener of [...customFontListeners]) listener();
}

/** Calls `listener` after the custom font files change; returns the unsubscribe function. */
export function onCustomFontUrlsChange(listener: () => void): () => void {
  customFontListeners.add(listener);
  return () => customFontListeners.delete(listener);
}

/** The file of a family outside the catalogue (a brand-kit font), matched ignoring case; undefined until known. */
export function customFontUrlOf(family: string): string | undefined {
  return customFontUrls.get(family.toLowerCase());
}

/** A face and the file it loads from: the same face is loaded again once its family's file changes. */
export function faceSourceKey(face: FontFaceKey): string {
  return `${faceKey(face)}|${customFontUrlOf(face.family) ?? ''}`;
}

/** The CSS sources of a face; undefined for a family with no file (not in the catalogue, no URL yet). */
function faceSources(face: FontFaceKey): string | undefined {
  // A brand font is one file, drawn as it is at every weight and style, as the renderer draws it.
  const custom = customFontUrlOf(face.family);
  if (custom !== undefined) return `url("${custom}")`;
  if (!findFontFamily(face.family)) return undefined;
  // The weighted file first, then the family's file without a weight (spec section 7).
  return [
    fontAssetPath(face.family, face.weight, face.italic),
    fontAssetPath(face.family, undefined, face.italic),
  ]
    .map((path) => `url("${path}")`)
    .join(', ');
}

const loads = new Map<string, Promise<boolean>>();

function loadFace(face: FontFaceKey, sources: string): Promise<boolean> {
  const fontFace = new FontFace(face.family, sources, {
    weight: String(face.weight),
    style: face.italic ? 'italic' : 'normal',
  });
  return fontFace.load().then(
    (loaded) => {
      document.fonts.add(loaded);
      return true;
    },
    (error: unknown) => {
      console.warn('Failed to load font face', faceKey(face), error);
      return false;
    },
  );
}

/**
 * Loads the faces (each once per page) and resolves when they are in, or after the time-out (spec
 * section 5: 3000 ms when loading a template, 10000 ms otherwise; Infinity waits for all), with the faces
 * that loaded in time. A face still loading at the time-out is only logged (spec section 8: a font preload
 * failure is only logged); its load goes on, and asking again later gets it.
 */
export async function preloadFonts(
  faces: readonly FontFaceKey[],
  timeoutMs: number = BUILDER.defaultFontPreloadTimeoutMs,
): Promise<FontFaceKey[]> {
  const pending = faces.map((face) => {
    const key = faceSourceKey(face);
    let load = loads.get(key);
    if (!load) {
      const sources = faceSources(face);
      // Not kept: once the family's file is known, the face is loaded from it.
      if (sources === undefined) return Promise.resolve(null);
      load = loadFace(face, sources);
      loads.set(key, load);
    }
    return load.then((ok) => (ok ? face : null));
  });
  // setTimeout fires at once for an infinite delay: wait for every face instead.
  if (!Number.isFinite(timeoutMs)) return (await Promise.all(pending)).filter((face) => face !== null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timed out'>(
    (resolve) => (timer = setTimeout(() => resolve('timed out'), timeoutMs)),
  );
  const loaded = await Promise.all(pending.map((load) => Promise.race([load, timeout])));
  clearTimeout(timer);
  loaded.forEach((result, index) => {
    if (result === 'timed out')
      console.warn('Font preload timed out', faceKey(faces[index]!), `${timeoutMs} ms`);
  });
  return loaded.filter((face): face is FontFaceKey => face !== null && face !== 'timed out');
}
