import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ViewMode } from './ViewToggle.tsx';

/** A list's results as cards (1 column, 2 from medium, 3 from large screens: spec 2 §2) or as a table, dimmed while the next page loads. */
export function ResultsView<T>({
  view,
  items,
  card,
  table,
  stale,
  busy,
}: {
  view: ViewMode;
  items: T[];
  card: (item: T) => ReactNode;
  table: (items: T[]) => ReactNode;
  stale: boolean;
  busy: boolean;
}) {
  return (
    <div style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={busy}>
      {view === 'grid' ? (
        <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="lg">
          {items.map(card)}
        </SimpleGrid>
      ) : (
        table(items)
      )}
    </div>
  );
}
