/**
 * The renderer package's browser renderer for the live preview (resvg as WebAssembly, the same engine and
 * fonts as generation on the server). Loaded with a dynamic import the first time a live preview draws,
 * so the renderer and its WebAssembly stay out of the app's first load.
 */
import { createBrowserRenderer } from '@adloom/renderer/browser';
import wasmUrl from '@resvg/resvg-wasm/index_bg.wasm?url';

/**
 * Catalogue fonts come from the app's own /assets/fonts/, as the server reads the same files. The builder
 * shows why a draw failed (the preview bar, the fields view) and draws again after the next edit, so a
 * failure is a warning in the console here, not an error: a canvas too big to draw while its size is being
 * typed is the user's work in progress, not a fault of the page.
 */
export const browserRenderer = createBrowserRenderer({
  wasmUrl,
  log: { error: (message) => console.warn(message), warn: (message) => console.warn(message) },
});
