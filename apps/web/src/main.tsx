import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createI18n } from './lib/i18n.ts';
import { createQueryClient } from './app/query-client.ts';
import { Providers } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <Providers queryClient={createQueryClient()} i18n={createI18n()}>
        <AppRoutes />
      </Providers>
    </BrowserRouter>
  </StrictMode>,
);
