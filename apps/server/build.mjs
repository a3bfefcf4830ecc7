// Bundles the server into dist/: npm packages stay external, the workspace's TypeScript packages are bundled in.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/main.ts', cli: 'src/cli.ts', worker: 'src/worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // main.js opens the database before it loads the rest (a second `npm start` is refused at once).
  splitting: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@adloom/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
console.log('server built to apps/server/dist/');
