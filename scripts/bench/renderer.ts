/**
 * The part of `@adloom/renderer/server` the render benchmark calls, loaded at run time rather than
 * imported, so the root typecheck (tsconfig.json includes scripts/) never compiles the renderer's
 * sources under the root's settings (at the time of writing they did not type-check there: no
 * opentype.js declarations, DOM stream types). The renderer type-checks in its own program; these few
 * signatures mirror src/server/render.ts, and a missing export fails at start-up.
 */

/** An image as a loader returns it (the renderer's LoadedImage). */
export interface LoadedImage {
  bytes: Uint8Array;
  width: number;
  height: number;
  format?: string;
}

/** Loads one image of a request (the renderer's ImageLoader). */
export type ImageLoader = (source: string, options: object) => Promise<LoadedImage>;

/** render()'s stages (the renderer's RenderStage). */
export type RenderStage = 'resolve' | 'images' | 'raster' | 'encode';

/** The options of render() and renderSvg() the benchmark uses. */
export interface BenchRenderOptions {
  format?: 'png' | 'jpeg' | 'webp';
  quality?: number;
  loadImage?: ImageLoader;
  onStage?: (stage: RenderStage, ms: number) => void;
}

/** The server renderer's entry points. */
export interface RendererServer {
  render(
    request: unknown,
    options?: BenchRenderOptions,
  ): Promise<{ bytes: Buffer; width: number; height: number }>;
  renderSvg(request: unknown, options?: BenchRenderOptions): Promise<{ svg: string }>;
  renderReferenceSvg(request: unknown, options?: BenchRenderOptions): Promise<string>;
}

/** A computed specifier, so the typecheck does not follow it into the renderer's sources. */
const SERVER_ENTRY: string = '@adloom/renderer/server';

/** Imports the server renderer and checks it has what the benchmark calls. */
export async function loadRenderer(): Promise<RendererServer> {
  const server = (await import(SERVER_ENTRY)) as Partial<RendererServer>;
  for (const name of ['render', 'renderSvg', 'renderReferenceSvg'] as const)
    if (typeof server[name] !== 'function')
      throw new Error(`${SERVER_ENTRY} no longer exports ${name}; update scripts/bench/renderer.ts`);
  return server as RendererServer;
}
