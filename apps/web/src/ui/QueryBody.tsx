import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorPanel } from './ErrorPanel.tsx';
import { TableSkeleton } from './TableSkeleton.tsx';

/**
 * What a panel fed by one query shows, in order: its failure with 'Réessayer' while nothing is on
 * screen yet, a skeleton while it loads, its empty state, else its content, dimmed while the next
 * answer comes (a later failure leaves the last content on screen).
 */
export function QueryBody<T>({
  query,
  errorTitle,
  loadingLabel,
  rows = 5,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  errorTitle: string;
  loadingLabel: string;
  rows?: number;
  /** The empty state, when the answer has nothing to show. */
  empty?: { when: (data: T) => boolean; panel: ReactNode };
  children: (data: T) => ReactNode;
}) {
  const data = query.data;
  if (query.isError && data === undefined) {
    return (
      <ErrorPanel
        title={errorTitle}
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (data === undefined) return <TableSkeleton label={loadingLabel} rows={rows} />;
  if (empty?.when(data)) return empty.panel;
  return (
    <div style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }} aria-busy={query.isFetching}>
      {children(data)}
    </div>
  );
}
