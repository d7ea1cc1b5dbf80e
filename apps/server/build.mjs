// Bundles the server into dist/main.js and dist/cli.js. Workspace packages (@embauche/*) are
// TypeScript sources and get bundled in; every other dependency stays in node_modules.
// The CV text extraction process's script goes next to them as dist/text-extract.worker.mjs, where
// text-extract.ts (inlined in main.js and cli.js) looks for it.
import { build } from 'esbuild';

const common = {
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
};

await Promise.all([
  build({ ...common, entryPoints: ['src/main.ts', 'src/cli.ts'], outdir: 'dist' }),
  build({
    ...common,
    entryPoints: ['src/platform/storage/text-extract.worker.mjs'],
    outfile: 'dist/text-extract.worker.mjs',
  }),
  // The e-mail models' compiling thread, found the same way by mail-compile.ts.
  build({
    ...common,
    entryPoints: ['src/platform/mail/mail-compile.worker.mjs'],
    outfile: 'dist/mail-compile.worker.mjs',
  }),
  // The uploaded spreadsheets' reading thread, found the same way by spreadsheet-read.ts.
  build({
    ...common,
    entryPoints: ['src/platform/export/spreadsheet-read.worker.mjs'],
    outfile: 'dist/spreadsheet-read.worker.mjs',
  }),
]);
