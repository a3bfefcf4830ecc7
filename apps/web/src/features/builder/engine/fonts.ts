/**
 * Catalogue fonts for the canvas: the texts' families are loaded into the page (FontFace from the
 * platform's font assets, spec section 7) so that fabric measures and draws them as the renderer will.
 * A font that fails to load is only logged (spec section 8: 'Failed to load font face').
 */
import { fontAssetPath } from '@adloom/renderer';
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

const loads = new Map<string, Promise<boolean>>();

function loadFace(face: FontFaceKey): Promise<boolean> {
  // The weighted file first, then the family's file without a weight (spec section 7).
  const sources = [
    fontAssetPath(face.family, face.weight, face.italic),
    fontAssetPath(face.family, undefined, face.italic),
  ]
    .map((path) => `url("${path}")`)
    .join(', ');
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
 * section 5: 3000 ms when loading a template; Infinity waits for all), with the faces that loaded in time.
 */
export async function preloadFonts(
  faces: readonly FontFaceKey[],
  timeoutMs: number = BUILDER.fontPreloadTimeoutMs,
): Promise<FontFaceKey[]> {
  const pending = faces.map((face) => {
    const key = faceKey(face);
    let load = loads.get(key);
    if (!load) {
      load = loadFace(face);
      loads.set(key, load);
    }
    return load.then((ok) => (ok ? face : null));
  });
  // setTimeout fires at once for an infinite delay: wait for every face instead.
  if (!Number.isFinite(timeoutMs)) return (await Promise.all(pending)).filter((face) => face !== null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
  const loaded = await Promise.all(pending.map((load) => Promise.race([load, timeout])));
  clearTimeout(timer);
  return loaded.filter((face) => face !== null);
}
