import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import type { ReactNode } from 'react';
import { httpStatusOf } from './errors.ts';
import { onSessionChange } from './session-change.ts';
import { trpc } from './trpc.ts';

/**
 * One cache and one client for the whole visit. Pages that talk to the server are wrapped in
 * <ApiProvider> by the route table, so the home page ships without tRPC and React Query.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change by asking again; a dropped connection on a slow network might.
      retry: (failureCount, error) => failureCount < 2 && (httpStatusOf(error) ?? 500) >= 500,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});

// Signing in or out on a page without this cache (the sign-in pages) still empties it.
onSessionChange(() => queryClient.removeQueries());

export const trpcClient = trpc.createClient({
  links: [
    httpBatchLink({
      url: '/trpc',
      // The server refuses cookie-authenticated mutations without this header (CSRF).
      headers: () => ({ 'x-sahay-csrf': '1' }),
      fetch: (input, init) => fetch(input, { ...(init as RequestInit), credentials: 'same-origin' }),
    }),
  ],
});

export function ApiProvider({ children }: { children: ReactNode }) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
