import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { theme } from '../app/theme.ts';
import { invalidatingMutationCache } from '../data/invalidation.ts';

export function testQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: invalidatingMutationCache(),
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } },
  });
}

/** Renders inside the app's providers (Mantine in test mode: no transitions, no portals) and a memory router. */
export function renderWithProviders(
  ui: ReactNode,
  { route = '/', queryClient = testQueryClient() }: { route?: string; queryClient?: QueryClient } = {},
): RenderResult & { user: ReturnType<typeof userEvent.setup>; queryClient: QueryClient } {
  // No timer between two keys: typing waits for nothing but React's own work.
  const user = userEvent.setup({ delay: null });
  const result = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, user, queryClient };
}
