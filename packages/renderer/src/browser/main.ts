/**
 * The renderer page's bundle (dist/browser/, served at /renderer/): puts `render` and `renderOffscreen`
 * on `window` (api.ts) and starts loading the WebAssembly rasteriser. Fonts come from the origin that
 * serves this bundle, so the bundle also works when another page of that origin loads it.
 */
import wasmFile from '@resvg/resvg-wasm/index_bg.wasm';
import { createBrowserRenderer, exposeRenderer } from './api.js';

const renderer = createBrowserRenderer({
  wasmUrl: new URL(wasmFile, import.meta.url),
  assetsBase: import.meta.url,
});
exposeRenderer(window, renderer);
// Warm up; a failure here is reported by the first render, which tries again.
renderer.ready().catch(() => undefined);
window.dispatchEvent(new Event('adloom-renderer-ready'));
