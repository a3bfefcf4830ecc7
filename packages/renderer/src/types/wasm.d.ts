/** esbuild's `file` loader (scripts/build-browser.ts): importing a .wasm file gives the URL of its copy. */
declare module '*.wasm' {
  const url: string;
  export default url;
}
