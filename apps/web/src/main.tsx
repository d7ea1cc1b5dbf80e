import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createI18n } from './lib/i18n.ts';
import { createQueryClient } from './app/query-client.ts';
import { Providers } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { preloadScreen } from './app/route-modules.ts';
import { reloadOnStaleChunk } from './lib/reload-on-stale-chunk.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Our CSP has no 'unsafe-eval': zod's probe for compiling its parsers would be reported as a violation.
// zod reads its configuration from this global (zod/v4/core: config()), set here so that zod itself
// stays out of the first chunk.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
reloadOnStaleChunk();
const i18n = createI18n();
const queryClient = createQueryClient();
preloadScreen(window.location.pathname, i18n, queryClient);

// A transition lets React render the first screen in slices, without blocking the page for long.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <Providers queryClient={queryClient} i18n={i18n}>
          <AppRoutes />
        </Providers>
      </BrowserRouter>
    </StrictMode>,
  ),
);
