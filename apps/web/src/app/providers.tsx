import { Suspense, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { NuqsAdapter } from 'nuqs/adapters/react-router/v7';
import type { i18n } from 'i18next';
import { TooltipProvider } from '../components/ui/tooltip.tsx';
import { Toaster } from '../components/ui/toaster.tsx';
import { LoadingScreen } from './components/loading-screen.tsx';

type ProvidersProps = { queryClient: QueryClient; i18n: i18n; children: ReactNode };

/** Everything the screens rely on; it sits inside the router (nuqs reads the router's URL). */
export function Providers({ queryClient, i18n, children }: ProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <NuqsAdapter>
          <TooltipProvider>
            <Suspense fallback={<LoadingScreen />}>{children}</Suspense>
            <Toaster />
          </TooltipProvider>
        </NuqsAdapter>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
