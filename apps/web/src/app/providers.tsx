import { Suspense, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import { LoadingScreen } from './components/loading-screen.tsx';

type ProvidersProps = { queryClient: QueryClient; i18n: i18n; children: ReactNode };

/**
 * What every page relies on. The signed-in shell adds its own (ShellProviders, in MainLayout), so
 * that the login page loads no more than it needs.
 */
export function Providers({ queryClient, i18n, children }: ProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<LoadingScreen />}>{children}</Suspense>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
