import { Group, Pagination, Text } from '@mantine/core';

/** At most five page numbers, centred on the current page (spec 2 §9). */
export function pageWindow(page: number, totalPages: number, size = 5): number[] {
  const count = Math.min(size, Math.max(totalPages, 1));
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), Math.max(1, totalPages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

export interface PagerProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** The line under the buttons, from pageSummary ('Page 2 sur 5 – 93 produits au total'). */
  summary?: string;
  disabled?: boolean;
}

/** Previous, up to five page buttons, next; and the summary line. */
export function Pager({ page, totalPages, onChange, summary, disabled }: PagerProps) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      {summary ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          {summary}
        </Text>
      ) : (
        <span />
      )}
      {totalPages > 1 && (
        <Pagination.Root total={totalPages} value={page} onChange={onChange} disabled={disabled}>
          <Group gap={6} component="nav" aria-label="Pagination" wrap="nowrap">
            <Pagination.Previous aria-label="Page précédente" />
            {pageWindow(page, totalPages).map((n) => (
              <Pagination.Control
                key={n}
                active={n === page}
                aria-label={`Page ${n}`}
                aria-current={n === page ? 'page' : undefined}
                onClick={() => onChange(n)}
              >
                {n}
              </Pagination.Control>
            ))}
            <Pagination.Next aria-label="Page suivante" />
          </Group>
        </Pagination.Root>
      )}
    </Group>
  );
}
