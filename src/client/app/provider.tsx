import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { DirectionProvider } from '#client/components/direction-provider';
import { AppErrorFallback } from '#client/components/errors/app-error-fallback';
import { ErrorBoundary } from '#client/components/errors/error-boundary';
import { CookieBannerOnDemand } from '#client/features/cookies/components/cookie-banner-on-demand';
import { ToasterOnDemand } from '#client/components/ui/toaster-on-demand';
import { queryClient } from '#client/lib/query-client';

export interface AppProviderProps {
  children: ReactNode;
  /** The data cache (default: the page's one). */
  client?: QueryClient;
  /** The router (default: the browser's address; the build renders pages with a static one). */
  Router?: ComponentType<{ children: ReactNode }>;
}

/** Everything a screen may rely on: data cache, reading direction, router, toasts, the cookie banner, and a last-resort error screen. */
export function AppProvider({ children, client = queryClient, Router = BrowserRouter }: AppProviderProps) {
  return (
    <ErrorBoundary fallback={(reset, error) => <AppErrorFallback error={error} onRetry={reset} />}>
      <QueryClientProvider client={client}>
        <DirectionProvider>
          <Router>
            {children}
            <ToasterOnDemand />
            <CookieBannerOnDemand />
          </Router>
        </DirectionProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
