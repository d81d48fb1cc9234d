import '../ui/mantine-styles.ts';
import './a11y.css';
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastStack } from '../ui/toasts/ToastStack.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/** Theme, data cache and the toast stack. The router is added by the caller (browser or memory). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {children}
        <ToastStack />
      </QueryClientProvider>
    </MantineProvider>
  );
}
