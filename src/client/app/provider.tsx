import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { AppErrorFallback } from '#client/components/errors/app-error-fallback';
import { ErrorBoundary } from '#client/components/errors/error-boundary';
import { CookieBannerOnDemand } from '#client/features/cookies/components/cookie-banner-on-demand';
import { ToasterOnDemand } from '#client/components/ui/toaster-on-demand';
import { queryClient } from '#client/lib/query-client';

/** Everything a screen may rely on: data cache, router, toasts, the cookie banner, and a last-resort error screen. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={(reset, error) => <AppErrorFallback error={error} onRetry={reset} />}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          {children}
          <ToasterOnDemand />
          <CookieBannerOnDemand />
        </BrowserRouter>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
