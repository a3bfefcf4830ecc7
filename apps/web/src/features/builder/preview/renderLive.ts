// The live preview with the unsaved template needs the browser renderer's WebAssembly served by the app;
// until it is, the PREVIEW tab says so and the server preview of the saved version works.
export const renderLive = () =>
  Promise.reject(new Error('The live preview is not available yet; save to preview on the server.'));
