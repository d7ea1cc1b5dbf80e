import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { i18nVersion } from './scripts/i18n-version.ts';
import { precompress } from './scripts/precompress.ts';

const api = 'http://localhost:3000';
/** Icons of the sign-in, password and public pages (see the `icons` chunk below). */
const GUEST_ICONS = /[\\/]icons[\\/](circle-alert|circle-exclamation-point|external-link|log-in|arrow-left|globe|languages)\.m?js$/;

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
    // The two grapesjs chunks below are larger than Vite's 500 kB warning, on purpose and on one
    // page only; the page budgets (scripts/bundle-budget.ts) watch what the other pages load.
    chunkSizeWarningLimit: 1300,
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
            // The icons of the signed-in screens in one chunk instead of one file of 200 bytes each (the
            // dashboard fetched some thirty, six at a time over HTTP/1.1). The few of the sign-in pages
            // stay apart, so that those pages do not download every icon (their budget catches a new one).
            {
              name: 'icons',
              test: (id: string) => /node_modules[\\/]lucide-react[\\/].*[\\/]icons[\\/]/.test(id) && !GUEST_ICONS.test(id),
              priority: 1,
            },
            // The e-mail model editor's libraries (issue 38), fetched side by side when it opens: grapesjs
            // (about 1.1 MB) and its MJML preset with mjml-browser (about 1.2 MB), no other page loads them.
            { name: 'grapesjs', test: /node_modules[\\/]grapesjs[\\/]dist[\\/]/, priority: 1 },
            { name: 'grapesjs-mjml', test: /node_modules[\\/]grapesjs-mjml[\\/]dist[\\/]/, priority: 1 },
            // The rest is split by the screens that use it (each route is a lazy chunk, see app/route-modules.ts).
          ],
        },
      },
    },
  },
});
