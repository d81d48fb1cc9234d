import '../ui/mantine-styles.ts';
import './a11y.css';
import './print.css';
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastStack } from '../ui/toasts/ToastStack.tsx';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme.ts';

/**
 * Theme, data cache and the toast stack. The router is added by the caller (browser or memory).
 * The colour scheme is the account's preference (light, dark, or the system's: 'auto'), remembered
 * in this browser so that the first paint, the login page's too, already has it.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <QueryClientProvider client={queryClient}>
        {children}
        <ToastStack />
      </QueryClientProvider>
    </MantineProvider>
  );
}
