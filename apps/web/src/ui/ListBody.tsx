import { Button } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthErrorPanel, isAuthFailure } from './AuthErrorPanel.tsx';
import { CardsSkeleton } from './CardsSkeleton.tsx';
import { EmptyPanel } from './EmptyPanel.tsx';
import { ErrorPanel } from './ErrorPanel.tsx';
import { ResultsView, retryableError } from './ResultsView.tsx';
import { TableSkeleton } from './TableSkeleton.tsx';
import type { ViewMode } from './ViewToggle.tsx';

export interface ListBodyProps<T> {
  query: UseQueryResult<{ items: T[] }>;
  view: ViewMode;
  /** The failure's title while nothing is on screen yet. */
  loadFailure: string;
  /** The skeleton's name for screen readers: 'Chargement des versements'. */
  loadingLabel: string;
  /** 'Réessayer': the list again (and what the page shows beside it). */
  onRetry: () => void;
  /** The empty state; `onClear` (when filters are on) adds its button, 'Réinitialiser les filtres' unless named. */
  empty: { icon: ReactNode; title: string; description: string; onClear?: () => void; clearLabel?: string };
  card?: (item: T) => ReactNode;
  table: (items: T[]) => ReactNode;
}

/**
 * The one body of a list screen, in order: its failure (the session's own panel when the session
 * is the cause) while nothing is on screen, a skeleton in the view's layout while it loads, its
 * empty state, else its rows as cards or a table (ResultsView).
 */
export function ListBody<T>({ query, view, loadFailure, loadingLabel, onRetry, empty, card, table }: ListBodyProps<T>) {
  const data = query.data;
  if (query.isError && !data) {
    return isAuthFailure(query.error) ? (
      <AuthErrorPanel message={query.error.message} onRetry={onRetry} retrying={query.isFetching} />
    ) : (
      <ErrorPanel title={loadFailure} message={query.error.message} onRetry={onRetry} retrying={query.isFetching} />
    );
  }
  if (!data) {
    return view === 'grid' ? <CardsSkeleton label={loadingLabel} count={3} /> : <TableSkeleton label={loadingLabel} />;
  }
  if (data.items.length === 0) {
    return (
      <EmptyPanel icon={empty.icon} title={empty.title} description={empty.description}>
        {empty.onClear && (
          <Button variant="light" onClick={empty.onClear}>
            {empty.clearLabel ?? 'Réinitialiser les filtres'}
          </Button>
        )}
      </EmptyPanel>
    );
  }
  return (
    <ResultsView
      view={view}
      items={data.items}
      card={card}
      table={table}
      stale={query.isPlaceholderData}
      busy={query.isFetching}
      error={retryableError(query)}
    />
  );
}
