import { SimpleGrid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorPanel } from './ErrorPanel.tsx';
import type { ViewMode } from './ViewToggle.tsx';

/** A list query's failure as ResultsView shows it, with 'Réessayer' refetching the list. */
export function retryableError(query: { error: Error | null; refetch: () => Promise<unknown> }) {
  return query.error ? { message: query.error.message, onRetry: () => void query.refetch() } : null;
}

/**
 * A list's results as cards (1 column, 2 from medium, 3 from large screens: spec 2 §2) or as a
 * table (the only view without `card`), dimmed while the next page loads; the failure of a later
 * fetch shows above the rows still on screen.
 */
export function ResultsView<T>({
  view,
  items,
  card,
  table,
  stale,
  busy,
  error,
}: {
  view: ViewMode;
  items: T[];
  card?: (item: T) => ReactNode;
  table: (items: T[]) => ReactNode;
  stale: boolean;
  busy: boolean;
  error?: { message: string; onRetry: () => void } | null;
}) {
  return (
    <Stack gap="md">
      {error && <ErrorPanel message={error.message} onRetry={error.onRetry} retrying={busy} />}
      <div style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={busy}>
        {view === 'grid' && card ? (
          <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="lg">
            {items.map(card)}
          </SimpleGrid>
        ) : (
          table(items)
        )}
      </div>
    </Stack>
  );
}
