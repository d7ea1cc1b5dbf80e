// Bundles the server into dist/main.js and dist/cli.js. Workspace packages (@embauche/*) are
// TypeScript sources and get bundled in; every other dependency stays in node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-dependencies',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@embauche/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
