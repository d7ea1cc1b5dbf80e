import type { ReactNode } from 'react';
import { NuqsAdapter } from 'nuqs/adapters/react-router/v7';
import { TooltipProvider } from '../components/ui/tooltip.tsx';
import { Toaster } from '../components/ui/toaster.tsx';

/**
 * What the signed-in screens use and the sign-in page does not: query-string state (nuqs),
 * tooltips and toasts. Kept out of the providers of every page so that the login page does not
 * download them. It sits inside the router (nuqs reads the router's URL).
 */
export function ShellProviders({ children }: { children: ReactNode }) {
  return (
    <NuqsAdapter>
      <TooltipProvider>
        {children}
        <Toaster />
      </TooltipProvider>
    </NuqsAdapter>
  );
}
