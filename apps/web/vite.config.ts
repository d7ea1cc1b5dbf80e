import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { i18nVersion } from './scripts/i18n-version.ts';
import { precompress } from './scripts/precompress.ts';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  define: {
    'import.meta.env.VITE_I18N_VERSION': JSON.stringify(i18nVersion(new URL('./public/i18n', import.meta.url).pathname)),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/.well-known': { target: api, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: what each screen's chunk imports, read by the bundle budget check.
    manifest: true,
    // Every browser we support preloads modules natively.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React changes less often than the app and every page needs it: its own long-cached chunk.
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 2 },
            // What every page runs before its screen (providers, router, i18n, queries): one chunk, not a dozen small ones.
            { name: 'app', tags: ['$initial'], priority: 1 },
            // The rest is split by the screens that use it (each route is a lazy chunk, see app/route-modules.ts).
          ],
        },
      },
    },
  },
});
